import "server-only";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { Asker } from "../http/client-key";
import { limiter, type LimiterOptions } from "../state";
import { budget, takeEach } from "../state/budget";
import { adminProcess } from "./process";

/*
 * The password sign-in's failure budgets (lib/state: shared by every instance when Redis is
 * configured), following OWASP's Authentication Cheat Sheet on lockout versus denial of service:
 * the throttle falls on whoever fails, and a lockout of the account itself is short, never grows,
 * and never stands between the rightful admin and their second factor.
 *
 *  - per client (an IPv4 address or IPv6 /64) and per holder (an IPv4 /24 or IPv6 /48:
 *    lib/http/client-key.ts), for browsers without a device cookie for the account: the
 *    clients and holders that fail are slowed, across every account, and nobody else is.
 *    Passkey answers that sign nobody in and wrong unlock tokens spend the same two (chargeFailure);
 *  - per account, for the same browsers: ten failures from anywhere make the account's own
 *    guessing stop for the rest of a fixed 15-minute window (never longer, never doubled, and
 *    `npm run admin-unlock` ends it at once). It binds only an account that has no second
 *    factor: an admin with one still gets the code step, and the right password with the right
 *    code signs them in whatever others did (lib/admin/login.ts). Guessing a code then needs the
 *    password first and is slowed per client and holder; unknown emails are counted like
 *    accounts, so a lockout does not tell which emails are admins;
 *  - per device, for a browser holding a device cookie for the account (lib/admin/device.ts):
 *    strangers' failures never reach it; it has its own small budget, and once that is spent it
 *    is treated as a stranger until the window ends.
 *
 * A point is taken before the password is checked, in one atomic step per budget (consume: an
 * increment in memory, or in Redis): budgets read first and charged after the (slow) password
 * check let a burst of concurrent attempts all pass on the same count. It is given back when the
 * attempt signs the admin in. A passkey's answer is checked first and charged only when it fails,
 * so a passkey always signs its admin in, whatever others did.
 */

const WINDOW_SECONDS = 15 * 60;
export const ACCOUNT_FAILURE_LIMIT = 10;
export const CLIENT_FAILURE_LIMIT = 10;
export const HOLDER_FAILURE_LIMIT = 30;
export const DEVICE_FAILURE_LIMIT = 5;
/** The account budget's name, for the operator's unlock (lib/admin/unlock.ts). */
export const ACCOUNT_BUDGET = "admin-login-account";

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

/** What an attempt was charged, to give back when it signs the admin in. */
export type Charged = Asker & {
  /** The email as typed (lower-cased), known admin or not. */
  email: string;
  /** The device whose budget was charged instead of the stranger budgets. */
  trustedDevice: string | null;
};

export type Taken =
  | {
      ok: true;
      charged: Charged;
      /** Seconds left of the account's lockout when its budget was spent (the attempt still goes on). */
      accountLockedFor: number | null;
    }
  | { ok: false; retryAfterSeconds: number };

/**
 * A stranger's point, before anything is checked: the client's, the holder's, then the
 * account's. A spent client or holder budget refuses the attempt; a spent account budget is
 * reported (`accountLockedFor`) for the sign-in to decide, since it must not bind an admin who
 * proves a second factor.
 */
export async function takeStrangerPoint(email: string, asker: Asker): Promise<Taken> {
  const b = budgets();
  const wait = await takeEach([
    [b.client, asker.client],
    [b.holder, asker.holder],
  ]);
  if (wait !== null) return { ok: false, retryAfterSeconds: wait };
  const byAccount = await b.account.take(email, { counted: false });
  return {
    ok: true,
    charged: { email, ...asker, trustedDevice: null },
    accountLockedFor: byAccount.ok ? null : byAccount.wait,
  };
}

/**
 * A failure that checked no password (a passkey answer that signed nobody in, a wrong unlock
 * token), charged to its client and holder like a wrong password: null while they had points,
 * else the seconds to wait.
 */
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

/**
 * Ends the lockout of `email` (the account's budget) now. `source` is lib/state's limiter (the
 * running app's); the operator's command passes a Redis engine's to reach every instance.
 */
export async function clearAccountLockout(
  email: string,
  source?: (opts: LimiterOptions) => RateLimiterAbstract,
): Promise<void> {
  await budgets(source).account.delete(email.trim().toLowerCase());
}
