import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { sealData, unsealData } from "iron-session";
import { env } from "../config/env";
import { firstUse } from "../state";
import { claimedCount } from "../state/used-once";
import { passkeyStore } from "./passkeys";
import { adminProcess } from "./process";
import { newRecoveryCodes } from "./recovery-codes";
import { cookieIsSecure } from "./session";
import { CODE_MEMORY_SECONDS, TOTP_ISSUER, matchingStep, newEnrolment, normalizeCode, qrCode } from "./totp";

/*
 * Whose sign-in asks for a code, and with which secret and recovery codes: the operator's
 * ADMIN_TOTP entry when the environment has one for the admin (it wins, with its
 * ADMIN_RECOVERY_CODES), else what the admin enrolled on the account page, kept in the passkey
 * store (every instance, no restart). The stored secret is sealed with SESSION_SECRET, so a copy
 * of the store alone makes no codes; a new SESSION_SECRET makes it unreadable (the admin's code
 * is then refused until the operator turns it off: `npm run admin-passkeys -- two-factor-off`).
 * Spent recovery codes are remembered in one place for both routes: lib/state/used-once.ts.
 */

export type TwoFactor = { source: "operator" | "account"; secret: string; recoveryHashes: string[] };

/** Codes already used, as `email:step`: each signs in (or confirms an enrolment) once. */
export const usedCodes = () => firstUse("admin-totp-code", { ttlSeconds: CODE_MEMORY_SECONDS });

/** Namespace of spent recovery codes in lib/state/used-once.ts; keys are `email:hash`. */
export const RECOVERY_CODE_USES = "admin-recovery-code";

const secretSeal = () => ({ password: `${env().sessionSecret}:totp-secret`, ttl: 0 });

/** The admin's second factor, or null when they have none; throws when the store cannot answer. */
export async function twoFactorOf(email: string): Promise<TwoFactor | null> {
  const { totpSecrets, recoveryCodes } = env().adminAccess;
  const configured = totpSecrets[email];
  if (configured)
    return { source: "operator", secret: configured, recoveryHashes: recoveryCodes[email] ?? [] };
  const stored = await passkeyStore().twoFactor(email);
  adminProcess().twoFactorKnown.byEmail.set(email, Boolean(stored));
  if (!stored) return null;
  const secret = await unsealData<string>(stored.sealedSecret, secretSeal());
  if (typeof secret !== "string" || !secret)
    throw new Error("the stored two-factor secret cannot be unsealed");
  return { source: "account", secret, recoveryHashes: stored.recoveryHashes };
}

/**
 * Whether any admin has a second factor, so a failed first step must look like a code step. A
 * store that cannot answer counts as its last answer, else yes: a wrong guess there only costs an
 * admin a code step.
 */
export async function anyTwoFactor(): Promise<boolean> {
  if (Object.keys(env().adminAccess.totpSecrets).length > 0) return true;
  const known = adminProcess().twoFactorKnown;
  return passkeyStore()
    .anyTwoFactor()
    .then((any) => (known.any = any))
    .catch(() => known.any ?? true);
}

/** At start: the store's word on whether anyone has two-factor, asked until it answers (a minute at most). */
export async function learnWhetherAnyTwoFactor(): Promise<void> {
  for (let attempt = 0; attempt < 60; attempt++) {
    try {
      adminProcess().twoFactorKnown.any = await passkeyStore().anyTwoFactor();
      return;
    } catch {
      await sleep(1_000);
    }
  }
}

/**
 * Whether `email` has a stored second factor while the store cannot say: this process's last
 * answer for the admin, or "nobody" if that was the store's last word on everyone; otherwise
 * yes. An outage then locks out only an admin who did (or may have) turn it on, not every admin:
 * their secret is in the unreachable store, so no code could be checked anyway.
 */
export function lastKnownTwoFactor(email: string): boolean {
  const known = adminProcess().twoFactorKnown;
  return known.byEmail.get(email) ?? (known.any === false ? false : true);
}

/*
 * Enrolment happens in two requests: the fresh secret is shown, then confirmed with a code the
 * app made from it. Between them it waits in a sealed, short-lived cookie sent only to the
 * two-factor routes, so the browser holds nothing readable besides what the page showed.
 */
export const ENROLMENT_COOKIE = "masthead_totp_enrolment";
const ENROLMENT_SECONDS = 10 * 60;
const enrolmentSeal = () => ({ password: `${env().sessionSecret}:totp-enrolment`, ttl: ENROLMENT_SECONDS });

export function enrolmentCookieOptions(maxAge = ENROLMENT_SECONDS) {
  return {
    httpOnly: true,
    secure: cookieIsSecure(),
    sameSite: "strict" as const,
    path: "/api/admin/two-factor",
    maxAge,
  };
}

/** A fresh secret for `email`: what the page shows (secret, QR code as SVG) and the cookie that keeps it. */
export async function startEnrolment(email: string) {
  const { secret, uri } = newEnrolment(email, env().site.name ?? TOTP_ISSUER);
  const sealed = await sealData({ email, secret }, enrolmentSeal());
  return { secret, uri, qrSvg: qrCode(uri).createSvgTag({ cellSize: 4, margin: 4, scalable: true }), sealed };
}

/**
 * The pending secret in `cookie` confirmed with `code`: stored with fresh recovery codes, which
 * are returned to be shown once. "no_enrolment" when the cookie is missing, expired or another
 * admin's; "wrong_code" when the code is not the app's (nothing stored either way).
 */
export async function confirmEnrolment(
  email: string,
  cookie: string | undefined,
  code: string,
): Promise<{ codes: string[] } | "no_enrolment" | "wrong_code"> {
  let pending: { email?: unknown; secret?: unknown } = {};
  try {
    if (cookie) pending = await unsealData(cookie, enrolmentSeal());
  } catch {
    // tampered: the same as none
  }
  if (pending.email !== email || typeof pending.secret !== "string") return "no_enrolment";
  const digits = normalizeCode(code);
  const step = digits ? matchingStep(email, pending.secret, digits) : null;
  if (step === null) return "wrong_code";
  const { codes, hashes } = newRecoveryCodes(email);
  await passkeyStore().setTwoFactor(email, {
    sealedSecret: await sealData(pending.secret, secretSeal()),
    recoveryHashes: hashes,
  });
  // The code that confirmed the app does not also sign in: someone watching the screen gains nothing.
  await usedCodes()
    .claim(`${email}:${step}`)
    .catch(() => false);
  return { codes };
}

/** Fresh recovery codes for the admin's stored two-factor (the old ones stop working); null when it is off. */
export async function regenerateRecoveryCodes(email: string): Promise<string[] | null> {
  const store = passkeyStore();
  const stored = await store.twoFactor(email);
  if (!stored) return null;
  const { codes, hashes } = newRecoveryCodes(email);
  await store.setTwoFactor(email, { ...stored, recoveryHashes: hashes });
  return codes;
}

/** What the account page shows of the admin's two-factor; `left` null when lib/state cannot say. */
export type TwoFactorView = { source: TwoFactor["source"] | null; left: number | null; total: number };

export async function twoFactorView(email: string): Promise<TwoFactorView> {
  const factor = await twoFactorOf(email);
  const hashes = factor?.recoveryHashes ?? [];
  const spent = await claimedCount(
    RECOVERY_CODE_USES,
    hashes.map((hash) => `${email}:${hash}`),
  ).catch(() => null);
  const left = spent === null ? null : hashes.length - spent;
  return { source: factor?.source ?? null, left, total: hashes.length };
}
