import { HttpError } from "./http";

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
