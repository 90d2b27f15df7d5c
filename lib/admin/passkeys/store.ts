import type { Redis } from "ioredis";
import { openSqlite, transaction, type SqliteDb } from "../../state/sqlite";

/*
 * Where admins' passkeys live: public keys and their bookkeeping, nothing secret (a stolen copy
 * signs nobody in). Two engines behind one shape, picked like the delivery store
 * (lib/admin/passkeys/index.ts): a SQLite file on one instance, Redis when REDIS_URL is set, so a
 * passkey enrolled on one instance works on every instance and survives restarts. Beside the
 * passkeys, each admin's "passkeys only" choice (their password no longer signs them in) and
 * when they last signed out everywhere: what a session checks to know it still stands
 * (lib/admin/access.ts), kept where the operator's command can change it without a server.
 *
 * The signature counter only moves forward (spec: a counter that does not grow may mean a
 * cloned authenticator, and verification refuses it first); the update here is conditional as
 * well, so two sign-ins racing cannot move it back.
 */

export type CredentialDeviceType = "singleDevice" | "multiDevice";

export type Passkey = {
  /** The credential id, base64url, as the browser reports it. */
  id: string;
  /** Lower-cased, as ADMIN_USERS holds it. */
  email: string;
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  /** Backup eligibility (BE): fixed for the credential's life. */
  deviceType: CredentialDeviceType;
  /** Backup state (BS): may change at each use. */
  backedUp: boolean;
  /** The user handle it was enrolled with, base64url: a sign-in's answer must carry the same. */
  userHandle: string;
  name: string;
  /** Epoch ms. */
  createdAt: number;
  lastUsedAt: number | null;
};

export type PasskeyUse = { counter: number; backedUp: boolean; at: number };

export type PasskeyStore = {
  readonly engine: "sqlite" | "redis";
  /** An admin's passkeys, oldest first. */
  list(email: string): Promise<Passkey[]>;
  get(id: string): Promise<Passkey | null>;
  /** False when a passkey with this id already exists (nothing is replaced). */
  add(passkey: Passkey): Promise<boolean>;
  /** Records a sign-in; false when the passkey is gone or its counter is already past `use.counter`. */
  recordUse(id: string, use: PasskeyUse): Promise<boolean>;
  rename(email: string, id: string, name: string): Promise<boolean>;
  remove(email: string, id: string): Promise<boolean>;
  /** How many were removed. */
  removeAll(email: string): Promise<number>;
  /** Whether the admin turned their password sign-in off. */
  passkeysOnly(email: string): Promise<boolean>;
  setPasskeysOnly(email: string, on: boolean): Promise<void>;
  /** Epoch ms of the admin's last "sign out everywhere" (0: never): sessions begun by then have ended. */
  signedOutAt(email: string): Promise<number>;
  signOutEverywhere(email: string, at: number): Promise<void>;
  close(): Promise<void>;
};

/** Most passkeys one admin may hold: enough for every device, a bound on what a session can write. */
export const MAX_PASSKEYS_PER_ADMIN = 20;
export const MAX_NAME_LENGTH = 60;

type Row = {
  id: string;
  email: string;
  public_key: string;
  counter: number;
  transports: string;
  device_type: string;
  backed_up: number;
  user_handle: string | null;
  name: string;
  created_at: number;
  last_used_at: number | null;
};

function fromRow(row: Row): Passkey {
  return {
    id: row.id,
    email: row.email,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: JSON.parse(row.transports) as string[],
    deviceType: row.device_type === "multiDevice" ? "multiDevice" : "singleDevice",
    backedUp: Boolean(row.backed_up),
    userHandle: row.user_handle ?? "",
    name: row.name,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  };
}

/** The embedded engine: one SQLite file, WAL, every write fsynced before it returns. */
export class SqlitePasskeyStore implements PasskeyStore {
  readonly engine = "sqlite" as const;
  private db: SqliteDb | undefined;

  constructor(private readonly file: string) {}

  private open(): SqliteDb {
    if (this.db?.isOpen) return this.db;
    const db = openSqlite(this.file, ["journal_mode = WAL", "synchronous = FULL", "busy_timeout = 5000"]);
    db.exec(`
      CREATE TABLE IF NOT EXISTS passkeys (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        public_key TEXT NOT NULL,
        counter INTEGER NOT NULL,
        transports TEXT NOT NULL,
        device_type TEXT NOT NULL,
        backed_up INTEGER NOT NULL,
        name TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        last_used_at INTEGER
      );
      CREATE INDEX IF NOT EXISTS passkeys_email ON passkeys (email, created_at);
      CREATE TABLE IF NOT EXISTS admin_sign_in (
        email TEXT PRIMARY KEY,
        passkeys_only INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS admin_signed_out (email TEXT PRIMARY KEY, at INTEGER NOT NULL);
    `);
    // A file made before user handles were kept: its passkeys' is the one derived at enrolment (ceremony.ts).
    if (!db.prepare("SELECT 1 FROM pragma_table_info('passkeys') WHERE name = 'user_handle'").get())
      db.exec("ALTER TABLE passkeys ADD COLUMN user_handle TEXT");
    this.db = db;
    return db;
  }

