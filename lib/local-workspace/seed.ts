import {
  ACME_WORKSPACE_ID,
  DEFAULT_WORKSPACE_ID,
  LOCAL_ACME_API_KEY,
  LOCAL_DEMO_API_KEY,
  LOCAL_EXPIRED_API_KEY,
  LOCAL_REVOKED_API_KEY,
  hashKey,
} from "./keys";
import { imagePath } from "./images";
import { getMeta, setMeta, wipe, type Db } from "./store";

/**
 * Demo content. Ids are fixed so tests and screenshots are stable; publication dates are
 * relative to "now" so a fresh clone always shows a recent-looking blog.
 */

export const DEMO_BLOG_NAME = "The Masthead Journal";
export const ACME_BLOG_NAME = "Acme Field Notes";
export const ROLES = ["Admin", "Standard"] as const;
export const DEMO_KEY_NAME = "Local demo key (LOCAL_WORKSPACE_API_KEY)";
export const MAX_SYNTHETIC = 10_000;

const SEED_VERSION = "1";
const DAY_MS = 86_400_000;

type SeedMember = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  time_zone: string;
  role: "Admin" | "Standard";
  active: boolean;
  avatar: boolean;
};

/** Exported so tests can assert against the seed without copying it. */
export const DEMO_MEMBERS: readonly SeedMember[] = [
  {
    id: "6f1c9a52-8d3b-4e7a-9c10-000000000001",
    email: "admin@example.com",
    first_name: "Ada",
    last_name: "Admin",
    time_zone: "Europe/London",
    role: "Admin",
    active: true,
    avatar: true,
  },
  {
    id: "6f1c9a52-8d3b-4e7a-9c10-000000000002",
    email: "grace.okafor@example.com",
    first_name: "Grace",
    last_name: "Okafor",
    time_zone: "America/New_York",
    role: "Admin",
    active: true,
    avatar: true,
  },
  {
    id: "6f1c9a52-8d3b-4e7a-9c10-000000000003",
    email: "linus.berg@example.com",
    first_name: "Linus",
    last_name: "Berg",
    time_zone: "Europe/Stockholm",
    role: "Standard",
    active: true,
    avatar: true,
  },
  {
    id: "6f1c9a52-8d3b-4e7a-9c10-000000000004",
    email: "mei.tanaka@example.com",
    first_name: "Mei",
    last_name: "Tanaka",
    time_zone: "Asia/Tokyo",
    role: "Standard",
    active: true,
    avatar: true,
  },
  {
    id: "6f1c9a52-8d3b-4e7a-9c10-000000000005",
    email: "rafael.souza@example.com",
    first_name: "Rafael",
    last_name: "Souza",
    time_zone: "America/Sao_Paulo",
    role: "Standard",
    active: true,
    avatar: false,
  },
  {
    id: "6f1c9a52-8d3b-4e7a-9c10-000000000006",
    email: "priya.nair@example.com",
    first_name: "Priya",
    last_name: "Nair",
    time_zone: "Asia/Kolkata",
    role: "Standard",
    active: true,
    avatar: true,
  },
  {
    id: "6f1c9a52-8d3b-4e7a-9c10-000000000007",
    email: "tom.becker@example.com",
    first_name: "Tom",
    last_name: "Becker",
    time_zone: "Europe/Berlin",
    role: "Standard",
    active: false,
    avatar: false,
  },
  {
    id: "6f1c9a52-8d3b-4e7a-9c10-000000000008",
    email: "zoe.martin@example.com",
    first_name: "Zoe",
    last_name: "Martin",
    time_zone: "Australia/Sydney",
    role: "Standard",
    active: true,
    avatar: false,
  },
];

const ACME_MEMBERS: readonly SeedMember[] = [
  {
    id: "a0c3e7d1-5b2f-4c8e-9a61-000000000001",
    email: "amelia@acme.example",
    first_name: "Amelia",
    last_name: "Stone",
    time_zone: "America/Chicago",
    role: "Admin",
    active: true,
    avatar: true,
  },
  {
    id: "a0c3e7d1-5b2f-4c8e-9a61-000000000002",
    email: "bob@acme.example",
    first_name: "Bob",
    last_name: "Rivera",
    time_zone: "America/Denver",
    role: "Standard",
    active: true,
    avatar: false,
  },
];

