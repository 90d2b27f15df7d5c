import "server-only";
import { RateLimiterMemory, type RateLimiterRes } from "rate-limiter-flexible";
import { env } from "../env";
import { verifyPassword } from "./password";

/*
 * Checking an admin's credentials. Every attempt costs one scrypt, known email or not, so
 * timing does not reveal which emails are admins; failures are counted per account and
 * per client, and either limit answers 429 until it resets.
 */

export const INVALID_CREDENTIALS = "Invalid email or password";
const WINDOW_SECONDS = 15 * 60;
export const ACCOUNT_FAILURE_LIMIT = 10;
export const CLIENT_FAILURE_LIMIT = 30;

// A hash of nothing anyone will type: lets unknown emails spend the same scrypt time.
const DUMMY_HASH = "scrypt:00000000000000000000000000000000:" + "0".repeat(128);

type Limiters = { account: RateLimiterMemory; client: RateLimiterMemory };
const KEY = Symbol.for("masthead.admin.loginLimiters");
const store = globalThis as unknown as Record<symbol, Limiters | undefined>;

function limiters(): Limiters {
  return (store[KEY] ??= {
    account: new RateLimiterMemory({
      keyPrefix: "admin-login-account",
      points: ACCOUNT_FAILURE_LIMIT,
      duration: WINDOW_SECONDS,
    }),
    client: new RateLimiterMemory({
      keyPrefix: "admin-login-client",
      points: CLIENT_FAILURE_LIMIT,
      duration: WINDOW_SECONDS,
    }),
  });
}

/** Tests start from a clean slate. */
export function resetLoginLimits(): void {
  store[KEY] = undefined;
}

export type LoginOutcome =
  | { ok: true; email: string }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

function blockedFor(res: RateLimiterRes | null, limit: number): number {
  if (!res || res.consumedPoints < limit) return 0;
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

export async function checkLogin(email: string, password: string, client: string): Promise<LoginOutcome> {
  const { account, client: perClient } = limiters();
  const accountKey = email.toLowerCase();
  const [a, c] = await Promise.all([account.get(accountKey), perClient.get(client)]);
  const wait = Math.max(blockedFor(a, ACCOUNT_FAILURE_LIMIT), blockedFor(c, CLIENT_FAILURE_LIMIT));
  if (wait > 0) return { ok: false, reason: "rate_limited", retryAfterSeconds: wait };

  const user = env().adminUsers.find((u) => u.email === accountKey);
  const matches = verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (user && matches && password.length > 0) {
    await account.delete(accountKey);
    return { ok: true, email: user.email };
  }
  // Count the failure; consume() rejects once the limit is passed, which is fine: get() above decides.
  await Promise.allSettled([account.consume(accountKey), perClient.consume(client)]);
  return { ok: false, reason: "invalid" };
}
