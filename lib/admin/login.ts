import "server-only";
import { env } from "../config/env";
import type { Asker } from "../http/client-key";
import { metrics } from "../observability/metrics";
import { firstUse } from "../state";
import { readDevice } from "./device";
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
import { readPendingStep, sealPendingStep } from "./second-step";
import type { NotAdminReason } from "./access";
import { refusedAtSignIn } from "./standing";
import { matchingStep, normalizeCode } from "./totp";
import { audit } from "./audit";
import { normalizeRecoveryCode, recoveryCodeHash } from "./recovery-codes";
import { claimOnce, type UseOnceResult } from "../state/used-once";
import { RECOVERY_CODE_USES, signInFactors, twoFactorOf, usedCodes, type TwoFactor } from "./two-factor";

// Every password check costs one scrypt, known email or not: timing tells no admin apart. When any
// admin has a second factor, every attempt but an admin-without-one's right password gets the same
// code step, sealed in a cookie saying, unreadably, whether the password was right: nothing reveals
// the password alone. A wrong code costs a wrong password's point; a lockout binds only an admin
// without a second factor. Last, the workspace must still count the admin.

// A hash of nothing anyone will type: lets unknown emails spend the same scrypt time.
const DUMMY_HASH = "scrypt:00000000000000000000000000000000:" + "0".repeat(128);
// Checked against when there is no real secret, so every code step costs the same.
const DUMMY_SECRET = "A".repeat(32);

const usedSteps = () => firstUse("admin-login-step", { ttlSeconds: 10 * 60 });

export type LoginAttempt = {
  email: string;
  password: string;
  asker: Asker;
  deviceCookie?: string | null;
};

export type CodeAttempt = {
  pendingCookie?: string | null;
  code: string;
  deviceCookie?: string | null;
};

export type LoginOutcome =
  | { outcome: "ok"; email: string }
  | { outcome: "code_required"; pending: string }
  | { outcome: "not_admin"; email: string; reason: NotAdminReason }
  | { outcome: "workspace_unreachable"; email: string }
  | { outcome: "invalid" | "wrong_code" | "replayed_code" | "step_expired"; email?: string }
  /** Too many password checks under way (a flood): nothing was checked or counted. */
  | { outcome: "busy"; retryAfterSeconds: number }
  | { outcome: "rate_limited"; retryAfterSeconds: number; email?: string };

/** The last check, once the credentials are right: the workspace's word, then the device cookie. */
async function admit(email: string, deviceCookie?: string | null): Promise<LoginOutcome> {
  const refused = await refusedAtSignIn(email);
  if (refused) return refused;
  // The stranger budget is left as it is: a success must not hand an attacker a fresh one.
  const device = await readDevice(deviceCookie);
  if (device?.email === email) await forgetDeviceFailures(device.id);
  return { outcome: "ok", email };
}

export async function checkLogin(attempt: LoginAttempt): Promise<LoginOutcome> {
  const accountKey = attempt.email.toLowerCase();
  const user = env().adminUsers.find((u) => u.email === accountKey);
  const device = await readDevice(attempt.deviceCookie);
  const deviceId = device && user && device.email === user.email ? device.id : null;
  // A device whose own budget is spent is a stranger until its window ends.
  const trusted = deviceId !== null && (await takeDevicePoint(deviceId));
  const { secondStepInUse, passkeysOnly, hasSecret } = await signInFactors(user?.email);

  // The budget first (atomically), then, only if it had a point, the password. A locked account
  // with no code step to follow is refused whatever the password: not checked.
  const chargeThenCheck = async () => {
    const taken: Taken = trusted
      ? {
          ok: true,
          charged: { email: accountKey, ...attempt.asker, trustedDevice: deviceId },
          accountLockedFor: null,
        }
      : await takeStrangerPoint(accountKey, attempt.asker);
    if (!taken.ok || (taken.accountLockedFor !== null && !secondStepInUse)) return { taken, matches: false };
    return { taken, matches: await verifyPassword(attempt.password, user?.passwordHash ?? DUMMY_HASH) };
  };
  let checked: Awaited<ReturnType<typeof chargeThenCheck>>;
  try {
    // A browser that signed in before skips the flood gate: strangers' floods must not lock it out.
    checked = trusted ? await chargeThenCheck() : await whenAdmitted(chargeThenCheck);
  } catch (error) {
    if (isGateBusy(error)) return { outcome: "busy", retryAfterSeconds: 1 };
    throw error;
  }
  const { taken } = checked;
  if (!taken.ok)
    return { outcome: "rate_limited", retryAfterSeconds: taken.retryAfterSeconds, email: accountKey };
  const { charged, accountLockedFor } = taken;
  // Passkeys only: the right password is judged as a wrong one, reading the same either way.
  const passwordOk = Boolean(user && checked.matches && attempt.password.length > 0) && !passkeysOnly;
  if (accountLockedFor !== null) {
    metrics().rateLimited.inc({ limit: "admin-login-account" });
    // Without a code step nothing tells the rightful admin apart: the lockout holds.
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

/**
 * The app's code, or a recovery code, judged with what the first step sealed: a wrong code says nothing
 * of the password; a locked account needs both factors. Each code is accepted once, on every instance.
 */
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
  const hashes = factor?.recoveryHashes ?? [];
  let matches: boolean;
  let claim: (email: string) => Promise<UseOnceResult>;
  if (recovery) {
    const hash = recoveryCodeHash(recovery);
    matches = hashes.includes(hash);
    claim = (email) => claimOnce(RECOVERY_CODE_USES, `${email}:${hash}`);
  } else {
    const code = normalizeCode(attempt.code);
    const step = matchingStep(pending.email, factor?.secret ?? DUMMY_SECRET, code ?? "000000");
    matches = Boolean(factor?.secret && code && step !== null);
    claim = async (email) => ((await usedCodes().claim(`${email}:${step}`)) ? "first" : "used");
  }
  if (!(user && matches && pending.passwordOk) && pending.accountLockedFor !== null)
    return { outcome: "rate_limited", retryAfterSeconds: pending.accountLockedFor, email: pending.email };
  if (!user || !matches) return { outcome: "wrong_code", email: user?.email };
  if (!pending.passwordOk) return { outcome: "invalid", email: user.email };
  const claimed = await claim(user.email);
  // Redis unreachable: whether the code was used elsewhere cannot be known, so it is not taken.
  if (claimed === "unavailable") return { outcome: "busy", retryAfterSeconds: 30 };
  if (claimed === "used") return { outcome: "replayed_code", email: user.email };
  // A recovery code is used up for good: the admin's team sees that one was spent.
  if (recovery)
    audit({
      actor: user.email,
      action: "recovery_code",
      target: user.email,
      outcome: "ok",
      detail: `used_one_of=${hashes.length}`,
    });
  await refund(pending);
  return admit(user.email, attempt.deviceCookie);
}