type SeedAuthor = { id: string; name: string; email: string };
const author = (m: SeedMember): SeedAuthor => ({
  id: m.id,
  name: `${m.first_name} ${m.last_name}`,
  email: m.email,
});
// Authors reuse member ids: a post's author is a member of the team that wrote it.
const [ADA, GRACE, LINUS, MEI, RAFAEL, PRIYA] = DEMO_MEMBERS.map(author) as [
  SeedAuthor,
  SeedAuthor,
  SeedAuthor,
  SeedAuthor,
  SeedAuthor,
  SeedAuthor,
];
const AMELIA = author(ACME_MEMBERS[0]!);

type SeedPost = {
  slug: string;
  title: string;
  daysAgo: number;
  authors: SeedAuthor[];
  meta_description: string;
  keywords: string[];
  thumbnail?: boolean;
};

export const DEMO_POSTS: readonly SeedPost[] = [
  {
    slug: "shipping-a-static-blog-that-feels-live",
    title: "Shipping a Static Blog That Still Feels Live",
    daysAgo: 3,
    authors: [LINUS, MEI],
    meta_description:
      "How we pre-render every page and still publish in seconds. Incremental regeneration, cache tags and a little patience.",
    keywords: ["Engineering", "Performance", "Writing"],
  },
  {
    slug: "what-we-learned-from-a-year-of-remote-work",
    title: "What We Learned From a Year of Remote Work",
    daysAgo: 9,
    authors: [GRACE],
    meta_description:
      "Twelve months, nine time zones and one shared calendar. The habits that stuck and the ones we dropped.",
    keywords: ["Remote Work", "Culture"],
  },
  {
    slug: "designing-forms-people-can-finish",
    title: "Designing Forms People Can Finish",
    daysAgo: 16,
    authors: [MEI],
    meta_description:
      "Labels, errors and focus order decide whether a form gets completed. A checklist we use on every screen.",
    keywords: ["UX & Design", "Accessibility"],
  },
  {
    slug: "the-quiet-power-of-async-standups",
    title: "The Quiet Power of Async Standups",
    daysAgo: 24,
    authors: [RAFAEL, GRACE],
    meta_description:
      "We replaced the daily call with a written update. Meetings dropped by a third and nobody misses them.",
    keywords: ["Remote Work", "Culture", "Product"],
  },
  {
    slug: "profiling-a-cpp-service-in-production",
    title: "Profiling a C++ Service in Production",
    daysAgo: 31,
    authors: [LINUS],
    meta_description:
      "Sampling profilers, flame graphs and the one allocation that cost us 40% of our latency budget.",
    keywords: ["C++", "Performance", "Engineering"],
  },
  {
    slug: "writing-release-notes-people-read",
    title: "Writing Release Notes People Actually Read",
    daysAgo: 40,
    authors: [PRIYA],
    meta_description:
      "Lead with the change a reader will notice. Our template for release notes that earn a click.",
    keywords: ["Writing", "Product"],
    thumbnail: false,
  },
  {
    slug: "colour-contrast-is-not-optional",
    title: "Colour Contrast Is Not Optional",
    daysAgo: 47,
    authors: [MEI],
    meta_description:
      "Why we test every palette against WCAG AA before it ships, and the tools that make it painless.",
    keywords: ["Accessibility", "UX & Design"],
  },
  {
    slug: "how-we-run-design-critiques",
    title: "How We Run Design Critiques",
    daysAgo: 58,
    authors: [PRIYA, MEI],
    meta_description: "A thirty-minute format that keeps feedback specific, kind and actionable.",
    keywords: ["UX & Design", "Culture"],
  },
  {
    slug: "onboarding-engineers-in-their-first-week",
    title: "Onboarding Engineers in Their First Week",
    daysAgo: 66,
    authors: [GRACE],
    meta_description:
      "A first pull request on day one and a buddy for the first month. Our onboarding plan, shared in full.",
    keywords: ["Hiring", "Culture", "Remote Work"],
  },
  {
    slug: "a-field-guide-to-feature-flags",
    title: "A Field Guide to Feature Flags",
    daysAgo: 75,
    authors: [RAFAEL],
    meta_description:
      "Release flags, experiment flags and kill switches each deserve different rules. Here are ours.",
    keywords: ["Engineering", "Product"],
  },
  {
    slug: "caching-without-tears",
    title: "Caching Without Tears",
    daysAgo: 83,
    authors: [LINUS, RAFAEL],
    meta_description: "Stale-while-revalidate, cache keys and the art of invalidating exactly what changed.",
    keywords: ["Performance", "Engineering"],
  },
  {
    slug: "interviewing-for-kindness-and-craft",
    title: "Interviewing for Kindness and Craft",
    daysAgo: 95,
    authors: [GRACE, ADA],
    meta_description:
      "Structured interviews that measure how people work with others, not just what they know.",
    keywords: ["Hiring", "Culture"],
    thumbnail: false,
  },
  {
    slug: "measuring-what-readers-actually-read",
    title: "Measuring What Readers Actually Read",
    daysAgo: 104,
    authors: [PRIYA],
    meta_description: "Scroll depth lies and page views flatter. The three reading metrics we trust.",
    keywords: ["Product", "Writing"],
  },
  {
    slug: "open-sourcing-our-style-guide",
    title: "Open-Sourcing Our Style Guide",
    daysAgo: 118,
    authors: [MEI],
    meta_description: "Our writing and design style guide is now public. What is in it and why we shared it.",
    keywords: ["Open Source", "Writing", "UX & Design"],
  },
  {
    slug: "time-zones-are-a-team-sport",
    title: "Time Zones Are a Team Sport",
    daysAgo: 131,
    authors: [RAFAEL],
    meta_description:
      "Store UTC, show local, and never schedule a meeting in someone's night. Lessons from a global team.",
    keywords: ["Remote Work", "Engineering"],
  },
  {
    slug: "memory-safety-lessons-from-modern-cpp",
    title: "Memory Safety Lessons From Modern C++",
    daysAgo: 150,
    authors: [LINUS, ADA],
    meta_description: "Smart pointers, spans and sanitizers moved most of our crashes to compile time.",
    keywords: ["C++", "Engineering", "Open Source"],
  },
];