  async list(email: string): Promise<Passkey[]> {
    const rows = this.open()
      .prepare("SELECT * FROM passkeys WHERE email = ? ORDER BY created_at, id")
      .all(email) as Row[];
    return rows.map(fromRow);
  }

  async get(id: string): Promise<Passkey | null> {
    const row = this.open().prepare("SELECT * FROM passkeys WHERE id = ?").get(id) as Row | undefined;
    return row ? fromRow(row) : null;
  }

  async add(p: Passkey): Promise<boolean> {
    const result = this.open()
      .prepare(
        `INSERT OR IGNORE INTO passkeys
           (id, email, public_key, counter, transports, device_type, backed_up, user_handle, name, created_at, last_used_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        p.id,
        p.email,
        p.publicKey,
        p.counter,
        JSON.stringify(p.transports),
        p.deviceType,
        p.backedUp ? 1 : 0,
        p.userHandle,
        p.name,
        p.createdAt,
        p.lastUsedAt,
      );
    return Number(result.changes) === 1;
  }

  async recordUse(id: string, use: PasskeyUse): Promise<boolean> {
    // A counter of 0 on both sides is an authenticator that does not count: always accepted.
    const result = this.open()
      .prepare(
        `UPDATE passkeys SET counter = ?, backed_up = ?, last_used_at = ?
         WHERE id = ? AND (counter < ? OR (counter = 0 AND ? = 0))`,
      )
      .run(use.counter, use.backedUp ? 1 : 0, use.at, id, use.counter, use.counter);
    return Number(result.changes) === 1;
  }

  async rename(email: string, id: string, name: string): Promise<boolean> {
    const result = this.open()
      .prepare("UPDATE passkeys SET name = ? WHERE id = ? AND email = ?")
      .run(name, id, email);
    return Number(result.changes) === 1;
  }

  async remove(email: string, id: string): Promise<boolean> {
    const result = this.open().prepare("DELETE FROM passkeys WHERE id = ? AND email = ?").run(id, email);
    return Number(result.changes) === 1;
  }

  async removeAll(email: string): Promise<number> {
    const result = this.open().prepare("DELETE FROM passkeys WHERE email = ?").run(email);
    return Number(result.changes);
  }

  async passkeysOnly(email: string): Promise<boolean> {
    const row = this.open().prepare("SELECT passkeys_only FROM admin_sign_in WHERE email = ?").get(email) as
      { passkeys_only: number } | undefined;
    return Boolean(row?.passkeys_only);
  }

  async setPasskeysOnly(email: string, on: boolean): Promise<void> {
    const db = this.open();
    transaction(db, () => {
      if (on)
        db.prepare(
          "INSERT INTO admin_sign_in (email, passkeys_only) VALUES (?, 1) ON CONFLICT(email) DO UPDATE SET passkeys_only = 1",
        ).run(email);
      else db.prepare("DELETE FROM admin_sign_in WHERE email = ?").run(email);
    });
  }

  async signedOutAt(email: string): Promise<number> {
    const row = this.open().prepare("SELECT at FROM admin_signed_out WHERE email = ?").get(email) as
      { at: number } | undefined;
    return Number(row?.at ?? 0);
  }

  async signOutEverywhere(email: string, at: number): Promise<void> {
    this.open()
      .prepare(
        "INSERT INTO admin_signed_out (email, at) VALUES (?, ?) ON CONFLICT(email) DO UPDATE SET at = ?",
      )
      .run(email, at, at);
  }

  async close(): Promise<void> {
    if (this.db?.isOpen) this.db.close();
    this.db = undefined;
  }
}

const ROOT = "masthead:passkeys";
const credentialKey = (id: string) => `${ROOT}:credential:${id}`;
const adminKey = (email: string) => `${ROOT}:admin:${email}`;
const PASSKEYS_ONLY = `${ROOT}:passkeys-only`;
const SIGNED_OUT = `${ROOT}:signed-out`;

/** Sets the counter, backup state and last use, only if the passkey exists and its counter moves forward. */
const RECORD_USE = `
local current = redis.call('HGET', KEYS[1], 'counter')
if not current then return 0 end
current = tonumber(current)
local next = tonumber(ARGV[1])
if current < next or (current == 0 and next == 0) then
  redis.call('HSET', KEYS[1], 'counter', ARGV[1], 'backedUp', ARGV[2], 'lastUsedAt', ARGV[3])
  return 1
end
return 0`;

/** Adds the credential unless its id exists, and indexes it under its admin, in one step. */
const ADD = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV))
redis.call('SADD', KEYS[2], ARGV[2])
return 1`;

/**
 * The shared engine: a hash per credential, a set of ids per admin, a set of passkeys-only
 * admins, a hash of when each admin last signed out everywhere.
 */
export class RedisPasskeyStore implements PasskeyStore {
  readonly engine = "redis" as const;

  constructor(
    private readonly redis: Redis,
    /** Resolves once the connection's first attempt is answered (lib/state), so a first request does not miss Redis. */
    private readonly ready: () => Promise<void> = async () => {},
  ) {}

  private async client(): Promise<Redis> {
    await this.ready();
    return this.redis;
  }

  private static fromHash(hash: Record<string, string>): Passkey | null {
    if (!hash.id || !hash.email || !hash.publicKey) return null;
    return {
      id: hash.id,
      email: hash.email,
      publicKey: hash.publicKey,
      counter: Number(hash.counter ?? 0),
      transports: JSON.parse(hash.transports ?? "[]") as string[],
      deviceType: hash.deviceType === "multiDevice" ? "multiDevice" : "singleDevice",
      backedUp: hash.backedUp === "1",
      userHandle: hash.userHandle ?? "",
      name: hash.name ?? "",
      createdAt: Number(hash.createdAt ?? 0),
      lastUsedAt: hash.lastUsedAt ? Number(hash.lastUsedAt) : null,
    };
  }

  async list(email: string): Promise<Passkey[]> {
    const redis = await this.client();
    const ids = await redis.smembers(adminKey(email));
    const found = await Promise.all(ids.map((id) => this.get(id)));
    return found
      .filter((p): p is Passkey => p !== null && p.email === email)
      .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  }

  async get(id: string): Promise<Passkey | null> {
    const redis = await this.client();
    return RedisPasskeyStore.fromHash(await redis.hgetall(credentialKey(id)));
  }

  async add(p: Passkey): Promise<boolean> {
    const redis = await this.client();
    const fields = {
      id: p.id,
      email: p.email,
      publicKey: p.publicKey,
      counter: String(p.counter),
      transports: JSON.stringify(p.transports),
      deviceType: p.deviceType,
      backedUp: p.backedUp ? "1" : "0",
      userHandle: p.userHandle,
      name: p.name,
      createdAt: String(p.createdAt),
      lastUsedAt: p.lastUsedAt === null ? "" : String(p.lastUsedAt),
    };
    // `id` first: the script indexes ARGV[2], the id's value.
    const argv = Object.entries(fields).flat();
    const added = await redis.eval(ADD, 2, credentialKey(p.id), adminKey(p.email), ...argv);
    return added === 1;
  }

  async recordUse(id: string, use: PasskeyUse): Promise<boolean> {
    const redis = await this.client();
    const done = await redis.eval(
      RECORD_USE,
      1,
      credentialKey(id),
      String(use.counter),
      use.backedUp ? "1" : "0",
      String(use.at),
    );
    return done === 1;
  }

  async rename(email: string, id: string, name: string): Promise<boolean> {
    const existing = await this.get(id);
    if (!existing || existing.email !== email) return false;
    await (await this.client()).hset(credentialKey(id), "name", name);
    return true;
  }

  async remove(email: string, id: string): Promise<boolean> {
    const existing = await this.get(id);
    if (!existing || existing.email !== email) return false;
    const redis = await this.client();
    await redis.multi().del(credentialKey(id)).srem(adminKey(email), id).exec();
    return true;
  }

  async removeAll(email: string): Promise<number> {
    const redis = await this.client();
    const ids = await redis.smembers(adminKey(email));
    if (ids.length === 0) return 0;
    const removed = await redis.del(...ids.map(credentialKey));
    await redis.del(adminKey(email));
    return removed;
  }

  async passkeysOnly(email: string): Promise<boolean> {
    return (await (await this.client()).sismember(PASSKEYS_ONLY, email)) === 1;
  }

  async setPasskeysOnly(email: string, on: boolean): Promise<void> {
    const redis = await this.client();
    if (on) await redis.sadd(PASSKEYS_ONLY, email);
    else await redis.srem(PASSKEYS_ONLY, email);
  }

  async signedOutAt(email: string): Promise<number> {
    return Number((await (await this.client()).hget(SIGNED_OUT, email)) ?? 0);
  }

  async signOutEverywhere(email: string, at: number): Promise<void> {
    await (await this.client()).hset(SIGNED_OUT, email, String(at));
  }

  async close(): Promise<void> {
    // The connection is lib/state's, closed with the rest of the state.
  }
}
