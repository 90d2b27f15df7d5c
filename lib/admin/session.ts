import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { parse as parseCookies } from "cookie";
import { sealData, unsealData } from "iron-session";
import type { NextResponse } from "next/server";
import { env } from "../config/env";
import { revocations } from "../state";

// The admin session, an iron-session sealed cookie read from the Cookie header. Every read re-checks
// expiry, the admin's current password hash and revocation (every instance), so logout, removal and a
// new password end sessions at once; what else must stand is lib/admin/access.ts's.

export const SESSION_COOKIE = "masthead_admin";
export const NOT_SIGNED_IN = "admin.http.notSignedIn";
// A session left open, or copied, must not let its holder add their own way in or take away the admin's.
export const RECENT_SIGN_IN_MINUTES = 10;

export type AdminSession = {
  email: string;
  /** Epoch ms; checked on every read besides the seal's own TTL. */
  expiresAt: number;
  issuedAt: number;
  /** Random id: what a logout revokes. */
  sid: string;
  /** HMAC of the admin's password hash when the session began (see passwordFingerprint). */
  pwd: string;
  /** The id of the passkey that opened it; absent when the password did. */
  passkey?: string;
};

// Each purpose seals with its own password derived from SESSION_SECRET: one seal is never replayable as another.
const sealing = (purpose: string | null, ttl: number) => ({
  password: purpose ? `${env().sessionSecret}:${purpose}` : env().sessionSecret,
  ttl,
});

export function seal(data: object | string, purpose: string | null, ttl: number): Promise<string> {
  return sealData(data, sealing(purpose, ttl));
}

/** What `value` seals for `purpose` when `valid` accepts its shape; null when missing, too long, tampered or expired. */
export async function unseal<T>(
  value: string | null | undefined,
  purpose: string | null,
  ttl: number,
  valid: (data: Partial<T>) => boolean,
  maxLength = 4_000,
): Promise<T | null> {
  if (!value || value.length > maxLength) return null;
  try {
    const data = await unsealData<Partial<T>>(value, sealing(purpose, ttl));
    return data && valid(data) ? (data as T) : null;
  } catch {
    return null;
  }
}

/** One of the admin's cookies: httpOnly, sent only under `path`; strict unless said otherwise. */
export type AdminCookie = { name: string; maxAge: number; path: string; sameSite?: "lax" };

// Lax: a link to /admin from elsewhere (an email) arrives signed in; writes check the Origin.
export const SESSION: AdminCookie = { name: SESSION_COOKIE, maxAge: 8 * 60 * 60, path: "/", sameSite: "lax" };

/** Sets `cookie` to `value` (Secure when SITE_URL is https); an empty value clears it. */
export function setCookie(response: NextResponse, cookie: AdminCookie, value: string): void {
  response.cookies.set(cookie.name, value, {
    httpOnly: true,
    secure: env().siteUrl.startsWith("https://"),
    sameSite: cookie.sameSite ?? "strict",
    path: cookie.path,
    maxAge: value ? cookie.maxAge : 0,
    ...(value ? {} : { expires: new Date(0) }),
  });
}

/** Binds a session to the password hash it was opened with; keyed, so even unsealed it helps no guessing. */
function passwordFingerprint(email: string): string | null {
  const user = env().adminUsers.find((u) => u.email === email);
  if (!user) return null;
  return createHmac("sha256", env().sessionSecret)
    .update(`masthead-session-password\0${user.email}\0${user.passwordHash}`)
    .digest("base64url")
    .slice(0, 32);
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function sealSession(email: string, now = Date.now(), passkey?: string): Promise<string> {
  // Not an admin: the session is sealed but can never be read back (no fingerprint matches "").
  const pwd = passwordFingerprint(email) ?? "";
  const session: AdminSession = {
    email,
    issuedAt: now,
    expiresAt: now + SESSION.maxAge * 1000,
    sid: randomBytes(18).toString("base64url"),
    pwd,
    ...(passkey ? { passkey } : {}),
  };
  return seal(session, null, SESSION.maxAge);
}

/** The session sealed in `value`, or null (see above). */
export async function readSessionValue(
  value: string | undefined | null,
  now = Date.now(),
): Promise<AdminSession | null> {
  const data = await unseal<AdminSession>(
    value,
    null,
    SESSION.maxAge,
    (d) =>
      typeof d.email === "string" &&
      typeof d.expiresAt === "number" &&
      d.expiresAt > now &&
      typeof d.issuedAt === "number" &&
      typeof d.sid === "string" &&
      typeof d.pwd === "string" &&
      (d.passkey === undefined || typeof d.passkey === "string"),
    Infinity,
  );
  if (!data) return null;
  // Removing someone from ADMIN_USERS, or giving them a new password hash, ends their sessions.
  const pwd = passwordFingerprint(data.email);
  if (!pwd || !data.pwd || !sameText(pwd, data.pwd)) return null;
  return (await revocations().isRevoked(data.sid)) ? null : data;
}

export function signedInRecently(session: AdminSession, now = Date.now()): boolean {
  return now - session.issuedAt < RECENT_SIGN_IN_MINUTES * 60_000;
}

/** Ends `session` everywhere (logout): its id is refused until the session would have expired. */
export async function endSession(session: AdminSession): Promise<void> {
  await revocations().revoke(session.sid, session.expiresAt);
}

/** Whether `email` (lower-cased, as sessions and ADMIN_USERS hold it) is a configured admin. */
export function isConfiguredAdmin(email: string): boolean {
  return env().adminUsers.some((u) => u.email === email);
}

/** One cookie's value from a Cookie header. */
export function cookieFromHeader(header: string | null, name = SESSION_COOKIE): string | undefined {
  return header ? parseCookies(header)[name] : undefined;
}

export async function sessionFromRequest(request: Request): Promise<AdminSession | null> {
  return readSessionValue(cookieFromHeader(request.headers.get("cookie")));
}