const ACME_POSTS: readonly SeedPost[] = [
  {
    slug: "welcome-to-acme-field-notes",
    title: "Welcome to Acme Field Notes",
    daysAgo: 5,
    authors: [AMELIA],
    meta_description: "Notes from the field team at Acme.",
    keywords: ["News"],
  },
  {
    slug: "testing-rockets-safely",
    title: "Testing Rockets Safely",
    daysAgo: 20,
    authors: [AMELIA],
    meta_description: "Our test range rules, explained.",
    keywords: ["Engineering", "Safety"],
  },
  {
    slug: "the-anvil-supply-chain",
    title: "The Anvil Supply Chain",
    daysAgo: 45,
    authors: [AMELIA],
    meta_description: "Where our anvils come from.",
    keywords: ["Operations"],
  },
];

function nowIso(now: Date): string {
  return now.toISOString();
}

/** 09:00 UTC `daysAgo` days before `now`: recent but deterministic within a day. */
function publicationDate(now: Date, daysAgo: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 9, 0, 0));
  return new Date(d.getTime() - daysAgo * DAY_MS).toISOString();
}

function insertWorkspace(db: Db, id: string, blogName: string, isDefault: boolean, now: Date): void {
  db.prepare("INSERT INTO workspaces (id, blog_name, is_default, created_at) VALUES (?, ?, ?, ?)").run(
    id,
    blogName,
    isDefault ? 1 : 0,
    nowIso(now),
  );
  for (const role of ROLES) db.prepare("INSERT INTO roles (workspace_id, name) VALUES (?, ?)").run(id, role);
}

export function insertKey(
  db: Db,
  workspaceId: string,
  name: string,
  key: string,
  now: Date,
  opts: { expiresAt?: string | null; revokedAt?: string | null } = {},
): void {
  db.prepare(
    "INSERT INTO api_keys (workspace_id, name, key_hash, key_hint, expires_at, revoked_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  ).run(
    workspaceId,
    name,
    hashKey(key),
    key.slice(0, 10),
    opts.expiresAt ?? null,
    opts.revokedAt ?? null,
    nowIso(now),
  );
}

function nextSeq(db: Db): number {
  const row = db.prepare("SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM members").get() as { next: number };
  return row.next;
}

