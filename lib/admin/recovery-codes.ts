import { createHash, randomInt } from "node:crypto";

/*
 * Second-factor recovery codes: for an admin who has lost the authenticator app. Given once at
 * enrolment (the account page, or `npm run admin-totp`), each is typed where the app's code goes
 * and signs in once. Only their hashes are kept (the passkey store, or ADMIN_RECOVERY_CODES beside
 * ADMIN_TOTP); which ones were used is kept through lib/state/used-once.ts, so it holds on every
 * instance and across restarts.
 *
 * Digits only, so they are typed on the code field's numeric keypad; 24 of them (about 80 bits)
 * make guessing hopeless and a plain SHA-256 a safe hash (no salt or slow hash needed, unlike a
 * password a person chose). No server-only import: the command-line tool makes them.
 */

export const RECOVERY_CODE_COUNT = 10;
const DIGITS = 24;
const GROUP = 4;

/** The code as typed ("1234-5678 …") reduced to its digits, or null when it cannot be a recovery code. */
export function normalizeRecoveryCode(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, "");
  return new RegExp(`^\\d{${DIGITS}}$`).test(digits) ? digits : null;
}

/** What ADMIN_RECOVERY_CODES holds for a code (its digits, as normalizeRecoveryCode gives them). */
export function recoveryCodeHash(digits: string): string {
  return createHash("sha256")
    .update(`masthead-recovery:${digits}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}

/** Fresh codes, as shown to the admin once, their hashes, and the ADMIN_RECOVERY_CODES entry that holds them. */
export function newRecoveryCodes(
  email: string,
  count = RECOVERY_CODE_COUNT,
): { codes: string[]; hashes: string[]; entry: string } {
  const codes = Array.from({ length: count }, () => {
    const digits = Array.from({ length: DIGITS }, () => String(randomInt(10))).join("");
    return digits.match(new RegExp(`\\d{${GROUP}}`, "g"))!.join("-");
  });
  const hashes = codes.map((code) => recoveryCodeHash(normalizeRecoveryCode(code)!));
  return { codes, hashes, entry: `${email}=${hashes.join(".")}` };
}
