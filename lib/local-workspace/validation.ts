import { HttpError } from "./http";

/** Field rules shared by v1 and v2 (README.md here, API decisions 4-6). */

// A pragmatic shape check (local@domain.tld, no spaces), not RFC 5322: what signup forms accept.
const EMAIL_RE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

function isValidEmail(value: string): boolean {
  if (value.length > 254) return false;
  const local = value.split("@")[0] ?? "";
  if (local.length > 64 || local.startsWith(".") || local.endsWith(".") || local.includes("..")) return false;
  return EMAIL_RE.test(value);
}

/** Emails are compared case-insensitively and stored lower-case. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** `value` as stored, or a 422 that quotes what was sent. */
export function requireEmail(value: unknown): string {
  const email = typeof value === "string" ? normalizeEmail(value) : "";
  if (!isValidEmail(email)) throw new HttpError(422, `Invalid email address: ${JSON.stringify(value)}`);
  return email;
}

/** API decision 6: whatever Intl accepts (IANA names and aliases) is a valid time zone. */
export function isValidTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.trim() === "") return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}
