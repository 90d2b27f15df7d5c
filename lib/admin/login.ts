import "server-only";
import { env } from "../config/env";
import type { Asker } from "../http/client-key";
import { metrics } from "../observability/metrics";
import { firstUse } from "../state";
import { readDevice, sealDevice } from "./device";
import { verifyPassword } from "../config/password-hash";
import {
  forgetDeviceFailures,
  refund,
  takeDevicePoint,
  takeStrangerPoint,
  type Taken,
} from "./login-throttle";
import { isGateBusy } from "../http/concurrency-gate";
import { whenAdmitted } from "./password-check";
import { passkeyStore } from "./passkeys";
import { readPendingStep, sealPendingStep, type PendingStep } from "./second-step";
import type { NotAdminReason } from "./access";
import { standingAtSignIn } from "./standing";
import { matchingStep, normalizeCode } from "./totp";
import { audit } from "./audit";
import { normalizeRecoveryCode, recoveryCodeHash } from "./recovery-codes";
import { claimOnce } from "../state/used-once";
import {
  RECOVERY_CODE_USES,
  anyTwoFactor,
  lastKnownTwoFactor,
  twoFactorOf,
  usedCodes,
  type TwoFactor,
} from "./two-factor";

export {
  ACCOUNT_FAILURE_LIMIT,
  CLIENT_FAILURE_LIMIT,
  DEVICE_FAILURE_LIMIT,
  HOLDER_FAILURE_LIMIT,
  resetLoginLimits,
} from "./login-throttle";

/*
 * Signing an admin in, in one or two steps. Every password check costs one scrypt, known email
 * or not, so timing does not reveal which emails are admins. Then:
 *  - an admin without a second factor (ADMIN_TOTP, or enrolled on the account page:
 *    lib/admin/two-factor.ts) and the right password is signed in;
 *  - when any admin has a secret, every other attempt (right password of an admin with a
 *    secret, wrong password, unknown email, an account whose lockout is on) gets the same second
 *    step, an "Authentication code" asked for in a sealed cookie that says, unreadably, whether
 *    the password was right and whether the account was locked. Only the code step's answer
 *    tells, so nothing reveals the password alone. The step expires after 5 minutes and is used
 *    once; a code is accepted once (lib/state, every instance);
 *  - last, the workspace must still count the admin as one (lib/admin/standing.ts, fail closed).
 *
 * Failures are counted in lib/admin/login-throttle.ts: per client and holder (the failing ones
 * are slowed), per account (a lockout of at most 15 minutes, for an account without a second
 * factor only: an admin with one who gives the right password and the right code is signed in
 * from any browser, whatever others did), per device. A stranger's point is taken once the flood
 * gate admits the check, so an attempt told "busy" costs nothing; it is given back when the
 * attempt signs the admin in (the password alone, or the code of the second step), so a second
 * step costs a point whether the password was right or not (the budgets do not tell either), and
 * a wrong code costs what a wrong password costs.
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

export const INVALID_CREDENTIALS = "admin.login.invalid";
export const INVALID_SECOND_STEP = "admin.login.invalidCode";
export const STEP_EXPIRED = "admin.login.expired";
export const WORKSPACE_UNREACHABLE_AT_SIGN_IN = "admin.login.workspaceUnreachable";

// A hash of nothing anyone will type: lets unknown emails spend the same scrypt time.
const DUMMY_HASH = "scrypt:00000000000000000000000000000000:" + "0".repeat(128);
// Checked against when there is no real secret, so every code step costs the same.
const DUMMY_SECRET = "A".repeat(32);

/** Codes accepted, by admin and time step; second steps used, by id. */
const usedSteps = () => firstUse("admin-login-step", { ttlSeconds: 10 * 60 });

