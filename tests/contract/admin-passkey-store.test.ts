import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SqlitePasskeyStore, type Passkey, type PasskeyStore } from "@/lib/admin/passkeys/store";
import { RedisPasskeyStore } from "@/lib/admin/passkeys/store-redis";
import { startTestRedis, type TestRedis } from "../helpers/redis-server";

/*
 * The passkey store's contract, the same for both engines: the SQLite file (one instance, kept
 * across a restart: a second store on the same file) and Redis (two clients on one server: two
 * instances). The counter only moves forward; an admin's changes touch only their own passkeys.
 */

const ADA = "ada@example.com";
const GRACE = "grace@example.com";
let seq = 0;

function passkey(email: string, overrides: Partial<Passkey> = {}): Passkey {
  seq += 1;
  return {
    id: `cred${seq}_${Math.random().toString(36).slice(2)}`,
    email,
    publicKey: "pQECAyYgASFYIBr5cGkQ",
    counter: 0,
    transports: ["internal", "hybrid"],
    deviceType: "multiDevice",
    backedUp: false,
    userHandle: "aGFuZGxl",
    name: `Key ${seq}`,
    createdAt: 1_700_000_000_000 + seq,
    lastUsedAt: null,
    ...overrides,
  };
}

type Engine = { name: string; make(): Promise<[PasskeyStore, PasskeyStore]> };

let dir: string;
let redis: TestRedis;
const clients: Redis[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "masthead-passkeys-"));
  redis = await startTestRedis();
});

