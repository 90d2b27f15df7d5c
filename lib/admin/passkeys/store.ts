import { openSqlite, transaction, type SqliteDb } from "../../state/sqlite";

/*
 * Where admins' sign-in credentials live: passkeys' public keys and their bookkeeping, nothing
 * readable without SESSION_SECRET (a stolen copy signs nobody in). Two engines behind one shape, picked like the delivery store
 * (lib/admin/passkeys/index.ts): a SQLite file on one instance, Redis when REDIS_URL is set, so a
 * passkey enrolled on one instance works on every instance and survives restarts. Beside the
 * passkeys, each admin's "passkeys only" choice (their password no longer signs them in) and
 * when they last signed out everywhere: what a session checks to know it still stands
 * (lib/admin/access.ts), kept where the operator's command can change it without a server.
 * And the two-factor an admin enrolled from the account page (lib/admin/two-factor.ts): its
 * TOTP secret sealed with SESSION_SECRET, and its recovery codes' hashes.
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

/** An admin's own second factor: the TOTP secret as lib/admin/two-factor.ts sealed it, recovery-code hashes. */
export type StoredTwoFactor = { sealedSecret: string; recoveryHashes: string[] };

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
  twoFactor(email: string): Promise<StoredTwoFactor | null>;
  /** Replaces the admin's two-factor; null turns it off. */
  setTwoFactor(email: string, value: StoredTwoFactor | null): Promise<void>;
  /** Whether any admin enrolled one: then sign-in's code step is in use. */
  anyTwoFactor(): Promise<boolean>;
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
      CREATE TABLE IF NOT EXISTS admin_two_factor (email TEXT PRIMARY KEY, value TEXT NOT NULL);
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

  async twoFactor(email: string): Promise<StoredTwoFactor | null> {
    const row = this.open().prepare("SELECT value FROM admin_two_factor WHERE email = ?").get(email) as
      { value: string } | undefined;
    return row ? (JSON.parse(row.value) as StoredTwoFactor) : null;
  }

  async setTwoFactor(email: string, value: StoredTwoFactor | null): Promise<void> {
    const db = this.open();
    if (value === null) db.prepare("DELETE FROM admin_two_factor WHERE email = ?").run(email);
    else
      db.prepare(
        "INSERT INTO admin_two_factor (email, value) VALUES (?, ?) ON CONFLICT(email) DO UPDATE SET value = excluded.value",
      ).run(email, JSON.stringify(value));
  }

  async anyTwoFactor(): Promise<boolean> {
    return Boolean(this.open().prepare("SELECT 1 FROM admin_two_factor LIMIT 1").get());
  }

  async close(): Promise<void> {
    if (this.db?.isOpen) this.db.close();
    this.db = undefined;
  }
}

// The Redis engine lives beside this one; both answer to the shape above.
export { RedisPasskeyStore } from "./store-redis";
