import { randomUUID } from "node:crypto";
import type { SQLInputValue } from "node:sqlite";
import { isStorageFailure, openSqlite, transaction, type SqliteDb } from "../state/sqlite";
import { addressKey } from "./address-key";
import { hourOf, spacingMs, STATS_KEPT_HOURS, windows, type WorkerOptions } from "./attempt";
import {
  FAILED_SHOWN,
  StoreUnavailableError,
  type Accepted,
  type DeliveryOverview,
  type FailedSignup,
  type Outcome,
  type SignupStore,
  type StatKind,
} from "./types";

// One fsynced SQLite file, so a signup answered 2xx survives kill -9 or power loss; a delivered one
// leaves it at once, its bytes overwritten. With Redis it is each instance's outbox, never delivered from.

export type Kept = { ref: string; email: string; queuedAt: number };

type SqliteStoreOptions = {
  file: string;
  maxPending: number;
  worker?: WorkerOptions & { leaseMs: number };
  log?: (line: string) => void;
  now?: () => number;
};

/** An idle worker looks for other processes' signups this often (this process's wake it). */
const IDLE_POLL_MS = 1_000;

export class SqliteSignupStore implements SignupStore {
  readonly engine = "sqlite" as const;
  private db: SqliteDb | undefined;
  private readonly now: () => number;
  private readonly settled = new Map<string, Outcome>();
  private readonly wakers = new Set<() => void>();
  private running: Promise<void> | undefined;
  private stopping = false;
  /** Until then the worker waits out a failure: nothing will be delivered sooner. */
  private pausedUntil = 0;

