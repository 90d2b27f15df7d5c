import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { openSqlite } from "../lib/state/sqlite";
import { log, ROOT } from "./lib";
import { median, section, type Table, type Target } from "./section";

/*
 * SQLite drivers (section "sqlite"): Node's built-in `node:sqlite`, which Masthead uses, beside
 * better-sqlite3 when one is installed by hand in a folder named by BETTER_SQLITE3_DIR (its
 * install compiles SQLite; it is not a dependency). Both run the delivery store's own statements on a
 * file with its pragmas (WAL, synchronous=FULL: one fsync per commit), in interleaved rounds:
 * the enqueue transaction (BEGIN IMMEDIATE, a lookup, a count, an upsert) and the worker's
 * claim-then-deliver. The two drivers share the calls used here (exec, prepare, get, run), so one
 * loop serves both.
 */

type Driver = {
  exec(sql: string): unknown;
  prepare(sql: string): { get(...params: unknown[]): unknown; run(...params: unknown[]): unknown };
  close(): void;
};

const PRAGMAS = ["journal_mode = WAL", "synchronous = FULL", "secure_delete = ON", "busy_timeout = 5000"];
const SCHEMA = `
  CREATE TABLE signups (id INTEGER PRIMARY KEY AUTOINCREMENT, address_key TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL, queued_at INTEGER NOT NULL, lease_until INTEGER NOT NULL DEFAULT 0,
    failed_at INTEGER, failure TEXT);
  CREATE INDEX signups_state ON signups (failed_at, id);
  CREATE TABLE deliveries (at INTEGER NOT NULL);
  CREATE INDEX deliveries_at ON deliveries (at);`;

const OPS_PER_ROUND = 300;
const ROUNDS = 5;

type DriverResult = { name: string; enqueuePerSecond: number; deliverPerSecond: number };
type SqliteBench = { node: string; drivers: DriverResult[]; betterSqlite3Note?: string };

function transaction(db: Driver, work: () => void, begin = "BEGIN"): void {
  db.exec(begin);
  try {
    work();
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}

/** One round: OPS_PER_ROUND signups enqueued, then as many claimed and delivered; per second each. */
function round(db: Driver, offset: number): { enqueue: number; deliver: number } {
  const lookup = db.prepare("SELECT failed_at FROM signups WHERE address_key = ?");
  const count = db.prepare("SELECT count(*) AS n FROM signups WHERE failed_at IS NULL");
  const upsert = db.prepare(
    `INSERT INTO signups (address_key, email, queued_at) VALUES (?, ?, ?)
     ON CONFLICT (address_key) DO UPDATE SET email = excluded.email, queued_at = excluded.queued_at`,
  );
  const claim = db.prepare(
    `UPDATE signups SET lease_until = ? WHERE id = (
       SELECT id FROM signups WHERE failed_at IS NULL AND lease_until <= ? ORDER BY id LIMIT 1)
     RETURNING id`,
  );
  const remove = db.prepare("DELETE FROM signups WHERE id = ?");
  const delivered = db.prepare("INSERT INTO deliveries (at) VALUES (?)");

  let start = performance.now();
  for (let i = 0; i < OPS_PER_ROUND; i++) {
    const email = `reader${offset + i}@example.com`;
    transaction(
      db,
      () => {
        lookup.get(email);
        count.get();
        upsert.run(email, email, Date.now());
      },
      "BEGIN IMMEDIATE",
    );
  }
  const enqueue = OPS_PER_ROUND / ((performance.now() - start) / 1000);
  start = performance.now();
  for (let i = 0; i < OPS_PER_ROUND; i++) {
    const now = Date.now();
    const row = claim.get(now + 30_000, now) as { id: number };
    transaction(db, () => {
      remove.run(row.id);
      delivered.run(now);
    });
  }
  return { enqueue, deliver: OPS_PER_ROUND / ((performance.now() - start) / 1000) };
}

function openBetterSqlite3(file: string): Driver | string {
  try {
    // BETTER_SQLITE3_DIR: a folder where it was installed (`npm install better-sqlite3@13` there).
    const from = process.env.BETTER_SQLITE3_DIR ?? ROOT;
    const Database = createRequire(path.join(from, "package.json"))("better-sqlite3") as new (
      f: string,
    ) => Driver;
    const db = new Database(file);
    for (const pragma of PRAGMAS) db.exec(`PRAGMA ${pragma}`);
    return db;
  } catch (error) {
    return `better-sqlite3 not measured (${error instanceof Error ? error.message.split("\n")[0] : error}); install it by hand with \`npm install --no-save better-sqlite3@13\` to compare`;
  }
}

async function benchSqlite(): Promise<SqliteBench> {
  log("sqlite: the delivery store's statements on node:sqlite (and better-sqlite3 if installed)");
  const dir = mkdtempSync(path.join(os.tmpdir(), "masthead-sqlite-"));
  try {
    const opened: { name: string; db: Driver }[] = [
      { name: "node:sqlite", db: openSqlite(path.join(dir, "node.sqlite"), PRAGMAS) },
    ];
    const better = openBetterSqlite3(path.join(dir, "better.sqlite"));
    if (typeof better !== "string") opened.push({ name: "better-sqlite3", db: better });
    for (const { db } of opened) db.exec(SCHEMA);
    const samples = new Map(
      opened.map(({ name }) => [name, { enqueue: [] as number[], deliver: [] as number[] }]),
    );
    for (let r = 0; r < ROUNDS; r++) {
      // Mirrored order (A B, then B A) so neither driver always runs on a warmer disk.
      const order = r % 2 === 0 ? opened : [...opened].reverse();
      for (const { name, db } of order) {
        const { enqueue, deliver } = round(db, r * OPS_PER_ROUND);
        samples.get(name)!.enqueue.push(enqueue);
        samples.get(name)!.deliver.push(deliver);
      }
    }
    for (const { db } of opened) db.close();
    return {
      node: process.version,
      drivers: opened.map(({ name }) => ({
        name,
        enqueuePerSecond: median(samples.get(name)!.enqueue),
        deliverPerSecond: median(samples.get(name)!.deliver),
      })),
      betterSqlite3Note: typeof better === "string" ? better : undefined,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function sqliteTargets(b: SqliteBench): Target[] {
  const [native, other] = b.drivers;
  if (!native) return [];
  const targets: Target[] = [
    {
      name: `delivery store on node:sqlite (${b.node}): enqueues/s, fsynced`,
      value: native.enqueuePerSecond.toFixed(0),
      target: "> 300/s (the site-wide signup cap, per minute, fits in a second)",
      pass: native.enqueuePerSecond > 300,
    },
  ];
  if (other)
    targets.push({
      name: "enqueues/s: node:sqlite / better-sqlite3",
      value: `${(native.enqueuePerSecond / other.enqueuePerSecond).toFixed(2)}x`,
      target: "reported",
      pass: null,
    });
  return targets;
}

function sqliteTable(b: SqliteBench): Table {
  const rows = b.drivers.map((d) => [d.name, d.enqueuePerSecond.toFixed(0), d.deliverPerSecond.toFixed(0)]);
  if (b.betterSqlite3Note) rows.push([b.betterSqlite3Note, "", ""]);
  return {
    header: [
      `SQLite drivers (${ROUNDS} mirrored rounds of ${OPS_PER_ROUND}, WAL + fsync)`,
      "enqueue/s",
      "deliver/s",
    ],
    rows,
  };
}

export const sqlite = section({
  name: "sqlite",
  needs: "none",
  run: benchSqlite,
  targets: sqliteTargets,
  tables: (b) => [sqliteTable(b)],
});
