import path from "node:path";
import { openSqlite, pragmaValue, transaction, type SqliteDb } from "../state/sqlite";

export type Db = SqliteDb;
export { transaction };

/** A row of `posts`: keywords as JSON, has_thumbnail 0/1. */
export type PostRow = {
  id: number;
  slug: string;
  title: string;
  publication_date: string;
  page_title: string;
  meta_description: string;
  keywords: string;
  has_thumbnail: number;
};

export const DEFAULT_DATA_DIR = "data/local-workspace";
export const DB_FILE_NAME = "local-workspace.sqlite";

/** The schema; `PRAGMA user_version` says it is in place, so an existing data dir is kept. */
const SCHEMA = `
  CREATE TABLE workspaces (
    id TEXT PRIMARY KEY,
    blog_name TEXT NOT NULL,
    is_default INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  );
  CREATE TABLE api_keys (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    -- Keys are stored hashed, like passwords: the document calls them sensitive.
    key_hash TEXT NOT NULL UNIQUE,
    key_hint TEXT NOT NULL,
    expires_at TEXT,
    revoked_at TEXT,
    created_at TEXT NOT NULL
  );
  CREATE TABLE members (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    -- Monotonic insertion order: list order is stable and "most recently added admin" is well defined.
    seq INTEGER NOT NULL,
    email TEXT NOT NULL,
    first_name TEXT NOT NULL DEFAULT '',
    last_name TEXT NOT NULL DEFAULT '',
    time_zone TEXT NOT NULL DEFAULT 'UTC',
    profile_image_url TEXT,
    active INTEGER NOT NULL DEFAULT 1,
    organization_role TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (workspace_id, email)
  );
  CREATE INDEX members_by_workspace ON members (workspace_id, seq);
  CREATE TABLE subscribers (
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    verified_at TEXT,
    created_at TEXT NOT NULL,
    PRIMARY KEY (workspace_id, email)
  );
  CREATE TABLE tokens (
    token TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('verification', 'invitation')),
    email TEXT NOT NULL,
    used_at TEXT,
    created_at TEXT NOT NULL
  );
  CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    to_email TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('verification', 'invitation')),
    subject TEXT NOT NULL,
    link TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE authors (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    email TEXT NOT NULL
  );
  CREATE TABLE posts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    slug TEXT NOT NULL,
    title TEXT NOT NULL,
    publication_date TEXT NOT NULL,
    page_title TEXT NOT NULL,
    meta_description TEXT NOT NULL,
    keywords TEXT NOT NULL, -- JSON array of strings
    has_thumbnail INTEGER NOT NULL DEFAULT 1,
    UNIQUE (workspace_id, slug)
  );
  CREATE INDEX posts_by_date ON posts (workspace_id, publication_date DESC, slug);
  CREATE TABLE post_authors (
    post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    author_id TEXT NOT NULL REFERENCES authors(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    PRIMARY KEY (post_id, author_id)
  );
  CREATE INDEX post_authors_by_post ON post_authors (post_id, position);
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

export function openStore(dataDir: string = DEFAULT_DATA_DIR): Db {
  const file = dataDir === ":memory:" ? dataDir : path.join(dataDir, DB_FILE_NAME);
  const db = openSqlite(file, [
    ...(file === ":memory:" ? [] : ["journal_mode = WAL"]),
    "foreign_keys = ON",
    // A second process (or `npm run workspace` next to tests) may hold the write lock briefly.
    "busy_timeout = 5000",
  ]);
  if (Number(pragmaValue(db, "user_version")) === 0)
    transaction(db, () => db.exec(`${SCHEMA} PRAGMA user_version = 1;`));
  return db;
}

/** Empties every data table (schema stays), used by reset before re-seeding. */
export function wipe(db: Db): void {
  transaction(db, () => {
    // Children first; foreign keys would cascade anyway but explicit order is cheaper.
    const tables = "post_authors posts authors outbox tokens subscribers members api_keys workspaces meta";
    for (const table of tables.split(" ")) db.prepare(`DELETE FROM ${table}`).run();
  });
}

/** The workspace's display name (blog name), used in list responses and email subjects. */
export function blogName(db: Db, workspaceId: string): string {
  const row = db.prepare("SELECT blog_name FROM workspaces WHERE id = ?").get(workspaceId) as {
    blog_name: string;
  };
  return row.blog_name;
}
