import content from "./demo-content.json";
import { imagePath } from "./images";
import {
  ACME_WORKSPACE_ID,
  DEFAULT_WORKSPACE_ID,
  LOCAL_ACME_API_KEY,
  LOCAL_DEMO_API_KEY,
  LOCAL_EXPIRED_API_KEY,
  LOCAL_REVOKED_API_KEY,
  hashKey,
} from "./keys";
import type { TeamMember } from "./members";
import { wipe, transaction, type Db } from "./store";

/**
 * Demo content (`demo-content.json`) and generated content for benchmarks, written by the same
 * insert functions. Fixed ids keep tests stable; dates relative to "now" keep the blog recent.
 */

const ROLES = ["Admin", "Standard"] as const;
const DEMO_KEY_NAME = "Local demo key (LOCAL_WORKSPACE_API_KEY)";
export const MAX_SYNTHETIC = 100_000;

const SEED_VERSION = "1";
const DAY_MS = 86_400_000;

type SeedMember = Omit<TeamMember, "profile_image_url" | "organization_role"> & {
  role: (typeof ROLES)[number];
  avatar: boolean;
};

type SeedPost = {
  slug: string;
  title: string;
  days_ago: number;
  /** Members of the same workspace: a post's author is a member of the team that wrote it. */
  author_ids: string[];
  meta_description: string;
  keywords: string[];
  thumbnail?: boolean;
};

type SeedWorkspace = { blog_name: string; members: SeedMember[]; posts: SeedPost[] };
const fixtures = content as { demo: SeedWorkspace; acme: SeedWorkspace };

export const DEMO_BLOG_NAME = fixtures.demo.blog_name;
export const ACME_BLOG_NAME = fixtures.acme.blog_name;
/** Exported so tests can assert against the seed without copying it. */
export const DEMO_MEMBERS: readonly SeedMember[] = fixtures.demo.members;
export const DEMO_POSTS: readonly SeedPost[] = fixtures.demo.posts;

/** A post row as stored: what both the demo fixtures and the generator produce. */
type PostRow = {
  slug: string;
  title: string;
  publicationDate: string;
  pageTitle: string;
  metaDescription: string;
  keywords: string[];
  thumbnail: boolean;
  authors: { id: string; name: string; email: string }[];
};

/** 09:00 UTC `daysAgo` days before `now`: recent but deterministic within a day. */
function publicationDate(now: Date, daysAgo: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 9, 0, 0));
  return new Date(d.getTime() - daysAgo * DAY_MS).toISOString();
}

function insertWorkspace(db: Db, id: string, blogName: string, isDefault: boolean, now: Date): void {
  const insert = db.prepare(
    "INSERT INTO workspaces (id, blog_name, is_default, created_at) VALUES (?, ?, ?, ?)",
  );
  insert.run(id, blogName, isDefault ? 1 : 0, now.toISOString());
  for (const role of ROLES) db.prepare("INSERT INTO roles (workspace_id, name) VALUES (?, ?)").run(id, role);
}

