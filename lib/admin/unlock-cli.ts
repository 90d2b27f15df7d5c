// `npm run admin-unlock -- <email> [--url …]`: clears the lockout in Redis itself, else asks the running server (lib/admin/login-throttle.ts).
import { parseArgs } from "node:util";
import { z } from "zod";
import { ConfigError } from "../config/schema";
import { loadConfig } from "../config/startup";
import { createStateEngine } from "../state/engine";
import type { RedisTarget } from "../state/redis-fail-fast.mjs";
import { firstConnectionAttempt, isReady } from "../state/redis-fail-fast.mjs";
import { clearAccountLockout, UNLOCK_PATH, unlockToken } from "./login-throttle";

const USAGE = "Usage: npm run admin-unlock -- admin@your-team.org [--url http://127.0.0.1:3000]";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function inRedis(redis: RedisTarget, email: string): Promise<void> {
  const engine = createStateEngine({ redis, log: () => {} });
  try {
    const client = engine.connection()!;
    await firstConnectionAttempt(client);
    if (!isReady(client))
      fail(
        "Redis (REDIS_URL or REDIS_SENTINELS) did not answer: nothing was cleared. Check it is up and try again.",
      );
    await clearAccountLockout(email, engine.limiter);
  } finally {
    await engine.close();
  }
}

async function throughServer(base: string, sessionSecret: string, email: string): Promise<void> {
  const url = new URL(UNLOCK_PATH, base);
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${unlockToken(sessionSecret)}`, "content-type": "application/json" },
      body: JSON.stringify({ email }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    fail(
      `No server answered at ${url.origin}. Without REDIS_URL the lockout lives in the running server's memory: run this where the server runs, with its PORT, or pass --url.`,
    );
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { error?: unknown };
    fail(
      `The server refused (${response.status}): ${typeof answer.error === "string" ? answer.error : "no reason given"}`,
    );
  }
}

async function main(): Promise<void> {
  const options = { url: { type: "string" } } as const;
  const { values, positionals } = parseArgs({ options, allowPositionals: true, strict: false });
  const url = typeof values.url === "string" ? values.url : undefined;
  const email = positionals[0];
  if (!email || !z.email().safeParse(email).success) fail(`Give the admin's email. ${USAGE}`);
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const account = email.trim().toLowerCase();
  if (config.redis) await inRedis(config.redis, account);
  else await throughServer(url ?? `http://127.0.0.1:${config.port}`, config.sessionSecret, account);
  console.log(
    `Cleared the sign-in lockout of ${account}. Failures counted against the clients and networks that made them still hold for their 15 minutes.`,
  );
}

void main();
