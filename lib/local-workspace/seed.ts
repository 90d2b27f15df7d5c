import content from "./demo-content.json";
import {
  ACME_WORKSPACE_ID,
  DEFAULT_WORKSPACE_ID,
  LOCAL_ACME_API_KEY,
  LOCAL_DEMO_API_KEY,
  LOCAL_EXPIRED_API_KEY,
  LOCAL_REVOKED_API_KEY,
  hashKey,
} from "./keys";
import { insertMembers, nextSeq, type NewMember } from "./members";
import { wipe, transaction, type Db } from "./store";

/*
 * Demo content (`demo-content.json`) and generated content for benchmarks, written by the same
 * insert functions. Fixed ids keep tests stable; dates relative to "now" keep the blog recent.
 */

const DEMO_KEY_NAME = "Local demo key (LOCAL_WORKSPACE_API_KEY)";
export const MAX_SYNTHETIC = 100_000;
const DAY_MS = 86_400_000;

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

type SeedWorkspace = { blog_name: string; members: NewMember[]; posts: SeedPost[] };
const fixtures = content as { demo: SeedWorkspace; acme: SeedWorkspace };

export const DEMO_BLOG_NAME = fixtures.demo.blog_name;
/** Exported so tests can assert against the seed without copying it. */
export const DEMO_MEMBERS: readonly NewMember[] = fixtures.demo.members;
export const DEMO_POSTS: readonly SeedPost[] = fixtures.demo.posts;

/** A post as stored, keywords as JSON, with its authors in order: what fixtures and generator produce. */
type PostRow = {
  slug: string;
  title: string;
  publication_date: string;
  page_title: string;
  meta_description: string;
  keywords: string;
  has_thumbnail: number;
  authors: { id: string; name: string; email: string }[];
};

/** Workspace, name, key, expiry, revocation. */
type KeyRow = [string, string, string, string | null, string | null];

