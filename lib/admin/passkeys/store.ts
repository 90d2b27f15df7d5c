import type { SQLInputValue, SQLOutputValue } from "node:sqlite";
import { openSqlite, type SqliteDb } from "../../state/sqlite";

// Admins' sign-in credentials (a stolen copy signs nobody in): passkeys' public keys, passkeys-only,
// "sign out everywhere" and sealed two-factor; SQLite, or Redis (store-redis.ts) with REDIS_URL. The
// signature counter only moves forward, conditionally: racing sign-ins cannot move it back.

export type Passkey = {
  /** base64url, as the browser reports it. */
  id: string;
  /** Lower-cased, as ADMIN_USERS holds it. */
  email: string;
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  /** Backup eligibility (BE): fixed for the credential's life. */
  deviceType: "singleDevice" | "multiDevice";
  /** Backup state (BS): may change at each use. */
  backedUp: boolean;
  /** The user handle it was enrolled with, base64url: a sign-in's answer must carry the same. */
  userHandle: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
};

export type PasskeyUse = { counter: number; backedUp: boolean; at: number };

/** An admin's own second factor: the TOTP secret as lib/admin/two-factor.ts sealed it. */
export type StoredTwoFactor = { sealedSecret: string; recoveryHashes: string[] };

export type SignInState = { passkeysOnly: boolean; twoFactor: StoredTwoFactor | null; anyTwoFactor: boolean };

export type PasskeyStore = {
  list(email: string): Promise<Passkey[]>;
  get(id: string): Promise<Passkey | null>;
  /** False when a passkey with this id already exists (nothing is replaced). */
  add(passkey: Passkey): Promise<boolean>;
  /** Records a sign-in; false when the passkey is gone or its counter is already past `use.counter`. */
  recordUse(id: string, use: PasskeyUse): Promise<boolean>;
  rename(email: string, id: string, name: string): Promise<boolean>;
  remove(email: string, id: string): Promise<boolean>;
  removeAll(email: string): Promise<number>;
  setPasskeysOnly(email: string, on: boolean): Promise<void>;
  /** Epoch ms of the admin's last "sign out everywhere" (0: never): sessions begun by then have ended. */
  signedOutAt(email: string): Promise<number>;
  signOutEverywhere(email: string, at: number): Promise<void>;
  setTwoFactor(email: string, value: StoredTwoFactor | null): Promise<void>;
  /** A password sign-in's one read: the admin's choices, and whether any admin enrolled a second factor. */
  signInState(email: string): Promise<SignInState>;
  close(): Promise<void>;
};

/** Enough for every device; a bound on what a session can write. */
export const MAX_PASSKEYS_PER_ADMIN = 20;
export const MAX_NAME_LENGTH = 60;

/** A passkey from its stored fields, as either engine keeps them (numbers, or their strings); null when incomplete. */
export function toPasskey(f: Record<string, SQLOutputValue | undefined>): Passkey | null {
  if (!f.id || !f.email || !f.publicKey) return null;
  return {
    id: String(f.id),
    email: String(f.email),
    publicKey: String(f.publicKey),
    counter: Number(f.counter ?? 0),
    transports: JSON.parse(String(f.transports ?? "[]")) as string[],
    deviceType: f.deviceType === "multiDevice" ? "multiDevice" : "singleDevice",
    backedUp: f.backedUp === "1" || f.backedUp === 1,
    userHandle: String(f.userHandle ?? ""),
    name: String(f.name ?? ""),
    createdAt: Number(f.createdAt ?? 0),
    lastUsedAt: f.lastUsedAt ? Number(f.lastUsedAt) : null,
  };
}

// The columns under the Redis engine's field names, for toPasskey.
const COLUMNS = `id, email, public_key AS publicKey, counter, transports, device_type AS deviceType,
  backed_up AS backedUp, user_handle AS userHandle, name, created_at AS createdAt, last_used_at AS lastUsedAt`;

