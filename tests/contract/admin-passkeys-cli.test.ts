import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SqlitePasskeyStore, type Passkey, type PasskeyStore } from "@/lib/admin/passkeys/store";
import { RedisPasskeyStore } from "@/lib/admin/passkeys/store-redis";
import { DEMO_ADMIN_EMAIL } from "@/lib/config/schema";
import { startTestRedis, type TestRedis } from "../helpers/redis-server";

/*
 * `npm run admin-passkeys`, as the operator runs it (the command docs/configuration.md gives),
 * against the store the instances use: the SQLite file of ADMIN_PASSKEY_STORE_PATH, and Redis
 * when REDIS_URL is set. It lists an admin's passkeys, removes one or all (the way back for a
 * lost device) and turns their password sign-in back on.
 */

const ROOT = path.resolve(__dirname, "../..");
const OTHER = "grace@example.com";

type Run = { code: number | null; stdout: string; stderr: string };

function cli(args: string[], env: Record<string, string>): Promise<Run> {
  const child = spawn("npm", ["run", "-s", "admin-passkeys", "--", ...args], {
    cwd: ROOT,
    env: { ...process.env, REDIS_URL: "", ...env, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, stdout, stderr })));
}

/** The audit lines a run wrote (JSON on stdout), and the rest: what the operator reads. */
function split(out: string): { audit: Record<string, unknown>[]; text: string } {
  const lines = out.split("\n");
  const audit = lines
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.kind === "admin_audit");
  return { audit, text: lines.filter((l) => !l.startsWith("{")).join("\n") };
}

let n = 0;
function passkey(email: string, name: string): Passkey {
  n += 1;
  return {
    id: `credential-${n}-${Math.random().toString(36).slice(2, 10)}`,
    email,
    publicKey: "pQECAyYgASFYIBr5cGkQ",
    counter: 3,
    transports: ["internal"],
    deviceType: "singleDevice",
    backedUp: false,
    userHandle: "aGFuZGxl",
    name,
    createdAt: Date.UTC(2026, 0, n),
    lastUsedAt: n % 2 ? null : Date.UTC(2026, 1, n),
  };
}

let dir: string;
let redis: TestRedis;
let redisClient: Redis;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "masthead-passkeys-cli-"));
  redis = await startTestRedis();
  redisClient = new Redis(redis.url);
});

afterAll(async () => {
  redisClient?.disconnect();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

type Setup = { name: string; store(): PasskeyStore; env(): Record<string, string> };
const file = () => path.join(dir, "admin-passkeys.sqlite");
const setups: Setup[] = [
  {
    name: "the SQLite file",
    store: () => new SqlitePasskeyStore(file()),
    env: () => ({ ADMIN_PASSKEY_STORE_PATH: file() }),
  },
  {
    name: "Redis",
    store: () => new RedisPasskeyStore(redisClient),
    env: () => ({ REDIS_URL: redis.url, ADMIN_PASSKEY_STORE_PATH: path.join(dir, "unused.sqlite") }),
  },
];

describe.each(setups)("npm run admin-passkeys on $name", (setup) => {
  it("lists, removes one, removes all, and turns the password back on", { timeout: 90_000 }, async () => {
    const store = setup.store();
    const laptop = passkey(DEMO_ADMIN_EMAIL, "Laptop");
    const phone = passkey(DEMO_ADMIN_EMAIL, "Phone");
    const key = passkey(DEMO_ADMIN_EMAIL, "Security key");
    const others = passkey(OTHER, "Grace's phone");
    for (const p of [laptop, phone, key, others]) await store.add(p);
    await store.setPasskeysOnly(DEMO_ADMIN_EMAIL, true);

    const listed = await cli(["list", DEMO_ADMIN_EMAIL.toUpperCase()], setup.env());
    expect(listed.code, listed.stderr).toBe(0);
    const { text } = split(listed.stdout);
    expect(text).toContain(`${DEMO_ADMIN_EMAIL}: 3 passkeys`);
    for (const p of [laptop, phone, key]) expect(text).toContain(p.id);
    expect(text).toContain("name: Phone");
    expect(text).not.toContain(others.id);
    expect(text).toContain("Password sign-in: off (passkeys only)");

    const removed = await cli(["remove", DEMO_ADMIN_EMAIL, phone.id], setup.env());
    expect(removed.code, removed.stderr).toBe(0);
    expect((await store.list(DEMO_ADMIN_EMAIL)).map((p) => p.id)).toEqual([laptop.id, key.id]);
    expect(split(removed.stdout).audit).toEqual([
      expect.objectContaining({ actor: "(operator)", action: "passkey_remove", outcome: "ok" }),
    ]);
    // Still passkeys only: two are left.
    expect((await store.signInState(DEMO_ADMIN_EMAIL)).passkeysOnly).toBe(true);

    const unknown = await cli(["remove", DEMO_ADMIN_EMAIL, phone.id], setup.env());
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`has no passkey ${phone.id}`);

    const all = await cli(["remove-all", DEMO_ADMIN_EMAIL], setup.env());
    expect(all.code, all.stderr).toBe(0);
    expect(split(all.stdout).text).toContain(`Removed 2 passkeys of ${DEMO_ADMIN_EMAIL}`);
    expect(await store.list(DEMO_ADMIN_EMAIL)).toEqual([]);
    expect((await store.signInState(DEMO_ADMIN_EMAIL)).passkeysOnly).toBe(false);
    // Another admin's passkeys are untouched.
    expect(await store.list(OTHER)).toEqual([others]);
  });

  it("password-on turns sign-in with the password back on", { timeout: 60_000 }, async () => {
    const store = setup.store();
    await store.setPasskeysOnly(DEMO_ADMIN_EMAIL, true);
    const run = await cli(["password-on", DEMO_ADMIN_EMAIL], setup.env());
    expect(run.code, run.stderr).toBe(0);
    expect(split(run.stdout).text).toContain(`The password of ${DEMO_ADMIN_EMAIL} signs them in again.`);
    expect((await store.signInState(DEMO_ADMIN_EMAIL)).passkeysOnly).toBe(false);
  });

  it(
    "two-factor-off turns off what the admin enrolled on the account page",
    { timeout: 60_000 },
    async () => {
      const store = setup.store();
      await store.setTwoFactor(DEMO_ADMIN_EMAIL, { sealedSecret: "Fe26.2**x", recoveryHashes: [] });
      await store.setTwoFactor(OTHER, { sealedSecret: "Fe26.2**y", recoveryHashes: [] });
      const run = await cli(["two-factor-off", DEMO_ADMIN_EMAIL], setup.env());
      expect(run.code, run.stderr).toBe(0);
      expect(split(run.stdout).text).toContain(`Two-factor of ${DEMO_ADMIN_EMAIL} is off`);
      expect((await store.signInState(DEMO_ADMIN_EMAIL)).twoFactor).toBeNull();
      expect((await store.signInState(OTHER)).twoFactor).not.toBeNull();
    },
  );
});

describe("npm run admin-passkeys, used wrongly", () => {
  it("says how to use it, and changes nothing", { timeout: 60_000 }, async () => {
    const env = { ADMIN_PASSKEY_STORE_PATH: file() };
    for (const args of [[], ["list"], ["forget", DEMO_ADMIN_EMAIL], ["remove", DEMO_ADMIN_EMAIL]]) {
      const run = await cli(args, env);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr).toContain("Usage: npm run admin-passkeys -- <command> <email> [id]");
    }
  });
});
