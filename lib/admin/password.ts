import { randomBytes, scryptSync, timingSafeEqual } from "node:crypto";

// Admin passwords are stored as `scrypt:<salt hex>:<hash hex>` in ADMIN_USERS.
// The ':' separator (not '$') survives shells and .env files without escaping.
const KEY_LENGTH = 64;
const SCRYPT_OPTIONS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
export const PASSWORD_HASH_PATTERN = /^scrypt:[0-9a-f]{32}:[0-9a-f]{128}$/;

export function hashPassword(password: string, salt: Buffer = randomBytes(16)): string {
  const hash = scryptSync(password.normalize("NFKC"), salt, KEY_LENGTH, SCRYPT_OPTIONS);
  return `scrypt:${salt.toString("hex")}:${hash.toString("hex")}`;
}

/** Constant-time check; a malformed stored hash simply fails. */
export function verifyPassword(password: string, stored: string): boolean {
  if (!PASSWORD_HASH_PATTERN.test(stored)) return false;
  const [, saltHex, hashHex] = stored.split(":") as [string, string, string];
  const expected = Buffer.from(hashHex, "hex");
  const actual = scryptSync(
    password.normalize("NFKC"),
    Buffer.from(saltHex, "hex"),
    KEY_LENGTH,
    SCRYPT_OPTIONS,
  );
  return timingSafeEqual(actual, expected);
}