/** WAL, every write fsynced before it returns. */
export class SqlitePasskeyStore implements PasskeyStore {
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
      CREATE TABLE IF NOT EXISTS admin_two_factor (email TEXT PRIMARY KEY, value TEXT NOT NULL);
    `);
    // A file made before user handles were kept: its passkeys' is the one derived at enrolment (ceremony.ts).
    if (!db.prepare("SELECT 1 FROM pragma_table_info('passkeys') WHERE name = 'user_handle'").get())
      db.exec("ALTER TABLE passkeys ADD COLUMN user_handle TEXT");
    this.db = db;
    return db;
  }

  private run(sql: string, ...args: SQLInputValue[]): number {
    return Number(
      this.open()
        .prepare(sql)
        .run(...args).changes,
    );
  }

  private one<T>(sql: string, ...args: SQLInputValue[]): T | undefined {
    return this.open()
      .prepare(sql)
      .get(...args) as T | undefined;
  }

  async list(email: string): Promise<Passkey[]> {
    const rows = this.open().prepare(
      `SELECT ${COLUMNS} FROM passkeys WHERE email = ? ORDER BY created_at, id`,
    );
    return rows.all(email).flatMap((row) => toPasskey(row) ?? []);
  }

  async get(id: string): Promise<Passkey | null> {
    const row = this.one<Record<string, SQLOutputValue>>(`SELECT ${COLUMNS} FROM passkeys WHERE id = ?`, id);
    return row ? toPasskey(row) : null;
  }

  async add(p: Passkey): Promise<boolean> {
    const sql = `INSERT OR IGNORE INTO passkeys (id, email, public_key, counter, transports, device_type,
      backed_up, user_handle, name, created_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
    const { id, email, publicKey, counter, transports, deviceType, backedUp } = p;
    const values = [id, email, publicKey, counter, JSON.stringify(transports), deviceType, backedUp ? 1 : 0];
    return this.run(sql, ...values, p.userHandle, p.name, p.createdAt, p.lastUsedAt) === 1;
  }

  async recordUse(id: string, use: PasskeyUse): Promise<boolean> {
    // A counter of 0 on both sides is an authenticator that does not count: always accepted.
    const sql = `UPDATE passkeys SET counter = ?1, backed_up = ?2, last_used_at = ?3
      WHERE id = ?4 AND (counter < ?1 OR (counter = 0 AND ?1 = 0))`;
    return this.run(sql, use.counter, use.backedUp ? 1 : 0, use.at, id) === 1;
  }

  async rename(email: string, id: string, name: string): Promise<boolean> {
    return this.run("UPDATE passkeys SET name = ? WHERE id = ? AND email = ?", name, id, email) === 1;
  }

  async remove(email: string, id: string): Promise<boolean> {
    return this.run("DELETE FROM passkeys WHERE id = ? AND email = ?", id, email) === 1;
  }

  async removeAll(email: string): Promise<number> {
    return this.run("DELETE FROM passkeys WHERE email = ?", email);
  }

  async setPasskeysOnly(email: string, on: boolean): Promise<void> {
    if (on) this.run("INSERT OR IGNORE INTO admin_sign_in VALUES (?, 1)", email);
    else this.run("DELETE FROM admin_sign_in WHERE email = ?", email);
  }

  async signedOutAt(email: string): Promise<number> {
    return Number(
      this.one<{ at: number }>("SELECT at FROM admin_signed_out WHERE email = ?", email)?.at ?? 0,
    );
  }

  async signOutEverywhere(email: string, at: number): Promise<void> {
    this.run("INSERT OR REPLACE INTO admin_signed_out (email, at) VALUES (?, ?)", email, at);
  }

  async setTwoFactor(email: string, value: StoredTwoFactor | null): Promise<void> {
    if (value === null) this.run("DELETE FROM admin_two_factor WHERE email = ?", email);
    else this.run("INSERT OR REPLACE INTO admin_two_factor VALUES (?, ?)", email, JSON.stringify(value));
  }

  async signInState(email: string): Promise<SignInState> {
    const row = this.one<{ only: number | null; factor: string | null; anyFactor: number }>(
      `SELECT (SELECT passkeys_only FROM admin_sign_in WHERE email = ?1) AS only,
           (SELECT value FROM admin_two_factor WHERE email = ?1) AS factor,
           EXISTS (SELECT 1 FROM admin_two_factor) AS anyFactor`,
      email,
    )!;
    return {
      passkeysOnly: Boolean(row.only),
      twoFactor: row.factor ? (JSON.parse(row.factor) as StoredTwoFactor) : null,
      anyTwoFactor: Boolean(row.anyFactor),
    };
  }

  async close(): Promise<void> {
    if (this.db?.isOpen) this.db.close();
    this.db = undefined;
  }
}