export type LoginAttempt = {
  email: string;
  password: string;
  /** Who is asking (lib/http/client-key.ts). */
  asker: Asker;
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
  /** `email`: the account asked for, as typed (the audit line names it when it is an admin). */
  | { outcome: "rate_limited"; retryAfterSeconds: number; email?: string };

/** The last check, once the credentials are right: the workspace's word, then the device cookie. */
async function admit(email: string, deviceCookie?: string | null): Promise<LoginOutcome> {
  const standing = await standingAtSignIn(email);
  if (!standing.ok)
    return standing.reason === "unverified"
      ? { outcome: "workspace_unreachable", email }
      : { outcome: "not_admin", email, reason: standing.reason };
  // The stranger budget is left as it is: a success must not hand an attacker a fresh one.
  const device = await readDevice(deviceCookie);
  if (device?.email === email) await forgetDeviceFailures(device.id);
  return { outcome: "ok", email, deviceCookie: await sealDevice(email) };
}

type Checked = (Extract<Taken, { ok: true }> & { matches: boolean }) | Extract<Taken, { ok: false }>;

/** The budget first (atomically), then, only if it had a point, the password. */
async function chargeThenCheck(
  charge: () => Promise<Taken>,
  password: string,
  hash: string,
  secondStepInUse: boolean,
): Promise<Checked> {
  const taken = await charge();
  if (!taken.ok) return taken;
  // A locked account with no code step to follow is refused whatever the password: not checked.
  if (taken.accountLockedFor !== null && !secondStepInUse) return { ...taken, matches: false };
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
  const trusted = deviceId !== null && (await takeDevicePoint(deviceId));
  // Whether any admin has a second factor: then no password is judged before its code step.
  const secondStepInUse = await anyTwoFactor();

  let checked: Checked;
  try {
    // A browser that signed in before skips the flood gate (strangers' floods must not lock it
    // out); its point was taken above. A stranger's is taken once the gate admits the check, so
    // a flood told "busy" spends nothing.
    checked = trusted
      ? await chargeThenCheck(
          async () => ({
            ok: true,
            charged: { email: accountKey, ...attempt.asker, trustedDevice: deviceId },
            accountLockedFor: null,
          }),
          attempt.password,
          hash,
          secondStepInUse,
        )
      : await whenAdmitted(() =>
          chargeThenCheck(
            () => takeStrangerPoint(accountKey, attempt.asker),
            attempt.password,
            hash,
            secondStepInUse,
          ),
        );
  } catch (error) {
    if (isGateBusy(error)) return { outcome: "busy", retryAfterSeconds: 1 };
    throw error;
  }
  if (!checked.ok)
    return { outcome: "rate_limited", retryAfterSeconds: checked.retryAfterSeconds, email: accountKey };
  const { charged, accountLockedFor } = checked;
  const passwordOk =
    Boolean(user && checked.matches && attempt.password.length > 0) &&
    // Passkeys only: the right password is judged as a wrong one, reading the same either way. A
    // store that cannot answer leaves it on, as before passkeys: an outage must not lock admins out.
    !(await passkeyStore()
      .passkeysOnly(user!.email)
      .catch(() => false));
  // A store that cannot say whether the admin enrolled a second factor: its last word (two-factor.ts).
  const hasSecret = user
    ? await twoFactorOf(user.email).then(Boolean, () => lastKnownTwoFactor(user.email))
    : false;
  if (accountLockedFor !== null) {
    metrics().rateLimited.inc({ limit: "admin-login-account" });
    // Without a second factor in use nothing could tell the rightful admin apart: the lockout
    // holds. With one, every locked attempt still gets the code step, and only the right
    // password of an admin with a secret and the right code gets past it.
    if (!secondStepInUse)
      return { outcome: "rate_limited", retryAfterSeconds: accountLockedFor, email: accountKey };
  } else if (user && passwordOk && !hasSecret) {
    await refund(charged);
    return admit(user.email, attempt.deviceCookie);
  }
  if (!secondStepInUse) return { outcome: "invalid", email: user?.email };
  return {
    outcome: "code_required",
    pending: await sealPendingStep({ ...charged, passwordOk, accountLockedFor }),
  };
}

/** The second step: the code, judged with what the first step sealed. */
export async function checkCode(attempt: CodeAttempt): Promise<LoginOutcome> {
  const pending = await readPendingStep(attempt.pendingCookie);
  if (!pending || !(await usedSteps().claim(pending.id))) return { outcome: "step_expired" };
  const user = env().adminUsers.find((u) => u.email === pending.email);
  let factor: TwoFactor | null = null;
  try {
    factor = user ? await twoFactorOf(user.email) : null;
  } catch {
    // The stored secret cannot be read: whether the code is right cannot be known, so it is not taken.
    return { outcome: "busy", retryAfterSeconds: 30 };
  }
  const recovery = normalizeRecoveryCode(attempt.code);
  if (recovery) return checkRecoveryCode(pending, user?.email, factor, recovery, attempt.deviceCookie);
  const secret = factor?.secret;
  const code = normalizeCode(attempt.code);
  const step = matchingStep(pending.email, secret ?? DUMMY_SECRET, code ?? "000000");
  const proven = Boolean(user && secret && code && step !== null && pending.passwordOk);
  // A locked account's attempt is refused as locked unless it proved both factors.
  if (!proven && pending.accountLockedFor !== null)
    return { outcome: "rate_limited", retryAfterSeconds: pending.accountLockedFor, email: pending.email };
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
  factor: TwoFactor | null,
  digits: string,
  deviceCookie: string | null | undefined,
): Promise<LoginOutcome> {
  const hash = recoveryCodeHash(digits);
  const hashes = factor?.recoveryHashes ?? [];
  const proven = Boolean(email && hashes.includes(hash) && pending.passwordOk);
  // As with a code: a locked account's attempt is refused as locked unless it proved both factors.
  if (!proven && pending.accountLockedFor !== null)
    return { outcome: "rate_limited", retryAfterSeconds: pending.accountLockedFor, email: pending.email };
  if (!email || !hashes.includes(hash)) return { outcome: "wrong_code", email };
  if (!pending.passwordOk) return { outcome: "invalid", email };
  const claimed = await claimOnce(RECOVERY_CODE_USES, `${email}:${hash}`);
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
