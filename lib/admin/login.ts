import "server-only";
import type { RateLimiterRes } from "rate-limiter-flexible";
import { env } from "../config/env";
import { metrics } from "../observability/metrics";
import { limiter, processMemo } from "../state";
import { readDevice, sealDevice } from "./device";
import { verifyPassword } from "../config/password-hash";
import { checkPassword, GateBusyError } from "./password-check";

/*
 * Checking an admin's credentials. Every attempt costs one scrypt, known email or not, so
 * timing does not reveal which emails are admins. Failures are counted (lib/state: shared by
 * every instance when Redis is configured) in three budgets:
 *  - per account, for clients without a device cookie for it: ten failures from anywhere lock
 *    the account for strangers, so guessing stays slow whoever guesses;
 *  - per client, for clients without a device cookie: one address cannot try many accounts;
 *  - per device, for a browser holding a device cookie for the account (lib/admin/device.ts):
 *    it is not locked out by failures it did not make, and has its own small budget; once that
 *    is spent it is treated as a stranger until the window ends.
 */

export const INVALID_CREDENTIALS = "Invalid email or password";
const WINDOW_SECONDS = 15 * 60;
export const ACCOUNT_FAILURE_LIMIT = 10;
export const CLIENT_FAILURE_LIMIT = 30;
export const DEVICE_FAILURE_LIMIT = 5;

// A hash of nothing anyone will type: lets unknown emails spend the same scrypt time.
const DUMMY_HASH = "scrypt:00000000000000000000000000000000:" + "0".repeat(128);

const epoch = processMemo("admin.loginLimitEpoch", () => ({ value: 0 }));

/** Tests start from a clean slate: later attempts count under fresh keys. */
export function resetLoginLimits(): void {
  epoch.value++;
}

function limiters() {
  const suffix = epoch.value ? `-${epoch.value}` : "";
  const budget = (keyPrefix: string, points: number) =>
    limiter({ keyPrefix: keyPrefix + suffix, points, durationSeconds: WINDOW_SECONDS });
  return {
    account: budget("admin-login-account", ACCOUNT_FAILURE_LIMIT),
    client: budget("admin-login-client", CLIENT_FAILURE_LIMIT),
    device: budget("admin-login-device", DEVICE_FAILURE_LIMIT),
  };
}

export type LoginAttempt = {
  email: string;
  password: string;
  /** lib/http/client-key.ts */
  client: string;
  /** The raw device cookie, if the browser sent one. */
  deviceCookie?: string | null;
};

export type LoginOutcome =
  | { ok: true; email: string; /** A fresh device cookie to set. */ deviceCookie: string }
  | { ok: false; reason: "invalid" }
  /** Too many password checks under way (a flood): nothing was checked or counted. */
  | { ok: false; reason: "busy"; retryAfterSeconds: number }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

function blockedFor(res: RateLimiterRes | null, limit: number): number {
  if (!res || res.consumedPoints < limit) return 0;
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

export async function checkLogin(attempt: LoginAttempt): Promise<LoginOutcome> {
  const budgets = limiters();
  const accountKey = attempt.email.toLowerCase();
  const user = env().adminUsers.find((u) => u.email === accountKey);

  const device = await readDevice(attempt.deviceCookie);
  const deviceForAccount = device && user && device.email === user.email ? device : null;
  const deviceUsed = deviceForAccount ? await budgets.device.get(deviceForAccount.id) : null;
  const trusted = deviceForAccount !== null && blockedFor(deviceUsed, DEVICE_FAILURE_LIMIT) === 0;

  if (!trusted) {
    const [a, c] = await Promise.all([budgets.account.get(accountKey), budgets.client.get(attempt.client)]);
    const accountWait = blockedFor(a, ACCOUNT_FAILURE_LIMIT);
    const wait = Math.max(accountWait, blockedFor(c, CLIENT_FAILURE_LIMIT));
    if (wait > 0) {
      metrics().rateLimited.inc({ limit: accountWait > 0 ? "admin-login-account" : "admin-login-client" });
      return { ok: false, reason: "rate_limited", retryAfterSeconds: wait };
    }
  }

  let matches: boolean;
  try {
    // A browser that signed in before skips the flood gate (strangers' floods must not lock it
    // out); its own failures are limited by the device budget above.
    const check = trusted ? verifyPassword : checkPassword;
    matches = await check(attempt.password, user?.passwordHash ?? DUMMY_HASH);
  } catch (error) {
    if (error instanceof GateBusyError) return { ok: false, reason: "busy", retryAfterSeconds: 1 };
    throw error;
  }
  if (user && matches && attempt.password.length > 0) {
    // The stranger budget is left as it is: a success must not hand an attacker a fresh one.
    if (deviceForAccount) await budgets.device.delete(deviceForAccount.id).catch(() => {});
    return { ok: true, email: user.email, deviceCookie: await sealDevice(user.email) };
  }
  // Count the failure; consume() rejects once the limit is passed, which is fine: get() above decides.
  if (trusted) {
    await budgets.device.consume(deviceForAccount.id).catch(() => {});
  } else {
    // Unknown addresses are counted too: a lockout only for real accounts would tell which are admins.
    await Promise.allSettled([budgets.account.consume(accountKey), budgets.client.consume(attempt.client)]);
  }
  return { ok: false, reason: "invalid" };
}
