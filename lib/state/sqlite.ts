import { mkdirSync } from "node:fs";
import path from "node:path";
import type { DatabaseSync } from "node:sqlite";

// SQLite through Node's built-in `node:sqlite` (no native module to build), shared by every store.

export type SqliteDb = DatabaseSync;

export function openSqlite(file: string, pragmas: readonly string[] = []): SqliteDb {
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  // Loaded on open, so an entry point can first say which Node it needs instead of failing here.
  const { DatabaseSync } = process.getBuiltinModule("node:sqlite");
  const db = new DatabaseSync(file);
  for (const pragma of pragmas) db.exec(`PRAGMA ${pragma}`);
  return db;
}

export function pragmaValue(db: SqliteDb, name: string): unknown {
  const row = db.prepare(`PRAGMA ${name}`).get();
  return row ? Object.values(row)[0] : undefined;
}

/** One transaction (a savepoint inside another); `immediate` locks first, so a read-then-write cannot interleave. */
export function transaction<T>(db: SqliteDb, work: () => T, mode: "deferred" | "immediate" = "deferred"): T {
  // One savepoint name serves every depth: RELEASE and ROLLBACK TO act on the innermost of it.
  const nested = db.isTransaction;
  db.exec(nested ? "SAVEPOINT nested" : mode === "immediate" ? "BEGIN IMMEDIATE" : "BEGIN");
  try {
    const result = work();
    db.exec(nested ? "RELEASE nested" : "COMMIT");
    return result;
  } catch (error) {
    if (nested) db.exec("ROLLBACK TO nested; RELEASE nested");
    else if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
}

/** SQLite's codes for "the disk or file will not take this": PERM, BUSY, LOCKED, READONLY, IOERR, CORRUPT, FULL, CANTOPEN, NOTADB. */
const STORAGE_CODES = new Set([3, 5, 6, 8, 10, 11, 13, 14, 26]);

/** True for an error of the file system or of SQLite's storage, as opposed to a bad statement. */
export function isStorageFailure(error: unknown): boolean {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  if (typeof errcode === "number") return STORAGE_CODES.has(errcode & 0xff);
  return typeof code === "string" && /^E[A-Z]+$/.test(code);
}
