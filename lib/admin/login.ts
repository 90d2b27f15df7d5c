import "server-only";
import type { RateLimiterRes } from "rate-limiter-flexible";
import { env } from "../config/env";
import { metrics } from "../observability/metrics";
import { firstUse, limiter, processMemo } from "../state";
import { readDevice, sealDevice } from "./device";
import { verifyPassword } from "../config/password-hash";
import { checkPassword, GateBusyError } from "./password-check";
import { readPendingStep, sealPendingStep, type PendingStep } from "./second-step";
import type { NotAdminReason } from "./access";
import { standingAtSignIn } from "./standing";
import { CODE_MEMORY_SECONDS, matchingStep, normalizeCode } from "./totp";

/*
 * Signing an admin in, in one or two steps. Every password check costs one scrypt, known email
 * or not, so timing does not reveal which emails are admins. Then:
 *  - an admin without an ADMIN_TOTP secret and the right password is signed in;
 *  - when any admin has a secret, every other attempt (right password of an admin with a
 *    secret, wrong password, unknown email) gets the same second step, an "Authentication
 *    code" asked for in a sealed cookie that says, unreadably, whether the password was right.
 *    Only the code step's answer tells, so nothing reveals the password alone. The step expires
 *    after 5 minutes and is used once; a code is accepted once (lib/state, every instance);
 *  - last, the workspace must still count the admin as one (lib/admin/standing.ts, fail closed).
 *
 * Failures are counted (lib/state: shared by every instance when Redis is configured) in three
 * budgets:
 *  - per account, for clients without a device cookie for it: ten failures from anywhere lock
 *    the account for strangers, so guessing stays slow whoever guesses;
 *  - per client, for clients without a device cookie: one address cannot try many accounts;
 *  - per device, for a browser holding a device cookie for the account (lib/admin/device.ts):
 *    it is not locked out by failures it did not make, and has its own small budget; once that
 *    is spent it is treated as a stranger until the window ends.
 * A second step is counted as a failure when it is handed out (right password or not, so the
 * budgets do not tell either) and the point is given back when its code signs the admin in: a
 * wrong code costs what a wrong password costs.
 */

/** Every way a sign-in attempt ends: the audit line's `detail` and what is counted. */
export const LOGIN_OUTCOMES = [
  "ok",
  "code_required",
  "invalid",
  "wrong_code",
  "replayed_code",
  "step_expired",
  "not_admin",
  "workspace_unreachable",
  "rate_limited",
  "busy",
] as const;
export type LoginOutcomeName = (typeof LOGIN_OUTCOMES)[number];

export const INVALID_CREDENTIALS = "Invalid email or password";
export const INVALID_SECOND_STEP = "Invalid email, password or authentication code. Enter them again.";
export const STEP_EXPIRED =
  "The sign-in was not finished within 5 minutes. Enter your email and password again.";
export const WORKSPACE_UNREACHABLE_AT_SIGN_IN =
  "Masthead cannot reach the workspace to confirm that you are an active admin, so it cannot sign you in right now. Try again in a minute.";
const WINDOW_SECONDS = 15 * 60;
export const ACCOUNT_FAILURE_LIMIT = 10;
export const CLIENT_FAILURE_LIMIT = 30;
export const DEVICE_FAILURE_LIMIT = 5;

// A hash of nothing anyone will type: lets unknown emails spend the same scrypt time.
const DUMMY_HASH = "scrypt:00000000000000000000000000000000:" + "0".repeat(128);
// Checked against when there is no real secret, so every code step costs the same.
const DUMMY_SECRET = "A".repeat(32);

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

/** Codes accepted, by admin and time step; second steps used, by id. */
const usedCodes = () => firstUse("admin-totp-code", { ttlSeconds: CODE_MEMORY_SECONDS });
const usedSteps = () => firstUse("admin-login-step", { ttlSeconds: 10 * 60 });

export type LoginAttempt = {
  email: string;
  password: string;
  /** lib/http/client-key.ts */
  client: string;
  /** The raw device cookie, if the browser sent one. */
  deviceCookie?: string | null;
};

export type CodeAttempt = {
  /** The raw second-step cookie, if the browser sent one. */
  pendingCookie?: string | null;
  code: string;
  deviceCookie?: string | null;
};