  constructor(private readonly options: SqliteStoreOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Opened on first use and again after a failure, so a disk that comes back is used again. */
  private open(): SqliteDb {
    if (this.db?.isOpen) return this.db;
    try {
      const db = openSqlite(this.options.file, [
        "journal_mode = WAL",
        // FULL: a commit is fsynced before it returns, WAL included: durable when accept resolves.
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
        CREATE TABLE IF NOT EXISTS stats (hour INTEGER, kind TEXT, n INTEGER, PRIMARY KEY (hour, kind));
        DROP TABLE IF EXISTS deliveries;
      `);
      // Files from before signups had their own id get one.
      if (!db.prepare("SELECT 1 FROM pragma_table_info('signups') WHERE name = 'ref'").get())
        db.exec("ALTER TABLE signups ADD COLUMN ref TEXT; UPDATE signups SET ref = 'kept-' || id;");
      db.exec("CREATE INDEX IF NOT EXISTS signups_ref ON signups (ref)");
      this.db = db;
      return db;
    } catch (error) {
      throw new StoreUnavailableError("unwritable", describe(error));
    }
  }

  /** A storage failure becomes StoreUnavailableError, and the file is reopened next time. */
  private run<T>(work: (db: SqliteDb) => T): T {
    const db = this.open();
    try {
      return work(db);
    } catch (error) {
      if (!isStorageFailure(error)) throw error;
      try {
        db.close();
      } catch {
        // already unusable
      }
      this.db = undefined;
      throw new StoreUnavailableError("unwritable", describe(error));
    }
  }

  private rows<T>(sql: string, ...params: SQLInputValue[]): T[] {
    return this.run((db) => db.prepare(sql).all(...params) as T[]);
  }

  private change(sql: string, ...params: SQLInputValue[]): number {
    return this.run((db) => Number(db.prepare(sql).run(...params).changes));
  }

  async accept(email: string): Promise<Accepted> {
    const kept = this.keep({ ref: randomUUID(), email, queuedAt: this.now() });
    return { id: kept.ref, email, alreadyPending: kept.ref !== kept.given };
  }

  /** The one decision of "already pending": keeps a signup unless its mailbox has one waiting (whose ref it gives). */
  keep(signup: Kept): { ref: string; given: string } {
    const ref = this.run((db) =>
      transaction(
        db,
        () => {
          const key = addressKey(signup.email);
          const existing = db
            .prepare("SELECT ref, failed_at AS failedAt FROM signups WHERE address_key = ?")
            .get(key) as { ref: string; failedAt: number | null } | undefined;
          if (existing && existing.failedAt === null) return existing.ref;
          const { n } = db.prepare("SELECT count(*) AS n FROM signups WHERE failed_at IS NULL").get() as {
            n: number;
          };
          if (n >= this.options.maxPending) return null;
          // A failed signup for the same mailbox is replaced rather than duplicated.
          db.prepare(
            `INSERT INTO signups (address_key, email, queued_at, ref) VALUES (?, ?, ?, ?)
             ON CONFLICT (address_key) DO UPDATE SET email = excluded.email, queued_at = excluded.queued_at,
               ref = excluded.ref, lease_until = 0, failed_at = NULL, failure = NULL`,
          ).run(key, signup.email, signup.queuedAt, signup.ref);
          return signup.ref;
        },
        "immediate",
      ),
    );
    if (ref === null)
      throw new StoreUnavailableError("full", `${this.options.maxPending} signups are already waiting`);
    this.wake();
    return { ref, given: signup.ref };
  }

  async outcome(signup: Accepted, waitMs: number): Promise<Outcome> {
    const deadline = this.now() + waitMs;
    for (;;) {
      const known = this.settled.get(signup.id) ?? this.rowOutcome(signup.id);
      const left = deadline - this.now();
      if (known !== "pending" || left <= 0 || this.pausedUntil > deadline) return known;
      await this.nap(Math.min(100, left));
    }
  }

  /** A row gone was delivered (this process's worker would have said "already" if it was that). */
  private rowOutcome(ref: string): Outcome {
    const [row] = this.rows<{ failure: string | null }>("SELECT failure FROM signups WHERE ref = ?", ref);
    if (!row) return "delivered";
    return row.failure === "rejected" ? "rejected" : "pending";
  }

  async count(kind: StatKind, n = 1): Promise<void> {
    const hour = hourOf(this.now());
    this.change(
      "INSERT INTO stats (hour, kind, n) VALUES (?, ?, ?) ON CONFLICT (hour, kind) DO UPDATE SET n = n + excluded.n",
      hour,
      kind,
      n,
    );
    this.change("DELETE FROM stats WHERE hour < ?", hour - STATS_KEPT_HOURS);
  }

  async overview(): Promise<DeliveryOverview> {
    const rows = this.rows<{ hour: number; kind: string; n: number }>("SELECT hour, kind, n FROM stats");
    const w = this.rows<{ waiting: number; oldest: number | null; failedTotal: number }>(
      `SELECT count(*) AS waiting, min(queued_at) AS oldest,
         (SELECT count(*) FROM signups WHERE failed_at IS NOT NULL) AS failedTotal
       FROM signups WHERE failed_at IS NULL`,
    )[0]!;
    const failed = this.rows<FailedSignup>(
      `SELECT ref AS id, email, failure AS reason, failed_at AS failedAt FROM signups
       WHERE failed_at IS NOT NULL ORDER BY failed_at DESC, id DESC LIMIT ?`,
      FAILED_SHOWN,
    );
    return {
      ...windows(rows, this.now()),
      waiting: w.waiting,
      oldestWaitingAt: w.oldest,
      failedTotal: w.failedTotal,
      failed: failed.map((f) => ({ ...f, reason: f.reason === "rejected" ? "rejected" : "expired" })),
    };
  }

  async retryFailed(ids?: string[]): Promise<number> {
    const moved = this.onFailed(
      ids,
      "UPDATE signups SET failed_at = NULL, failure = NULL, lease_until = 0, queued_at = ?",
      this.now(),
    );
    this.wake();
    return moved;
  }

  async discardFailed(ids?: string[]): Promise<number> {
    return this.onFailed(ids, "DELETE FROM signups");
  }

  private onFailed(ids: string[] | undefined, statement: string, ...args: number[]): number {
    const which = ids ? " AND ref IN (SELECT value FROM json_each(?))" : "";
    return this.change(
      `${statement} WHERE failed_at IS NOT NULL${which}`,
      ...args,
      ...(ids ? [JSON.stringify(ids)] : []),
    );
  }

  // The outbox's side (Redis engine).
  oldest(limit: number): Kept[] {
    return this.rows<Kept>(
      "SELECT ref, email, queued_at AS queuedAt FROM signups WHERE failed_at IS NULL ORDER BY id LIMIT ?",
      limit,
    );
  }

  forget(ref: string): void {
    this.change("DELETE FROM signups WHERE ref = ?", ref);
  }

  // The worker (embedded engine).
  start({ worker }: { worker: boolean }): void {
    if (worker && this.options.worker && !this.running) {
      this.stopping = false;
      this.running = this.work(this.options.worker);
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.running;
    this.running = undefined;
  }

  async close(): Promise<void> {
    await this.stop();
    if (this.db?.isOpen) this.db.close();
    this.db = undefined;
  }

  private wake(): void {
    for (const wake of this.wakers) wake();
  }

  /** Sleeps `ms`, or less when a signup is kept, settled or the worker stops. */
  private nap(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
    });
  }

  private async work(w: NonNullable<SqliteStoreOptions["worker"]>): Promise<void> {
    const log = this.options.log ?? (() => {});
    let nextCallAt = 0;
    while (!this.stopping) {
      try {
        const expired = this.expire(w.maxAgeMs);
        if (expired > 0) {
          log(`${expired} signup(s) passed the maximum age and moved to the failed list`);
          await this.count("failed", expired);
        }
        if (this.now() < nextCallAt) {
          await this.nap(nextCallAt - this.now());
          continue;
        }
        const job = this.claim(w.leaseMs);
        if (!job) {
          await this.nap(IDLE_POLL_MS);
          continue;
        }
        const result = await w.attempt(job.email);
        // The one pace: calls spaced by the rate, and the whole queue waits out a failure's backoff.
        nextCallAt = this.now() + Math.max(spacingMs(w.ratePerSecond), w.pause());
        this.pausedUntil = result.kind === "retry" ? nextCallAt : 0;
        if (result.kind === "retry") {
          this.change("UPDATE signups SET lease_until = 0 WHERE ref = ?", job.ref);
          continue;
        }
        if (result.kind === "rejected") {
          this.change(
            "UPDATE signups SET failed_at = ?, failure = 'rejected', lease_until = 0 WHERE ref = ?",
            this.now(),
            job.ref,
          );
          log("the workspace refused an address (422); it moved to the failed list");
          await this.count("failed");
        } else {
          this.forget(job.ref);
          await this.count("delivered");
        }
        this.settled.set(job.ref, result.kind);
        if (this.settled.size > 1_000) this.settled.delete(this.settled.keys().next().value!);
        this.wake();
      } catch (error) {
        if (this.stopping) return;
        log(
          error instanceof StoreUnavailableError
            ? `${error.message}; retrying in 5 s`
            : `worker error (${error instanceof Error ? error.name : typeof error}); retrying in 5 s`,
        );
        await this.nap(5_000);
      }
    }
  }

  /** Leases the oldest waiting signup: atomic across processes, and freed when a killed worker's lease ends. */
  private claim(leaseMs: number): Kept | undefined {
    const now = this.now();
    return this.rows<Kept>(
      `UPDATE signups SET lease_until = ? WHERE id = (
         SELECT id FROM signups WHERE failed_at IS NULL AND lease_until <= ? ORDER BY id LIMIT 1)
       RETURNING ref, email, queued_at AS queuedAt`,
      now + leaseMs,
      now,
    )[0];
  }

  /** Moves signups older than `maxAgeMs` to the failed list; how many. */
  expire(maxAgeMs: number): number {
    const now = this.now();
    return this.change(
      "UPDATE signups SET failed_at = ?, failure = 'expired' WHERE failed_at IS NULL AND lease_until <= ? AND queued_at < ?",
      now,
      now,
      now - maxAgeMs,
    );
  }
}

/** An error's class, code and SQLite's text for its code, never its message (which could quote a path). */
function describe(error: unknown): string {
  const { code, errstr } = (error ?? {}) as { code?: unknown; errstr?: unknown };
  const name = error instanceof Error ? error.name : typeof error;
  return [name, code, errstr].filter((part) => typeof part === "string").join(" ");
}
