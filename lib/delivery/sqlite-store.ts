import { isStorageFailure, openSqlite, transaction, type SqliteDb } from "../state/sqlite";
import { addressKey } from "./address-key";
import { StoreUnavailableError, type DeliveryCounts, type EnqueueResult, type SignupStore } from "./types";

/*
 * The embedded store: one SQLite file (WAL, synchronous=FULL), so a signup the route has
 * answered 202 for is on disk before the answer leaves, and survives kill -9 or power loss at
 * any moment. Pending and failed signups share one table (failed_at set = failed); delivered
 * ones leave it at once and only a timestamp is kept, for the admin's 24-hour count.
 * secure_delete overwrites a deleted row's bytes, so a delivered address is not left behind
 * in free pages.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export type ClaimedSignup = { id: number; email: string; queuedAt: number };

export type SqliteStoreOptions = {
  file: string;
  maxPending: number;
  now?: () => number;
};

export class SqliteSignupStore implements SignupStore {
  readonly engine = "sqlite" as const;
  private db: SqliteDb | undefined;
  private readonly now: () => number;
  /** Called after a signup is queued, so an in-process worker wakes at once instead of polling. */
  onQueued: (() => void) | undefined;

  constructor(private readonly options: SqliteStoreOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Opened on first use and again after a failure, so a disk that comes back is used again. */
  private open(): SqliteDb {
    if (this.db?.isOpen) return this.db;
    try {
      const db = openSqlite(this.options.file, [
        "journal_mode = WAL",
        // FULL: a commit is fsynced before it returns, WAL included: durable the moment enqueue resolves.
        "synchronous = FULL",
        "secure_delete = ON",
        "busy_timeout = 5000",
      ]);
      db.exec(`
        CREATE TABLE IF NOT EXISTS signups (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          address_key TEXT NOT NULL UNIQUE,
          email TEXT NOT NULL,
          queued_at INTEGER NOT NULL,
          lease_until INTEGER NOT NULL DEFAULT 0,
          failed_at INTEGER,
          failure TEXT
        );
        CREATE INDEX IF NOT EXISTS signups_state ON signups (failed_at, id);
        CREATE TABLE IF NOT EXISTS deliveries (at INTEGER NOT NULL);
        CREATE INDEX IF NOT EXISTS deliveries_at ON deliveries (at);
      `);
      this.db = db;
      return db;
    } catch (error) {
      throw new StoreUnavailableError("unwritable", describe(error));
    }
  }

  /** Runs a statement; a storage failure becomes StoreUnavailableError (and the file is reopened next time). */
  private run<T>(work: (db: SqliteDb) => T): T {
    const db = this.open();
    try {
      return work(db);
    } catch (error) {
      if (isStorageFailure(error)) {
        try {
          db.close();
        } catch {
          // already unusable
        }
        this.db = undefined;
        throw new StoreUnavailableError("unwritable", describe(error));
      }
      throw error;
    }
  }

  async isPending(email: string): Promise<boolean> {
    return this.run(
      (db) =>
        db
          .prepare("SELECT 1 FROM signups WHERE address_key = ? AND failed_at IS NULL")
          .get(addressKey(email)) !== undefined,
    );
  }

  async enqueue(email: string): Promise<EnqueueResult> {
    const result = this.run((db) =>
      transaction(
        db,
        (): EnqueueResult | "full" => {
          const key = addressKey(email);
          const existing = db
            .prepare("SELECT failed_at AS failedAt FROM signups WHERE address_key = ?")
            .get(key) as { failedAt: number | null } | undefined;
          if (existing && existing.failedAt === null) return "already_pending";
          const { n } = db.prepare("SELECT count(*) AS n FROM signups WHERE failed_at IS NULL").get() as {
            n: number;
          };
          if (n >= this.options.maxPending) return "full";
          // A failed signup for the same address is revived rather than duplicated.
          db.prepare(
            `INSERT INTO signups (address_key, email, queued_at) VALUES (?, ?, ?)
           ON CONFLICT (address_key) DO UPDATE SET email = excluded.email, queued_at = excluded.queued_at,
             lease_until = 0, failed_at = NULL, failure = NULL`,
          ).run(key, email, this.now());
          return "queued";
        },
        "immediate",
      ),
    );
    if (result === "full")
      throw new StoreUnavailableError("full", `${this.options.maxPending} signups are already waiting`);
    if (result === "queued") this.onQueued?.();
    return result;
  }

  async counts(): Promise<DeliveryCounts> {
    return this.run((db) => {
      const row = db
        .prepare(
          `SELECT
             (SELECT count(*) FROM signups WHERE failed_at IS NULL) AS pending,
             (SELECT count(*) FROM signups WHERE failed_at IS NOT NULL) AS failed,
             (SELECT count(*) FROM deliveries WHERE at >= ?) AS delivered`,
        )
        .get(this.now() - DAY_MS) as { pending: number; failed: number; delivered: number };
      return { pending: row.pending, failed: row.failed, deliveredLastDay: row.delivered };
    });
  }

  async retryFailed(): Promise<number> {
    return this.run((db) =>
      Number(
        db
          .prepare(
            "UPDATE signups SET failed_at = NULL, failure = NULL, lease_until = 0, queued_at = ? WHERE failed_at IS NOT NULL",
          )
          .run(this.now()).changes,
      ),
    );
  }

  async discardFailed(): Promise<number> {
    return this.run((db) =>
      Number(db.prepare("DELETE FROM signups WHERE failed_at IS NOT NULL").run().changes),
    );
  }

  // ---- the worker's side ----------------------------------------------------------------

  /** Is anything waiting that no live worker holds? */
  hasDue(): boolean {
    return this.run(
      (db) =>
        db
          .prepare("SELECT 1 FROM signups WHERE failed_at IS NULL AND lease_until <= ? LIMIT 1")
          .get(this.now()) !== undefined,
    );
  }

  /**
   * Takes the oldest waiting signup for `leaseMs` (atomic, so two worker processes on one file
   * never take the same one; a worker killed mid-call frees it when the lease ends).
   */
  claim(leaseMs: number): ClaimedSignup | undefined {
    const now = this.now();
    return this.run(
      (db) =>
        db
          .prepare(
            `UPDATE signups SET lease_until = ? WHERE id = (
               SELECT id FROM signups WHERE failed_at IS NULL AND lease_until <= ? ORDER BY id LIMIT 1)
             RETURNING id, email, queued_at AS queuedAt`,
          )
          .get(now + leaseMs, now) as ClaimedSignup | undefined,
    );
  }

  /** Delivered: the address leaves the store; a bare timestamp stays for the 24-hour count. */
  delivered(id: number): void {
    const now = this.now();
    this.run((db) =>
      transaction(db, () => {
        db.prepare("DELETE FROM signups WHERE id = ?").run(id);
        db.prepare("INSERT INTO deliveries (at) VALUES (?)").run(now);
        db.prepare("DELETE FROM deliveries WHERE at < ?").run(now - DAY_MS);
      }),
    );
  }

  /** Another store delivers this signup: the local copy leaves without counting as a delivery. */
  forget(id: number): void {
    this.run((db) => db.prepare("DELETE FROM signups WHERE id = ?").run(id));
  }

  fail(id: number, failure: "expired" | "rejected"): void {
    this.run((db) =>
      db
        .prepare("UPDATE signups SET failed_at = ?, failure = ?, lease_until = 0 WHERE id = ?")
        .run(this.now(), failure, id),
    );
  }

  release(id: number): void {
    this.run((db) => db.prepare("UPDATE signups SET lease_until = 0 WHERE id = ?").run(id));
  }

  /** Moves signups older than `maxAgeMs` to the failed list. Returns how many. */
  expire(maxAgeMs: number): number {
    const now = this.now();
    return this.run((db) =>
      Number(
        db
          .prepare(
            "UPDATE signups SET failed_at = ?, failure = 'expired' WHERE failed_at IS NULL AND lease_until <= ? AND queued_at < ?",
          )
          .run(now, now, now - maxAgeMs).changes,
      ),
    );
  }

  async close(): Promise<void> {
    if (this.db?.isOpen) this.db.close();
    this.db = undefined;
  }
}

/** An error's class, code and SQLite's text for its code, never its message (which could quote a path). */
function describe(error: unknown): string {
  const { code, errstr } = (error ?? {}) as { code?: unknown; errstr?: unknown };
  const name = error instanceof Error ? error.name : typeof error;
  return [name, code, errstr].filter((part) => typeof part === "string").join(" ");
}