function insertKey(
  db: Db,
  workspaceId: string,
  name: string,
  key: string,
  now: Date,
  { expiresAt = null, revokedAt = null }: { expiresAt?: string | null; revokedAt?: string | null } = {},
): void {
  db.prepare(
    "INSERT INTO api_keys (workspace_id, name, key_hash, key_hint, expires_at, revoked_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  ).run(workspaceId, name, hashKey(key), key.slice(0, 10), expiresAt, revokedAt, now.toISOString());
}

function nextSeq(db: Db): number {
  const row = db.prepare("SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM members").get() as { next: number };
  return row.next;
}

function insertMembers(db: Db, workspaceId: string, members: Iterable<SeedMember>, now: Date): void {
  const stmt = db.prepare(
    `INSERT INTO members (id, workspace_id, seq, email, first_name, last_name, time_zone, profile_image_url, active, organization_role, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let seq = nextSeq(db);
  const stamp = now.toISOString();
  for (const m of members) {
    // Stored origin-relative; responses prefix the origin the request came in on.
    const avatar = m.avatar ? imagePath("avatars", m.id) : null;
    const row = [m.email, m.first_name, m.last_name, m.time_zone, avatar, m.active ? 1 : 0, m.role];
    stmt.run(m.id, workspaceId, seq++, ...row, stamp, stamp);
  }
}

function insertPosts(db: Db, workspaceId: string, posts: Iterable<PostRow>): void {
  const authorStmt = db.prepare(
    "INSERT OR IGNORE INTO authors (id, workspace_id, name, email) VALUES (?, ?, ?, ?)",
  );
  const postStmt = db.prepare(
    `INSERT INTO posts (workspace_id, slug, title, publication_date, page_title, meta_description, keywords, has_thumbnail)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const linkStmt = db.prepare("INSERT INTO post_authors (post_id, author_id, position) VALUES (?, ?, ?)");
  for (const p of posts) {
    const row = [
      p.slug,
      p.title,
      p.publicationDate,
      p.pageTitle,
      p.metaDescription,
      JSON.stringify(p.keywords),
    ];
    const info = postStmt.run(workspaceId, ...row, p.thumbnail ? 1 : 0);
    p.authors.forEach((a, i) => {
      authorStmt.run(a.id, workspaceId, a.name, a.email);
      linkStmt.run(info.lastInsertRowid, a.id, i);
    });
  }
}

/** The fixture posts of one workspace as rows, their authors looked up among its members. */
function fixturePosts(ws: SeedWorkspace, now: Date): PostRow[] {
  const byId = new Map(ws.members.map((m) => [m.id, m]));
  return ws.posts.map((p) => ({
    slug: p.slug,
    title: p.title,
    publicationDate: publicationDate(now, p.days_ago),
    pageTitle: `${p.title} | ${ws.blog_name}`,
    metaDescription: p.meta_description,
    keywords: p.keywords,
    thumbnail: p.thumbnail !== false,
    authors: p.author_ids.map((id) => {
      const m = byId.get(id);
      if (!m) throw new Error(`demo-content.json: post ${p.slug} names author ${id}, who is not a member`);
      return { id, name: `${m.first_name} ${m.last_name}`, email: m.email };
    }),
  }));
}

/** The demo key may change between runs (LOCAL_WORKSPACE_API_KEY): one row for it, so the old one stops working. */
function ensureDemoKey(db: Db, apiKey: string, now: Date): void {
  const hash = hashKey(apiKey);
  const existing = db
    .prepare("SELECT id, key_hash FROM api_keys WHERE workspace_id = ? AND name = ?")
    .get(DEFAULT_WORKSPACE_ID, DEMO_KEY_NAME) as { id: number; key_hash: string } | undefined;
  if (existing?.key_hash === hash) return;
  transaction(db, () => {
    if (existing) db.prepare("DELETE FROM api_keys WHERE id = ?").run(existing.id);
    // Another row could hold the same key (e.g. configured to the acme key): that is a config error.
    const clash = db.prepare("SELECT workspace_id FROM api_keys WHERE key_hash = ?").get(hash) as
      { workspace_id: string } | undefined;
    if (clash)
      throw new Error("The configured local workspace API key is already used by another seeded key");
    insertKey(db, DEFAULT_WORKSPACE_ID, DEMO_KEY_NAME, apiKey, now);
  });
}

/** Seeds the demo and acme workspaces once; a no-op when the store is already seeded. */
export function seedDemo(db: Db, opts: { apiKey?: string; now?: Date } = {}): void {
  const now = opts.now ?? new Date();
  const apiKey = opts.apiKey ?? LOCAL_DEMO_API_KEY;
  if (db.prepare("SELECT 1 FROM meta WHERE key = 'seed_version'").get()) {
    ensureDemoKey(db, apiKey, now);
    return;
  }
  transaction(db, () => {
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
    insertMembers(db, DEFAULT_WORKSPACE_ID, fixtures.demo.members, now);
    insertMembers(db, ACME_WORKSPACE_ID, fixtures.acme.members, now);
    insertPosts(db, DEFAULT_WORKSPACE_ID, fixturePosts(fixtures.demo, now));
    insertPosts(db, ACME_WORKSPACE_ID, fixturePosts(fixtures.acme, now));
    db.prepare("INSERT INTO meta (key, value) VALUES ('seed_version', ?)").run(SEED_VERSION);
  });
}

type SyntheticOptions = { posts?: number; members?: number; workspaceId?: string; now?: Date };

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
const SYNTHETIC_AUTHOR = {
  id: "5a000000-0000-4000-8000-000000000001",
  name: "Synthetic Author",
  email: "author@synthetic.example",
};

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

/** `count` active Standard members, ids and addresses numbered from `firstSeq` so reseeding never collides. */
function* syntheticMembers(count: number, firstSeq: number): Generator<SeedMember> {
  for (let i = 1; i <= count; i++) {
    const seq = firstSeq + i - 1;
    const n = String(i).padStart(5, "0");
    yield {
      id: syntheticId("5e000000", seq),
      email: `member-${n}-${seq}@synthetic.example`,
      first_name: "Member",
      last_name: n,
      time_zone: SYNTHETIC_ZONES[i % SYNTHETIC_ZONES.length]!,
      role: "Standard",
      active: true,
      avatar: false,
    };
  }
}

/** Posts numbered after `start`, one every 6 hours going back from `now`, so order is unambiguous. */
function* syntheticPosts(
  count: number,
  start: number,
  now: Date,
  authors: PostRow["authors"],
): Generator<PostRow> {
  for (let i = start + 1; i <= start + count; i++) {
    const n = String(i).padStart(5, "0");
    const title = `Synthetic Post ${n}`;
    const keywords = [
      SYNTHETIC_KEYWORDS[i % SYNTHETIC_KEYWORDS.length]!,
      SYNTHETIC_KEYWORDS[(i * 3 + 1) % SYNTHETIC_KEYWORDS.length]!,
    ];
    yield {
      slug: `synthetic-post-${n}`,
      title,
      publicationDate: new Date(now.getTime() - i * 6 * 3_600_000).toISOString(),
      pageTitle: title,
      metaDescription: `Generated post number ${i} for load and paging tests.`,
      keywords: [...new Set(keywords)],
      thumbnail: true,
      authors: [authors[i % authors.length]!],
    };
  }
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
  transaction(db, () => {
    insertMembers(db, workspaceId, syntheticMembers(members, nextSeq(db)), now);
    if (posts === 0) return;
    const existing = db
      .prepare("SELECT id, name, email FROM authors WHERE workspace_id = ? ORDER BY id")
      .all(workspaceId) as PostRow["authors"];
    // Continue numbering so a second synthetic seed does not collide on slugs.
    const start = (
      db
        .prepare("SELECT COUNT(*) AS c FROM posts WHERE workspace_id = ? AND slug LIKE 'synthetic-post-%'")
        .get(workspaceId) as { c: number }
    ).c;
    insertPosts(
      db,
      workspaceId,
      syntheticPosts(posts, start, now, existing.length ? existing : [SYNTHETIC_AUTHOR]),
    );
  });
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