export type LoginOutcome =
  | { outcome: "ok"; email: string; /** A fresh device cookie to set. */ deviceCookie: string }
  /** Ask for the code: `pending` is the sealed second step to set as a cookie. */
  | { outcome: "code_required"; pending: string }
  | { outcome: "not_admin"; email: string; reason: NotAdminReason }
  | { outcome: "workspace_unreachable"; email: string }
  | { outcome: "invalid" | "wrong_code" | "replayed_code" | "step_expired"; email?: string }
  /** Too many password checks under way (a flood): nothing was checked or counted. */
  | { outcome: "busy"; retryAfterSeconds: number }
  | { outcome: "rate_limited"; retryAfterSeconds: number };

function blockedFor(res: RateLimiterRes | null, limit: number): number {
  if (!res || res.consumedPoints < limit) return 0;
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/** Whether any admin has a second factor: then no password is judged before its code step. */
function secondStepInUse(): boolean {
  return Object.keys(env().adminAccess.totpSecrets).length > 0;
}

type Charged = Pick<PendingStep, "email" | "client" | "trustedDevice">;

/** Counts one failure against the budgets that judged this attempt. */
async function countFailure({ email, client, trustedDevice }: Charged): Promise<void> {
  const budgets = limiters();
  // consume() rejects once the limit is passed, which is fine: the budget check decides.
  if (trustedDevice) await budgets.device.consume(trustedDevice).catch(() => {});
  // Unknown addresses are counted too: a lockout only for real accounts would tell which are admins.
  else await Promise.allSettled([budgets.account.consume(email), budgets.client.consume(client)]);
}

/** Gives back the point a second step was charged, once its code signed the admin in. */
async function refund({ email, client, trustedDevice }: Charged): Promise<void> {
  const budgets = limiters();
  if (trustedDevice) await budgets.device.reward(trustedDevice, 1).catch(() => {});
  else await Promise.allSettled([budgets.account.reward(email, 1), budgets.client.reward(client, 1)]);
}

/** The last check, once the credentials are right: the workspace's word, then the device cookie. */
async function admit(email: string, deviceCookie?: string | null): Promise<LoginOutcome> {
  const standing = await standingAtSignIn(email);
  if (!standing.ok)
    return standing.reason === "unverified"
      ? { outcome: "workspace_unreachable", email }
      : { outcome: "not_admin", email, reason: standing.reason };
  // The stranger budget is left as it is: a success must not hand an attacker a fresh one.
  const device = await readDevice(deviceCookie);
  if (device?.email === email)
    await limiters()
      .device.delete(device.id)
      .catch(() => {});
  return { outcome: "ok", email, deviceCookie: await sealDevice(email) };
}

/** The first step: email and password. */
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
      return { outcome: "rate_limited", retryAfterSeconds: wait };
    }
  }

  let matches: boolean;
  try {
    // A browser that signed in before skips the flood gate (strangers' floods must not lock it
    // out); its own failures are limited by the device budget above.
    const check = trusted ? verifyPassword : checkPassword;
    matches = await check(attempt.password, user?.passwordHash ?? DUMMY_HASH);
  } catch (error) {
    if (error instanceof GateBusyError) return { outcome: "busy", retryAfterSeconds: 1 };
    throw error;
  }
  const passwordOk = Boolean(user && matches && attempt.password.length > 0);
  const hasSecret = Boolean(user && user.email in env().adminAccess.totpSecrets);
  if (user && passwordOk && !hasSecret) return admit(user.email, attempt.deviceCookie);

  const charged: Charged = {
    email: accountKey,
    client: attempt.client,
    trustedDevice: trusted && deviceForAccount ? deviceForAccount.id : null,
  };
  await countFailure(charged);
  if (!secondStepInUse()) return { outcome: "invalid", email: user?.email };
  return { outcome: "code_required", pending: await sealPendingStep({ ...charged, passwordOk }) };
}

/** The second step: the code, judged with what the first step sealed. */
export async function checkCode(attempt: CodeAttempt): Promise<LoginOutcome> {
  const pending = await readPendingStep(attempt.pendingCookie);
  if (!pending || !(await usedSteps().claim(pending.id))) return { outcome: "step_expired" };
  const user = env().adminUsers.find((u) => u.email === pending.email);
  const secret = user ? env().adminAccess.totpSecrets[user.email] : undefined;
  const code = normalizeCode(attempt.code);
  const step = matchingStep(pending.email, secret ?? DUMMY_SECRET, code ?? "000000");
  if (!user || !secret || !code || step === null) return { outcome: "wrong_code", email: user?.email };
  if (!pending.passwordOk) return { outcome: "invalid", email: user.email };
  if (!(await usedCodes().claim(`${user.email}:${step}`)))
    return { outcome: "replayed_code", email: user.email };
  await refund(pending);
  return admit(user.email, attempt.deviceCookie);
}
