import { createHash, randomInt } from "node:crypto";

// Recovery codes: each signs in once where the app's code goes; only hashes are kept. 24 digits (the
// numeric keypad; about 80 bits) make a plain SHA-256 safe. No server-only: the CLI makes them.

const COUNT = 10;
const DIGITS = 24;
const GROUP = 4;

/** The code as typed ("1234-5678 …") reduced to its digits, or null when it cannot be a recovery code. */
export function normalizeRecoveryCode(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, "");
  return new RegExp(`^\\d{${DIGITS}}$`).test(digits) ? digits : null;
}

/** What ADMIN_RECOVERY_CODES holds for a code's digits. */
export function recoveryCodeHash(digits: string): string {
  return createHash("sha256")
    .update(`masthead-recovery:${digits}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}

/** Fresh codes, as shown to the admin once, their hashes, and the ADMIN_RECOVERY_CODES entry that holds them. */
export function newRecoveryCodes(email: string): { codes: string[]; hashes: string[]; entry: string } {
  const codes = Array.from({ length: COUNT }, () => {
    const digits = Array.from({ length: DIGITS }, () => String(randomInt(10))).join("");
    return digits.match(new RegExp(`\\d{${GROUP}}`, "g"))!.join("-");
  });
  const hashes = codes.map((code) => recoveryCodeHash(normalizeRecoveryCode(code)!));
  return { codes, hashes, entry: `${email}=${hashes.join(".")}` };
}
