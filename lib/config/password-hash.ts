import { randomBytes, scrypt, scryptSync, timingSafeEqual } from "node:crypto";

// `scrypt:<salt hex>:<hash hex>`: ':' (not '$') survives shells and .env files without escaping.
const KEY_LENGTH = 64;
const SCRYPT_OPTIONS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
export const PASSWORD_HASH_PATTERN = /^scrypt:[0-9a-f]{32}:[0-9a-f]{128}$/;

export function hashPassword(password: string, salt: Buffer = randomBytes(16)): string {
  const hash = scryptSync(password.normalize("NFKC"), salt, KEY_LENGTH, SCRYPT_OPTIONS);
  return `scrypt:${salt.toString("hex")}:${hash.toString("hex")}`;
}

function parseStored(stored: string): { salt: Buffer; expected: Buffer } | null {
  if (!PASSWORD_HASH_PATTERN.test(stored)) return null;
  const [, saltHex, hashHex] = stored.split(":") as [string, string, string];
  return { salt: Buffer.from(saltHex, "hex"), expected: Buffer.from(hashHex, "hex") };
}

/** On libuv's thread pool: tens of milliseconds of CPU on the event loop would stall every request. */
export function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStored(stored);
  if (!parsed) return Promise.resolve(false);
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), parsed.salt, KEY_LENGTH, SCRYPT_OPTIONS, (error, actual) => {
      if (error) reject(error);
      else resolve(timingSafeEqual(actual, parsed.expected));
    });
  });
}

/** Only for start-up configuration checks, never per request. */
export function verifyPasswordSync(password: string, stored: string): boolean {
  const parsed = parseStored(stored);
  if (!parsed) return false;
  const actual = scryptSync(password.normalize("NFKC"), parsed.salt, KEY_LENGTH, SCRYPT_OPTIONS);
  return timingSafeEqual(actual, parsed.expected);
}