function insertMembers(db: Db, workspaceId: string, members: readonly SeedMember[], now: Date): void {
  const stmt = db.prepare(
    `INSERT INTO members (id, workspace_id, seq, email, first_name, last_name, time_zone, profile_image_url, active, organization_role, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let seq = nextSeq(db);
  for (const m of members) {
    // Stored origin-relative; responses prefix the origin the request came in on.
    const avatar = m.avatar ? imagePath("avatars", m.id) : null;
    stmt.run(
      m.id,
      workspaceId,
      seq++,
      m.email,
      m.first_name,
      m.last_name,
      m.time_zone,
      avatar,
      m.active ? 1 : 0,
      m.role,
      nowIso(now),
      nowIso(now),
    );
  }
}

function insertPosts(db: Db, workspaceId: string, posts: readonly SeedPost[], now: Date): void {
  const authorStmt = db.prepare(
    "INSERT OR IGNORE INTO authors (id, workspace_id, name, email) VALUES (?, ?, ?, ?)",
  );
  const postStmt = db.prepare(
    `INSERT INTO posts (workspace_id, slug, title, publication_date, page_title, meta_description, keywords, has_thumbnail)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const linkStmt = db.prepare("INSERT INTO post_authors (post_id, author_id, position) VALUES (?, ?, ?)");
  for (const p of posts) {
    const blogName = workspaceId === DEFAULT_WORKSPACE_ID ? DEMO_BLOG_NAME : ACME_BLOG_NAME;
    const info = postStmt.run(
      workspaceId,
      p.slug,
      p.title,
      publicationDate(now, p.daysAgo),
      `${p.title} | ${blogName}`,
      p.meta_description,
      JSON.stringify(p.keywords),
      p.thumbnail === false ? 0 : 1,
    );
    p.authors.forEach((a, i) => {
      authorStmt.run(a.id, workspaceId, a.name, a.email);
      linkStmt.run(info.lastInsertRowid, a.id, i);
    });
  }
}

/**
 * The configured demo key may change between runs (LOCAL_WORKSPACE_API_KEY): keep exactly one
 * row for it so the previous value stops working.
 */
export function ensureDemoKey(db: Db, apiKey: string, now: Date): void {
  const hash = hashKey(apiKey);
  const existing = db
    .prepare("SELECT id, key_hash FROM api_keys WHERE workspace_id = ? AND name = ?")
    .get(DEFAULT_WORKSPACE_ID, DEMO_KEY_NAME) as { id: number; key_hash: string } | undefined;
  if (existing?.key_hash === hash) return;
  db.transaction(() => {
    if (existing) db.prepare("DELETE FROM api_keys WHERE id = ?").run(existing.id);
    // Another row could hold the same key (e.g. configured to the acme key): that is a config error.
    const clash = db.prepare("SELECT workspace_id FROM api_keys WHERE key_hash = ?").get(hash) as
      { workspace_id: string } | undefined;
    if (clash)
      throw new Error("The configured local workspace API key is already used by another seeded key");
    insertKey(db, DEFAULT_WORKSPACE_ID, DEMO_KEY_NAME, apiKey, now);
  })();
}

/** Seeds the demo and acme workspaces once; a no-op when the store is already seeded. */
export function seedDemo(db: Db, opts: { apiKey?: string; now?: Date } = {}): void {
  const now = opts.now ?? new Date();
  const apiKey = opts.apiKey ?? LOCAL_DEMO_API_KEY;
  if (getMeta(db, "seed_version")) {
    ensureDemoKey(db, apiKey, now);
    return;
  }
  db.transaction(() => {
    insertWorkspace(db, DEFAULT_WORKSPACE_ID, DEMO_BLOG_NAME, true, now);
    insertWorkspace(db, ACME_WORKSPACE_ID, ACME_BLOG_NAME, false, now);
    insertKey(db, DEFAULT_WORKSPACE_ID, DEMO_KEY_NAME, apiKey, now);
    insertKey(db, DEFAULT_WORKSPACE_ID, "Expired key", LOCAL_EXPIRED_API_KEY, now, {
      expiresAt: new Date(now.getTime() - DAY_MS).toISOString(),
    });
    insertKey(db, DEFAULT_WORKSPACE_ID, "Revoked key", LOCAL_REVOKED_API_KEY, now, {
      revokedAt: new Date(now.getTime() - DAY_MS).toISOString(),
    });
    insertKey(db, ACME_WORKSPACE_ID, "Acme key", LOCAL_ACME_API_KEY, now, {
      expiresAt: new Date(now.getTime() + 365 * DAY_MS).toISOString(),
    });
    insertMembers(db, DEFAULT_WORKSPACE_ID, DEMO_MEMBERS, now);
    insertMembers(db, ACME_WORKSPACE_ID, ACME_MEMBERS, now);
    insertPosts(db, DEFAULT_WORKSPACE_ID, DEMO_POSTS, now);
    insertPosts(db, ACME_WORKSPACE_ID, ACME_POSTS, now);
    setMeta(db, "seed_version", SEED_VERSION);
  })();
}

export type SyntheticOptions = { posts?: number; members?: number; workspaceId?: string; now?: Date };

const SYNTHETIC_KEYWORDS = [
  "Engineering",
  "Product",
  "Remote Work",
  "UX & Design",
  "C++",
  "Culture",
  "Performance",
  "Writing",
];
const SYNTHETIC_ZONES = ["UTC", "Europe/Paris", "America/Los_Angeles", "Asia/Singapore", "Africa/Nairobi"];

function syntheticId(prefix: string, n: number): string {
  return `${prefix}-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
}

function clampCount(n: number | undefined, what: string): number {
  if (n === undefined) return 0;
  if (!Number.isInteger(n) || n < 0 || n > MAX_SYNTHETIC) {
    throw new RangeError(`${what} must be an integer between 0 and ${MAX_SYNTHETIC}`);
  }
  return n;
}

/**
 * Adds N generated posts and M generated members to a workspace (default: the demo one) in a
 * single transaction, for benchmarks of paging, static generation and feeds at scale.
 */
export function seedSynthetic(db: Db, opts: SyntheticOptions = {}): { posts: number; members: number } {
  const posts = clampCount(opts.posts, "posts");
  const members = clampCount(opts.members, "members");
  const workspaceId = opts.workspaceId ?? DEFAULT_WORKSPACE_ID;
  const now = opts.now ?? new Date();
  const authors = db
    .prepare("SELECT id FROM authors WHERE workspace_id = ? ORDER BY id")
    .all(workspaceId) as { id: string }[];
  db.transaction(() => {
    if (members > 0) {
      const stmt = db.prepare(
        `INSERT INTO members (id, workspace_id, seq, email, first_name, last_name, time_zone, profile_image_url, active, organization_role, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, NULL, 1, 'Standard', ?, ?)`,
      );
      let seq = nextSeq(db);
      const stamp = nowIso(now);
      for (let i = 1; i <= members; i++) {
        const n = String(i).padStart(5, "0");
        stmt.run(
          syntheticId("5e000000", seq),
          workspaceId,
          seq,
          `member-${n}-${seq}@synthetic.example`,
          "Member",
          n,
          SYNTHETIC_ZONES[i % SYNTHETIC_ZONES.length],
          stamp,
          stamp,
        );
        seq++;
      }
    }
    if (posts > 0) {
      if (authors.length === 0) {
        db.prepare("INSERT OR IGNORE INTO authors (id, workspace_id, name, email) VALUES (?, ?, ?, ?)").run(
          syntheticId("5a000000", 1),
          workspaceId,
          "Synthetic Author",
          "author@synthetic.example",
        );
        authors.push({ id: syntheticId("5a000000", 1) });
      }
      const postStmt = db.prepare(
        `INSERT INTO posts (workspace_id, slug, title, publication_date, page_title, meta_description, keywords, has_thumbnail)
         VALUES (?, ?, ?, ?, ?, ?, ?, 1)`,
      );
      const linkStmt = db.prepare("INSERT INTO post_authors (post_id, author_id, position) VALUES (?, ?, ?)");
      const base = now.getTime();
      // Continue numbering so a second synthetic seed does not collide on slugs.
      const start = (
        db
          .prepare("SELECT COUNT(*) AS c FROM posts WHERE workspace_id = ? AND slug LIKE 'synthetic-post-%'")
          .get(workspaceId) as { c: number }
      ).c;
      for (let i = start + 1; i <= start + posts; i++) {
        const n = String(i).padStart(5, "0");
        const title = `Synthetic Post ${n}`;
        const keywords = [
          SYNTHETIC_KEYWORDS[i % SYNTHETIC_KEYWORDS.length]!,
          SYNTHETIC_KEYWORDS[(i * 3 + 1) % SYNTHETIC_KEYWORDS.length]!,
        ];
        const info = postStmt.run(
          workspaceId,
          `synthetic-post-${n}`,
          title,
          // One every 6 hours, going back from now, so order is unambiguous.
          new Date(base - i * 6 * 3_600_000).toISOString(),
          title,
          `Generated post number ${i} for load and paging tests.`,
          JSON.stringify([...new Set(keywords)]),
        );
        linkStmt.run(info.lastInsertRowid, authors[i % authors.length]!.id, 0);
      }
    }
  })();
  return { posts, members };
}

/** Wipes everything and seeds again: the store ends exactly like a fresh clone (plus synthetic data). */
export function resetAndSeed(
  db: Db,
  opts: { apiKey?: string; now?: Date; posts?: number; members?: number } = {},
): void {
  // Validate first so a bad request cannot leave the store wiped but unseeded.
  clampCount(opts.posts, "posts");
  clampCount(opts.members, "members");
  wipe(db);
  seedDemo(db, opts);
  if (opts.posts || opts.members)
    seedSynthetic(db, { posts: opts.posts, members: opts.members, now: opts.now });
}
