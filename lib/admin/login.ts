import "server-only";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "../config/env";
import { metrics } from "../observability/metrics";
import { firstUse, limitedFor, limiter, processMemo } from "../state";
import { readDevice, sealDevice } from "./device";
import { verifyPassword } from "../config/password-hash";
import { isGateBusy, whenAdmitted } from "./password-check";
import { passwordSignInOff } from "./passkeys/password-off";
import { readPendingStep, sealPendingStep, type PendingStep } from "./second-step";
import type { NotAdminReason } from "./access";
import { standingAtSignIn } from "./standing";
import { CODE_MEMORY_SECONDS, matchingStep, normalizeCode } from "./totp";
import { audit } from "./audit";
import { normalizeRecoveryCode, recoveryCodeHash } from "./recovery-codes";
import { claimOnce } from "../state/used-once";

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
 * The point is taken before the password is checked, in one atomic step per budget (consume:
 * an increment in memory, or in Redis), and the attempt goes on only if the budget had it:
 * budgets read first and charged after the (slow) password check let a burst of concurrent
 * attempts all pass on the same count. A stranger's point is taken once the flood gate admits
 * the check, so an attempt told "busy" costs nothing. The point is given back when the attempt
 * signs the admin in (the password alone, or the code of the second step): so a second step
 * costs a point whether the password was right or not (the budgets do not tell either), and a
 * wrong code costs what a wrong password costs.
 *
 * Lockouts grow: each time an account's stranger budget runs out within LOCKOUT_MEMORY_SECONDS
 * of the last time, the lockout lasts twice as long as the one before (15 minutes, 30, an hour,
 * ... at most MAX_LOCKOUT_SECONDS), so guessing codes window after window stays slow.
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
/** How long an account's lockouts are remembered, for the next one to be longer. */
export const LOCKOUT_MEMORY_SECONDS = 7 * 24 * 60 * 60;
export const MAX_LOCKOUT_SECONDS = 24 * 60 * 60;

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
    // A counter, not a budget: how many times the account was locked for strangers lately.
    lockouts: limiter({
      keyPrefix: "admin-login-lockouts" + suffix,
      points: Number.MAX_SAFE_INTEGER,
      durationSeconds: LOCKOUT_MEMORY_SECONDS,
    }),
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

/** Whether any admin has a second factor: then no password is judged before its code step. */
function secondStepInUse(): boolean {
  return Object.keys(env().adminAccess.totpSecrets).length > 0;
}

type Charged = Pick<PendingStep, "email" | "client" | "trustedDevice">;

type Taken = { ok: true; charged: Charged } | { ok: false; limit: string; retryAfterSeconds: number };

/** Takes one point of `budget` for `key`: null when it had one, else how long to wait and the count it reached. */
async function take(
  budget: RateLimiterAbstract,
  key: string,
): Promise<{ wait: number; used: number } | null> {
  try {
    await budget.consume(key);
    return null;
  } catch (rejection) {
    const used = (rejection as { consumedPoints?: unknown }).consumedPoints;
    // A store that cannot answer at all (not even its in-memory insurance): wait a minute.
    return { wait: limitedFor(rejection) ?? 60, used: typeof used === "number" ? used : 0 };
  }
}

/**
 * Takes a stranger's point before anything is checked: the client's, then the account's. The
 * one attempt that finds the account's budget just spent makes the lockout longer than the last
 * one (see above).
 */
async function takeStrangerBudget(email: string, client: string): Promise<Taken> {
  const budgets = limiters();
  const byClient = await take(budgets.client, client);
  if (byClient) return { ok: false, limit: "admin-login-client", retryAfterSeconds: byClient.wait };
  // Unknown addresses are counted too: a lockout only for real accounts would tell which are admins.
  const byAccount = await take(budgets.account, email);
  if (!byAccount) return { ok: true, charged: { email, client, trustedDevice: null } };
  const lockout = byAccount.used === ACCOUNT_FAILURE_LIMIT + 1 ? await lengthenLockout(email) : 0;
  return { ok: false, limit: "admin-login-account", retryAfterSeconds: Math.max(byAccount.wait, lockout) };
}

/** Counts a lockout of `email` and blocks it for twice the last one's length; the seconds blocked (0: the window's own). */
async function lengthenLockout(email: string): Promise<number> {
  const budgets = limiters();
  try {
    const { consumedPoints: lockouts } = await budgets.lockouts.consume(email);
    if (lockouts <= 1) return 0;
    const seconds = Math.min(WINDOW_SECONDS * 2 ** (lockouts - 1), MAX_LOCKOUT_SECONDS);
    await budgets.account.block(email, seconds);
    return seconds;
  } catch {
    // The store could not count it: this lockout is the window's own.
    return 0;
  }
}

