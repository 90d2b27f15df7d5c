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
import { insertMembers, type NewMember } from "./members";
import { wipe, transaction, type Db, type PostRow } from "./store";

// Demo content (demo-content.json, keyed by workspace id) and generated content for benchmarks,
// written by the same inserts. Fixed ids keep tests stable; dates relative to "now" keep it recent.

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

/** A post to insert, with its authors in order: what fixtures and generator produce. */
type NewPost = Omit<PostRow, "id"> & { authors: { id: string; name: string; email: string }[] };

type NewKey = { workspace_id: string; name: string; key: string; expires_at?: string; revoked_at?: string };

function insertKeys(db: Db, now: Date, keys: NewKey[]): void {
  const stmt = db.prepare(
    `INSERT INTO api_keys (workspace_id, name, key_hash, key_hint, expires_at, revoked_at, created_at)
     VALUES (@workspace_id, @name, @key_hash, @key_hint, @expires_at, @revoked_at, @created_at)`,
  );
  for (const { key, ...row } of keys) {
    const hashed = { key_hash: hashKey(key), key_hint: key.slice(0, 10), created_at: now.toISOString() };
    stmt.run({ expires_at: null, revoked_at: null, ...row, ...hashed });
  }
}

function insertPosts(db: Db, workspace_id: string, posts: Iterable<NewPost>): void {
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
function fixturePosts(ws: SeedWorkspace, now: Date): NewPost[] {
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
    insertKeys(db, now, [{ workspace_id: DEFAULT_WORKSPACE_ID, name: DEMO_KEY_NAME, key: apiKey }]);
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
    for (const [id, ws] of Object.entries(fixtures)) {
      const values = [id, ws.blog_name, id === DEFAULT_WORKSPACE_ID ? 1 : 0, now.toISOString()];
      db.prepare("INSERT INTO workspaces (id, blog_name, is_default, created_at) VALUES (?, ?, ?, ?)").run(
        ...values,
      );
      insertMembers(db, id, ws.members, now);
      insertPosts(db, id, fixturePosts(ws, now));
    }
    const demo = DEFAULT_WORKSPACE_ID;
    insertKeys(db, now, [
      { workspace_id: demo, name: DEMO_KEY_NAME, key: apiKey },
      { workspace_id: demo, name: "Expired key", key: LOCAL_EXPIRED_API_KEY, expires_at: day(-1) },
      { workspace_id: demo, name: "Revoked key", key: LOCAL_REVOKED_API_KEY, revoked_at: day(-1) },
      { workspace_id: ACME_WORKSPACE_ID, name: "Acme key", key: LOCAL_ACME_API_KEY, expires_at: day(365) },
    ]);
    db.prepare("INSERT INTO meta (key, value) VALUES ('seed_version', '1')").run();
  });
}

const SYNTHETIC_KEYWORDS =
  "Engineering|Product|Remote Work|UX & Design|C++|Culture|Performance|Writing".split("|");
const SYNTHETIC_ZONES = ["UTC", "Europe/Paris", "America/Los_Angeles", "Asia/Singapore", "Africa/Nairobi"];

function clampCount(n: number | undefined, what: string): number {
  if (n !== undefined && (!Number.isInteger(n) || n < 0 || n > MAX_SYNTHETIC))
    throw new RangeError(`${what} must be an integer between 0 and ${MAX_SYNTHETIC}`);
  return n ?? 0;
}

/** `count` active Standard members in the demo workspace, numbered. */
function* syntheticMembers(count: number): Generator<NewMember> {
  for (let i = 1; i <= count; i++) {
    const n = String(i).padStart(5, "0");
    yield {
      id: `5e000000-0000-4000-8000-${i.toString(16).padStart(12, "0")}`,
      email: `member-${n}@synthetic.example`,
      first_name: "Member",
      last_name: n,
      time_zone: SYNTHETIC_ZONES[i % SYNTHETIC_ZONES.length]!,
      role: "Standard",
      active: true,
      avatar: false,
    };
  }
}

/** Numbered posts, one every 6 hours going back from `now`, so order is unambiguous. */
function* syntheticPosts(count: number, now: Date, authors: NewPost["authors"]) {
  const keyword = (k: number) => SYNTHETIC_KEYWORDS[k % SYNTHETIC_KEYWORDS.length]!;
  for (let i = 1; i <= count; i++) {
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

/** Wipes and seeds: a fresh clone's store, plus generated posts and members in the demo workspace. */
export function resetAndSeed(
  db: Db,
  opts: { apiKey?: string; now?: Date; posts?: number; members?: number },
) {
  // Validate first so a bad request cannot leave the store wiped but unseeded.
  const posts = clampCount(opts.posts, "posts");
  const members = clampCount(opts.members, "members");
  const now = opts.now ?? new Date();
  wipe(db);
  seedDemo(db, { ...opts, now });
  const ws = DEFAULT_WORKSPACE_ID;
  transaction(db, () => {
    insertMembers(db, ws, syntheticMembers(members), now);
    // Written by the demo's own authors.
    const authors = db
      .prepare("SELECT id, name, email FROM authors WHERE workspace_id = ? ORDER BY id")
      .all(ws) as NewPost["authors"];
    insertPosts(db, ws, syntheticPosts(posts, now, authors));
  });
}
