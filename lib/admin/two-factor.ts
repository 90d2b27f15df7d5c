import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { unsealData } from "iron-session";
import { env } from "../config/env";
import { siteText } from "../config/text";
import { errorResponse } from "../http/json-response";
import { firstUse } from "../state";
import { claimedCount } from "../state/used-once";
import { passkeyStore } from "./passkeys";
import { adminProcess } from "./process";
import { newRecoveryCodes } from "./recovery-codes";
import { seal, unseal, type AdminCookie } from "./session";
import { CODE_MEMORY_SECONDS, TOTP_ISSUER, matchingStep, newEnrolment, normalizeCode, qrCode } from "./totp";

// An admin's second factor: the operator's ADMIN_TOTP entry (it wins), else what they enrolled on the
// account page, its secret sealed by SESSION_SECRET so a copy of the store alone makes no codes.

export type TwoFactor = { source: "operator" | "account"; secret: string; recoveryHashes: string[] };

/** Codes already used, as `email:step`. */
export const usedCodes = () => firstUse("admin-totp-code", { ttlSeconds: CODE_MEMORY_SECONDS });

/** Spent recovery codes in lib/state/used-once.ts, as `email:hash`. */
export const RECOVERY_CODE_USES = "admin-recovery-code";

/** The admin's second factor, or null when they have none; throws when the store cannot answer. */
export async function twoFactorOf(email: string): Promise<TwoFactor | null> {
  const { totpSecrets, recoveryCodes } = env().adminAccess;
  const configured = totpSecrets[email];
  if (configured)
    return { source: "operator", secret: configured, recoveryHashes: recoveryCodes[email] ?? [] };
  const stored = (await readSignInState(email)).twoFactor;
  if (!stored) return null;
  const secret = await unsealData<string>(stored.sealedSecret, {
    password: `${env().sessionSecret}:totp-secret`,
    ttl: 0,
  });
  if (typeof secret !== "string" || !secret)
    throw new Error("the stored two-factor secret cannot be unsealed");
  return { source: "account", secret, recoveryHashes: stored.recoveryHashes };
}

/** The store's word for a password sign-in, in one read, remembered for when it cannot answer. */
async function readSignInState(email: string) {
  const state = await passkeyStore().signInState(email);
  const known = adminProcess().twoFactorKnown;
  known.any = state.anyTwoFactor;
  if (email) known.byEmail.set(email, Boolean(state.twoFactor));
  return state;
}

/**
 * What a password sign-in of `email` must know: whether any admin has a second factor (then every
 * failed first step looks like a code step), passkeys-only, and a secret. A store that cannot answer
 * counts as its last answers, else yes to a second factor and no to passkeys-only: an outage locks
 * out only an admin who may have two-factor, whose code could not be checked anyway.
 */
export async function signInFactors(email: string | undefined) {
  const { totpSecrets } = env().adminAccess;
  const state = await readSignInState(email ?? "").catch(() => null);
  const known = adminProcess().twoFactorKnown;
  return {
    secondStepInUse: Object.keys(totpSecrets).length > 0 || (known.any ?? true),
    passkeysOnly: state?.passkeysOnly ?? false,
    hasSecret: Boolean(email && (totpSecrets[email] || (known.byEmail.get(email) ?? known.any !== false))),
  };
}

/** At start: the store's word on whether anyone has two-factor, asked until it answers (a minute at most). */
export async function learnWhetherAnyTwoFactor(): Promise<void> {
  for (let attempt = 0; attempt < 60; attempt++) {
    try {
      await readSignInState("");
      return;
    } catch {
      await sleep(1_000);
    }
  }
}

// Between showing a fresh secret and its confirmation, it waits in a sealed cookie sent only to the two-factor routes.
export const ENROLMENT: AdminCookie = {
  name: "masthead_totp_enrolment",
  maxAge: 10 * 60,
  path: "/api/admin/two-factor",
};

/** A fresh secret for `email`: what the page shows (secret, QR code as SVG) and the cookie that keeps it. */
export async function startEnrolment(email: string) {
  const { secret, uri } = newEnrolment(email, env().site.name ?? TOTP_ISSUER);
  const sealed = await seal({ email, secret }, "totp-enrolment", ENROLMENT.maxAge);
  return { secret, uri, qrSvg: qrCode(uri).createSvgTag({ cellSize: 4, margin: 4, scalable: true }), sealed };
}

/** The pending secret in `cookie` confirmed with `code`: stored with fresh recovery codes, returned to be shown once. */
export async function confirmEnrolment(
  email: string,
  cookie: string | undefined,
  code: string,
): Promise<{ codes: string[] } | "no_enrolment" | "wrong_code"> {
  const pending = await unseal<{ email: string; secret: string }>(
    cookie,
    "totp-enrolment",
    ENROLMENT.maxAge,
    (d) => d.email === email && typeof d.secret === "string",
  );
  if (!pending) return "no_enrolment";
  const digits = normalizeCode(code);
  const step = digits ? matchingStep(email, pending.secret, digits) : null;
  if (step === null) return "wrong_code";
  const { codes, hashes } = newRecoveryCodes(email);
  await passkeyStore().setTwoFactor(email, {
    sealedSecret: await seal(pending.secret, "totp-secret", 0),
    recoveryHashes: hashes,
  });
  // The code that confirmed the app does not also sign in: someone watching the screen gains nothing.
  await usedCodes()
    .claim(`${email}:${step}`)
    .catch(() => false);
  return { codes };
}

/** The refusal of a change to the admin's own two-factor (the operator's, or already so); null to go on. */
export async function twoFactorChangeRefused(email: string, wantOn: boolean): Promise<Response | null> {
  const current = await twoFactorOf(email);
  const t = siteText();
  if (current?.source === "operator")
    return errorResponse(409, t("admin.twoFactor.operator"), { code: "managed_by_operator" });
  if (wantOn && current) return errorResponse(409, t("admin.twoFactor.alreadyOn"), { code: "already_on" });
  if (!wantOn && !current) return errorResponse(409, t("admin.twoFactor.notOn"), { code: "not_on" });
  return null;
}

/** Fresh recovery codes for the admin's stored two-factor (the old ones stop working). */
export async function regenerateRecoveryCodes(email: string): Promise<string[]> {
  const store = passkeyStore();
  const stored = (await store.signInState(email)).twoFactor;
  if (!stored) throw new Error("two-factor was turned off meanwhile");
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