/** Gives back the point an attempt was charged, once it signed the admin in. */
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

type Checked = { ok: true; charged: Charged; matches: boolean } | Extract<Taken, { ok: false }>;

/** The budget first (atomically), then, only if it had a point, the password. */
async function chargeThenCheck(
  charge: () => Promise<Taken>,
  password: string,
  hash: string,
): Promise<Checked> {
  const taken = await charge();
  if (!taken.ok) return taken;
  return { ...taken, matches: await verifyPassword(password, hash) };
}

/** The first step: email and password. */
export async function checkLogin(attempt: LoginAttempt): Promise<LoginOutcome> {
  const accountKey = attempt.email.toLowerCase();
  const user = env().adminUsers.find((u) => u.email === accountKey);
  const hash = user?.passwordHash ?? DUMMY_HASH;

  const device = await readDevice(attempt.deviceCookie);
  const deviceId = device && user && device.email === user.email ? device.id : null;
  // A device whose own budget is spent is a stranger until its window ends.
  const trusted = deviceId !== null && (await take(limiters().device, deviceId)) === null;

  let checked: Checked;
  try {
    // A browser that signed in before skips the flood gate (strangers' floods must not lock it
    // out); its point was taken above. A stranger's is taken once the gate admits the check, so
    // a flood told "busy" spends nothing.
    checked = trusted
      ? await chargeThenCheck(
          async () => ({
            ok: true,
            charged: { email: accountKey, client: attempt.client, trustedDevice: deviceId },
          }),
          attempt.password,
          hash,
        )
      : await whenAdmitted(() =>
          chargeThenCheck(() => takeStrangerBudget(accountKey, attempt.client), attempt.password, hash),
        );
  } catch (error) {
    if (isGateBusy(error)) return { outcome: "busy", retryAfterSeconds: 1 };
    throw error;
  }
  if (!checked.ok) {
    metrics().rateLimited.inc({ limit: checked.limit });
    return { outcome: "rate_limited", retryAfterSeconds: checked.retryAfterSeconds };
  }
  const { charged } = checked;
  const passwordOk =
    Boolean(user && checked.matches && attempt.password.length > 0) &&
    !(await passwordSignInOff(user!.email));
  const hasSecret = Boolean(user && user.email in env().adminAccess.totpSecrets);
  if (user && passwordOk && !hasSecret) {
    await refund(charged);
    return admit(user.email, attempt.deviceCookie);
  }
  if (!secondStepInUse()) return { outcome: "invalid", email: user?.email };
  return { outcome: "code_required", pending: await sealPendingStep({ ...charged, passwordOk }) };
}

/** The second step: the code, judged with what the first step sealed. */
export async function checkCode(attempt: CodeAttempt): Promise<LoginOutcome> {
  const pending = await readPendingStep(attempt.pendingCookie);
  if (!pending || !(await usedSteps().claim(pending.id))) return { outcome: "step_expired" };
  const user = env().adminUsers.find((u) => u.email === pending.email);
  const recovery = normalizeRecoveryCode(attempt.code);
  if (recovery) return checkRecoveryCode(pending, user?.email, recovery, attempt.deviceCookie);
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

/**
 * A recovery code in the code's place (lib/admin/recovery-codes.ts): judged like a code (a
 * wrong one says nothing of the password), then used up for good on every instance, with an
 * audit line so the admin's team sees that one was spent.
 */
async function checkRecoveryCode(
  pending: PendingStep,
  email: string | undefined,
  digits: string,
  deviceCookie: string | null | undefined,
): Promise<LoginOutcome> {
  const hash = recoveryCodeHash(digits);
  const hashes = email ? (env().adminAccess.recoveryCodes[email] ?? []) : [];
  if (!email || !hashes.includes(hash)) return { outcome: "wrong_code", email };
  if (!pending.passwordOk) return { outcome: "invalid", email };
  const claimed = await claimOnce("admin-recovery-code", `${email}:${hash}`);
  // Redis unreachable: whether the code was used elsewhere cannot be known, so it is not taken.
  if (claimed === "unavailable") return { outcome: "busy", retryAfterSeconds: 30 };
  if (claimed === "used") return { outcome: "replayed_code", email };
  audit({
    actor: email,
    action: "recovery_code",
    target: email,
    outcome: "ok",
    detail: `used_one_of=${hashes.length}`,
  });
  await refund(pending);
  return admit(email, deviceCookie);
}
