import "server-only";
import { createHmac } from "node:crypto";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { Asker } from "../http/client-key";
import { limiter, type LimiterOptions } from "../state";
import { budget, takeEach } from "../state/budget";
import { adminProcess } from "./process";

// The password sign-in's failure budgets (on Redis, every instance's), after OWASP on lockout versus
// denial of service: the throttle falls on whoever fails. Browsers without a device cookie are slowed
// per client and holder (lib/http/client-key.ts) across every account, and per account by a fixed
// 15-minute lockout binding only an account without a second factor (unknown emails count alike,
// so it tells no admin apart). A device (device.ts) has its own small budget strangers never reach.
// A point is taken atomically before the check (read-then-charge lets a burst pass) and given back
// when the attempt signs the admin in.

const WINDOW_SECONDS = 15 * 60;
export const ACCOUNT_FAILURE_LIMIT = 10;
export const CLIENT_FAILURE_LIMIT = 10;
export const HOLDER_FAILURE_LIMIT = 30;
export const DEVICE_FAILURE_LIMIT = 5;
const ACCOUNT_BUDGET = "admin-login-account";

/** Tests start from a clean slate: later attempts count under fresh keys. */
export function resetLoginLimits(): void {
  adminProcess().loginEpoch++;
}

function budgets(source: (opts: LimiterOptions) => RateLimiterAbstract = limiter) {
  const { loginEpoch } = adminProcess();
  const suffix = loginEpoch ? `-${loginEpoch}` : "";
  const make = (name: string, points: number) =>
    budget(name + suffix, { points, durationSeconds: WINDOW_SECONDS }, { onStoreFailure: "refuse", source });
  return {
    account: make(ACCOUNT_BUDGET, ACCOUNT_FAILURE_LIMIT),
    client: make("admin-login-client", CLIENT_FAILURE_LIMIT),
    holder: make("admin-login-holder", HOLDER_FAILURE_LIMIT),
    device: make("admin-login-device", DEVICE_FAILURE_LIMIT),
  };
}

/** What an attempt was charged (the device's budget, or the strangers'), to give back when it signs the admin in. */
export type Charged = Asker & { email: string; trustedDevice: string | null };

export type Taken =
  /** `accountLockedFor`: seconds left of the account's lockout (the attempt still goes on). */
  { ok: true; charged: Charged; accountLockedFor: number | null } | { ok: false; retryAfterSeconds: number };

/** A stranger's point: a spent client or holder budget refuses; a spent account's is for the sign-in to judge. */
export async function takeStrangerPoint(email: string, asker: Asker): Promise<Taken> {
  const b = budgets();
  const wait = await chargeFailure(asker);
  if (wait !== null) return { ok: false, retryAfterSeconds: wait };
  const byAccount = await b.account.take(email, { counted: false });
  return {
    ok: true,
    charged: { email, ...asker, trustedDevice: null },
    accountLockedFor: byAccount.ok ? null : byAccount.wait,
  };
}

/** A point of the client's and holder's budgets (also for a passkey answer or unlock token that failed): null, or the seconds to wait. */
export async function chargeFailure(asker: Asker): Promise<number | null> {
  const b = budgets();
  return takeEach([
    [b.client, asker.client],
    [b.holder, asker.holder],
  ]);
}

/** A device's point: true when its own budget had one (it is trusted for this attempt). */
export async function takeDevicePoint(deviceId: string): Promise<boolean> {
  return (await budgets().device.take(deviceId, { counted: false })).ok;
}

/** Gives back the point an attempt was charged, once it signed the admin in. */
export async function refund({ email, client, holder, trustedDevice }: Charged): Promise<void> {
  const b = budgets();
  if (trustedDevice) return b.device.reward(trustedDevice);
  await Promise.all([b.account.reward(email), b.client.reward(client), b.holder.reward(holder)]);
}

/** A device that signed in starts its budget afresh. */
export async function forgetDeviceFailures(deviceId: string): Promise<void> {
  await budgets()
    .device.delete(deviceId)
    .catch(() => {});
}

/** Ends the lockout of `email` now; the operator's command passes a Redis engine's limiter to reach every instance. */
export async function clearAccountLockout(
  email: string,
  source?: (opts: LimiterOptions) => RateLimiterAbstract,
): Promise<void> {
  await budgets(source).account.delete(email.trim().toLowerCase());
}

// Without Redis only the server holds the counters, so `npm run admin-unlock` asks it (POST UNLOCK_PATH).
export const UNLOCK_PATH = "/api/admin-unlock";

/** The bearer token of POST /api/admin-unlock: derived, so SESSION_SECRET itself never travels. */
export function unlockToken(sessionSecret: string): string {
  return createHmac("sha256", sessionSecret).update("masthead admin-unlock").digest("base64url");
}