function insertKey(db: Db, now: Date, [workspaceId, name, key, expiresAt, revokedAt]: KeyRow): void {
  const values = [workspaceId, name, hashKey(key), key.slice(0, 10), expiresAt, revokedAt, now.toISOString()];
  db.prepare(
    "INSERT INTO api_keys (workspace_id, name, key_hash, key_hint, expires_at, revoked_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  ).run(...values);
}

function insertPosts(db: Db, workspace_id: string, posts: Iterable<PostRow>): void {
  const authorStmt = db.prepare(
    "INSERT OR IGNORE INTO authors (id, workspace_id, name, email) VALUES (?, ?, ?, ?)",
  );
  const postStmt = db.prepare(
    `INSERT INTO posts (workspace_id, slug, title, publication_date, page_title, meta_description, keywords, has_thumbnail)
     VALUES (@workspace_id, @slug, @title, @publication_date, @page_title, @meta_description, @keywords, @has_thumbnail)`,
  );
  const linkStmt = db.prepare("INSERT INTO post_authors (post_id, author_id, position) VALUES (?, ?, ?)");
  for (const { authors, ...post } of posts) {
    const info = postStmt.run({ ...post, workspace_id });
    authors.forEach((a, i) => {
      authorStmt.run(a.id, workspace_id, a.name, a.email);
      linkStmt.run(info.lastInsertRowid, a.id, i);
    });
  }
}

/** The fixture posts of one workspace as rows, published at 09:00 UTC `days_ago` days before `now`. */
function fixturePosts(ws: SeedWorkspace, now: Date): PostRow[] {
  const nine = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 9);
  const byId = new Map(ws.members.map((m) => [m.id, m]));
  return ws.posts.map((p) => ({
    slug: p.slug,
    title: p.title,
    publication_date: new Date(nine - p.days_ago * DAY_MS).toISOString(),
    page_title: `${p.title} | ${ws.blog_name}`,
    meta_description: p.meta_description,
    keywords: JSON.stringify(p.keywords),
    has_thumbnail: p.thumbnail === false ? 0 : 1,
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
    if (db.prepare("SELECT 1 FROM api_keys WHERE key_hash = ?").get(hash))
      throw new Error("The configured local workspace API key is already used by another seeded key");
    insertKey(db, now, [DEFAULT_WORKSPACE_ID, DEMO_KEY_NAME, apiKey, null, null]);
  });
}

/** Seeds the demo and acme workspaces once; a no-op when the store is already seeded. */
export function seedDemo(db: Db, opts: { apiKey?: string; now?: Date } = {}): void {
  const now = opts.now ?? new Date();
  const apiKey = opts.apiKey ?? LOCAL_DEMO_API_KEY;
  if (db.prepare("SELECT 1 FROM meta WHERE key = 'seed_version'").get())
    return ensureDemoKey(db, apiKey, now);
  const day = (n: number) => new Date(now.getTime() + n * DAY_MS).toISOString();
  transaction(db, () => {
    for (const [id, ws] of [
      [DEFAULT_WORKSPACE_ID, fixtures.demo],
      [ACME_WORKSPACE_ID, fixtures.acme],
    ] as const) {
      const values = [id, ws.blog_name, id === DEFAULT_WORKSPACE_ID ? 1 : 0, now.toISOString()];
      db.prepare("INSERT INTO workspaces (id, blog_name, is_default, created_at) VALUES (?, ?, ?, ?)").run(
        ...values,
      );
      for (const role of ["Admin", "Standard"])
        db.prepare("INSERT INTO roles (workspace_id, name) VALUES (?, ?)").run(id, role);
      insertMembers(db, id, ws.members, now);
      insertPosts(db, id, fixturePosts(ws, now));
    }
    insertKey(db, now, [DEFAULT_WORKSPACE_ID, DEMO_KEY_NAME, apiKey, null, null]);
    insertKey(db, now, [DEFAULT_WORKSPACE_ID, "Expired key", LOCAL_EXPIRED_API_KEY, day(-1), null]);
    insertKey(db, now, [DEFAULT_WORKSPACE_ID, "Revoked key", LOCAL_REVOKED_API_KEY, null, day(-1)]);
    insertKey(db, now, [ACME_WORKSPACE_ID, "Acme key", LOCAL_ACME_API_KEY, day(365), null]);
    db.prepare("INSERT INTO meta (key, value) VALUES ('seed_version', '1')").run();
  });
}

const SYNTHETIC_KEYWORDS =
  "Engineering|Product|Remote Work|UX & Design|C++|Culture|Performance|Writing".split("|");
const SYNTHETIC_ZONES = ["UTC", "Europe/Paris", "America/Los_Angeles", "Asia/Singapore", "Africa/Nairobi"];
const SYNTHETIC_AUTHOR = {
  id: "5a000000-0000-4000-8000-000000000001",
  name: "Synthetic Author",
  email: "author@synthetic.example",
};

function clampCount(n: number | undefined, what: string): number {
  if (n !== undefined && (!Number.isInteger(n) || n < 0 || n > MAX_SYNTHETIC))
    throw new RangeError(`${what} must be an integer between 0 and ${MAX_SYNTHETIC}`);
  return n ?? 0;
}

/** `count` active Standard members, ids and addresses numbered from `firstSeq` so reseeding never collides. */
function* syntheticMembers(count: number, firstSeq: number): Generator<NewMember> {
  for (let i = 1; i <= count; i++) {
    const seq = firstSeq + i - 1;
    const n = String(i).padStart(5, "0");
    yield {
      id: `5e000000-0000-4000-8000-${seq.toString(16).padStart(12, "0")}`,
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
function* syntheticPosts(count: number, start: number, now: Date, authors: PostRow["authors"]) {
  const keyword = (k: number) => SYNTHETIC_KEYWORDS[k % SYNTHETIC_KEYWORDS.length]!;
  for (let i = start + 1; i <= start + count; i++) {
    const title = `Synthetic Post ${String(i).padStart(5, "0")}`;
    yield {
      slug: title.toLowerCase().replaceAll(" ", "-"),
      title,
      publication_date: new Date(now.getTime() - i * 6 * 3_600_000).toISOString(),
      page_title: title,
      meta_description: `Generated post number ${i} for load and paging tests.`,
      keywords: JSON.stringify([...new Set([keyword(i), keyword(i * 3 + 1)])]),
      has_thumbnail: 1,
      authors: [authors[i % authors.length]!],
    };
  }
}

/** Adds N generated posts and M generated members to the demo workspace in one transaction, for benchmarks at scale. */
export function seedSynthetic(db: Db, opts: { posts?: number; members?: number; now?: Date } = {}) {
  const posts = clampCount(opts.posts, "posts");
  const members = clampCount(opts.members, "members");
  const now = opts.now ?? new Date();
  const ws = DEFAULT_WORKSPACE_ID;
  transaction(db, () => {
    insertMembers(db, ws, syntheticMembers(members, nextSeq(db)), now);
    const authors = db
      .prepare("SELECT id, name, email FROM authors WHERE workspace_id = ? ORDER BY id")
      .all(ws) as PostRow["authors"];
    // Continue numbering so a second synthetic seed does not collide on slugs.
    const start = (
      db
        .prepare("SELECT COUNT(*) AS c FROM posts WHERE workspace_id = ? AND slug LIKE 'synthetic-post-%'")
        .get(ws) as { c: number }
    ).c;
    insertPosts(db, ws, syntheticPosts(posts, start, now, authors.length ? authors : [SYNTHETIC_AUTHOR]));
  });
  return { posts, members };
}

/** Wipes everything and seeds again: the store ends exactly like a fresh clone (plus synthetic data). */
export function resetAndSeed(
  db: Db,
  opts: { apiKey?: string; now?: Date; posts?: number; members?: number },
): void {
  // Validate first so a bad request cannot leave the store wiped but unseeded.
  clampCount(opts.posts, "posts");
  clampCount(opts.members, "members");
  wipe(db);
  seedDemo(db, opts);
  if (opts.posts || opts.members) seedSynthetic(db, opts);
}