afterAll(async () => {
  for (const c of clients) c.disconnect();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const engines: Engine[] = [
  {
    name: "SQLite file",
    async make() {
      const file = path.join(dir, `passkeys-${Math.random().toString(36).slice(2)}.sqlite`);
      // The second store on the same file: the instance after a restart.
      return [new SqlitePasskeyStore(file), new SqlitePasskeyStore(file)];
    },
  },
  {
    name: "Redis",
    async make() {
      const a = new Redis(redis.url);
      const b = new Redis(redis.url);
      clients.push(a, b);
      await a.flushall();
      return [new RedisPasskeyStore(a), new RedisPasskeyStore(b)];
    },
  },
];

describe.each(engines)("passkey store on $name", (engine) => {
  it("keeps what was added, for the other instance (or after a restart) too", async () => {
    const [one, two] = await engine.make();
    const first = passkey(ADA, { backedUp: true, lastUsedAt: 5 });
    const second = passkey(ADA);
    const other = passkey(GRACE);
    expect(await one.add(second)).toBe(true);
    expect(await one.add(first)).toBe(true);
    expect(await one.add(other)).toBe(true);
    await one.close();
    // Oldest first, only the admin's own, every field as it was written.
    expect(await two.list(ADA)).toEqual([first, second].sort((a, b) => a.createdAt - b.createdAt));
    expect(await two.get(other.id)).toEqual(other);
    expect(await two.get("no-such-id")).toBeNull();
  });

  it("never replaces a passkey with the same id", async () => {
    const [store] = await engine.make();
    const original = passkey(ADA);
    expect(await store.add(original)).toBe(true);
    expect(await store.add({ ...original, email: GRACE, publicKey: "other" })).toBe(false);
    expect(await store.get(original.id)).toEqual(original);
    expect(await store.list(GRACE)).toEqual([]);
  });

  it("moves the signature counter forward only, and records the backup state and the use", async () => {
    const [one, two] = await engine.make();
    const counting = passkey(ADA, { counter: 5 });
    await one.add(counting);
    expect(await two.recordUse(counting.id, { counter: 6, backedUp: true, at: 1000 })).toBe(true);
    expect(await one.get(counting.id)).toMatchObject({ counter: 6, backedUp: true, lastUsedAt: 1000 });
    // Equal or lower: a possible clone, refused and left as it was.
    expect(await one.recordUse(counting.id, { counter: 6, backedUp: false, at: 2000 })).toBe(false);
    expect(await one.recordUse(counting.id, { counter: 3, backedUp: false, at: 2000 })).toBe(false);
    expect(await two.get(counting.id)).toMatchObject({ counter: 6, backedUp: true, lastUsedAt: 1000 });
    // An authenticator that does not count (always 0) is accepted every time.
    const silent = passkey(ADA);
    await one.add(silent);
    expect(await one.recordUse(silent.id, { counter: 0, backedUp: false, at: 3000 })).toBe(true);
    expect(await one.recordUse(silent.id, { counter: 0, backedUp: false, at: 4000 })).toBe(true);
    expect((await two.get(silent.id))?.lastUsedAt).toBe(4000);
    expect(await one.recordUse("gone", { counter: 1, backedUp: false, at: 1 })).toBe(false);
  });

  it("renames and removes an admin's own passkeys only", async () => {
    const [one, two] = await engine.make();
    const ada = passkey(ADA);
    const grace = passkey(GRACE);
    await one.add(ada);
    await one.add(grace);
    expect(await one.rename(GRACE, ada.id, "Not yours")).toBe(false);
    expect(await one.rename(ADA, ada.id, "Laptop")).toBe(true);
    expect((await two.get(ada.id))?.name).toBe("Laptop");
    expect(await one.remove(GRACE, ada.id)).toBe(false);
    expect(await two.get(ada.id)).not.toBeNull();
    expect(await one.remove(ADA, ada.id)).toBe(true);
    expect(await two.get(ada.id)).toBeNull();
    expect(await two.list(ADA)).toEqual([]);
    expect(await one.remove(ADA, ada.id)).toBe(false);
    expect(await two.list(GRACE)).toEqual([grace]);
  });

  it("removes every passkey of one admin", async () => {
    const [one, two] = await engine.make();
    const keys = [passkey(ADA), passkey(ADA), passkey(ADA)];
    for (const k of keys) await one.add(k);
    const grace = passkey(GRACE);
    await one.add(grace);
    expect(await two.removeAll(ADA)).toBe(3);
    expect(await one.list(ADA)).toEqual([]);
    for (const k of keys) expect(await one.get(k.id)).toBeNull();
    expect(await one.list(GRACE)).toEqual([grace]);
    expect(await two.removeAll(ADA)).toBe(0);
  });

  it("keeps each admin's passkeys-only choice", async () => {
    const [one, two] = await engine.make();
    expect((await one.signInState(ADA)).passkeysOnly).toBe(false);
    await one.setPasskeysOnly(ADA, true);
    await one.setPasskeysOnly(ADA, true);
    expect((await two.signInState(ADA)).passkeysOnly).toBe(true);
    expect((await two.signInState(GRACE)).passkeysOnly).toBe(false);
    await two.setPasskeysOnly(ADA, false);
    expect((await one.signInState(ADA)).passkeysOnly).toBe(false);
  });

  it("keeps each admin's own two-factor, replaced whole and turned off on its own", async () => {
    const [one, two] = await engine.make();
    expect(await one.signInState(ADA)).toEqual({ passkeysOnly: false, twoFactor: null, anyTwoFactor: false });
    expect((await one.signInState(ADA)).twoFactor).toBeNull();
    const ada = {
      sealedSecret: "Fe26.2**sealed",
      recoveryHashes: ["aaaaaaaaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbbbbbbbb"],
    };
    await one.setTwoFactor(ADA, ada);
    expect((await two.signInState(ADA)).twoFactor).toEqual(ada);
    expect((await two.signInState(GRACE)).twoFactor).toBeNull();
    await two.setPasskeysOnly(GRACE, true);
    expect(await two.signInState(GRACE)).toEqual({ passkeysOnly: true, twoFactor: null, anyTwoFactor: true });
    expect(await one.signInState(ADA)).toEqual({ passkeysOnly: false, twoFactor: ada, anyTwoFactor: true });
    const regenerated = { ...ada, recoveryHashes: ["cccccccccccccccccccccc"] };
    await two.setTwoFactor(ADA, regenerated);
    expect((await one.signInState(ADA)).twoFactor).toEqual(regenerated);
    await one.setTwoFactor(ADA, null);
    expect((await two.signInState(ADA)).twoFactor).toBeNull();
    expect((await two.signInState(ADA)).anyTwoFactor).toBe(false);
  });
});
