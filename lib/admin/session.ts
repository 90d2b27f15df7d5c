import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { parse as parseCookies } from "cookie";
import { sealData, unsealData } from "iron-session";
import { env } from "../config/env";
import { revocations } from "../state";

/*
 * The admin session: an iron-session sealed cookie. Handlers read it from the Request's
 * Cookie header (not next/headers) so they behave the same in tests as in the server.
 * Every reader re-checks, besides the seal: the expiry; that the email is still a configured
 * admin with the same password hash (a fingerprint, never the hash, rides in the cookie); and
 * that the session id was not revoked by a logout (lib/state: on every instance when Redis is
 * configured). So logout, removing an admin and changing their password all end sessions at once.
 * What else must still stand (the passkey that opened it, the password while passkeys-only is
 * off, no later "sign out everywhere", the workspace's word) is for lib/admin/access.ts.
 */

export const SESSION_COOKIE = "masthead_admin";
export const NOT_SIGNED_IN = "admin.http.notSignedIn";
export const SESSION_TTL_SECONDS = 8 * 60 * 60;
/**
 * How recent a sign-in must be for a change to how the admin signs in: a session left open, or
 * copied, must not let its holder add their own way in or take away the admin's.
 */
export const RECENT_SIGN_IN_MINUTES = 10;

export type AdminSession = {
  email: string;
  /** Epoch milliseconds; checked on every read, independent of the seal's own TTL. */
  expiresAt: number;
  issuedAt: number;
  /** Random id: what a logout revokes. */
  sid: string;
  /** HMAC of the admin's password hash when the session began (see passwordFingerprint). */
  pwd: string;
  /** The id of the passkey that opened it; absent when the password did. */
  passkey?: string;
};

function secret(): string {
  return env().sessionSecret;
}

/** Secure whenever the site is served over https (SITE_URL) or runs in production over https. */
export function cookieIsSecure(): boolean {
  return env().siteUrl.startsWith("https://");
}

export function sessionCookieOptions(maxAgeSeconds: number) {
  return {
    httpOnly: true,
    secure: cookieIsSecure(),
    sameSite: "lax" as const,
    path: "/",
    maxAge: maxAgeSeconds,
  };
}

/**
 * Binds a session to the password it was opened with: a keyed hash (HMAC with SESSION_SECRET)
 * of the configured password hash. The cookie is sealed anyway, but even unsealed it reveals
 * nothing that helps guess the password; a new hash in ADMIN_USERS no longer matches.
 */
function passwordFingerprint(email: string): string | null {
  const user = env().adminUsers.find((u) => u.email === email);
  if (!user) return null;
  return createHmac("sha256", secret())
    .update(`masthead-session-password\0${user.email}\0${user.passwordHash}`)
    .digest("base64url")
    .slice(0, 32);
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function sealSession(
  email: string,
  now = Date.now(),
  passkey?: string,
): Promise<{ value: string; session: AdminSession }> {
  // Not an admin: the session is sealed but can never be read back (no fingerprint matches "").
  const pwd = passwordFingerprint(email) ?? "";
  const session: AdminSession = {
    email,
    issuedAt: now,
    expiresAt: now + SESSION_TTL_SECONDS * 1000,
    sid: randomBytes(18).toString("base64url"),
    pwd,
    ...(passkey ? { passkey } : {}),
  };
  const value = await sealData(session, { password: secret(), ttl: SESSION_TTL_SECONDS });
  return { value, session };
}

/**
 * The session sealed in `value`, or null when it is missing, tampered or expired, when its
 * admin was removed or got a new password hash, or when it was ended by a logout.
 */
export async function readSessionValue(
  value: string | undefined | null,
  now = Date.now(),
): Promise<AdminSession | null> {
  if (!value) return null;
  let data: Partial<AdminSession>;
  try {
    data = await unsealData<Partial<AdminSession>>(value, { password: secret(), ttl: SESSION_TTL_SECONDS });
  } catch {
    return null;
  }
  if (
    typeof data?.email !== "string" ||
    typeof data.expiresAt !== "number" ||
    typeof data.issuedAt !== "number" ||
    typeof data.sid !== "string" ||
    typeof data.pwd !== "string" ||
    (data.passkey !== undefined && typeof data.passkey !== "string")
  )
    return null;
  if (data.expiresAt <= now) return null;
  // Removing someone from ADMIN_USERS, or giving them a new password hash, ends their sessions.
  const pwd = passwordFingerprint(data.email);
  if (!pwd || !data.pwd || !sameText(pwd, data.pwd)) return null;
  if (await revocations().isRevoked(data.sid)) return null;
  const { email, expiresAt, issuedAt, sid, passkey } = data;
  return { email, expiresAt, issuedAt, sid, pwd, ...(passkey ? { passkey } : {}) };
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

/** One cookie's value from a Cookie header (parsed by `cookie`, the parser iron-session uses). */
export function cookieFromHeader(header: string | null, name = SESSION_COOKIE): string | undefined {
  return header ? parseCookies(header)[name] : undefined;
}

export async function sessionFromRequest(request: Request): Promise<AdminSession | null> {
  return readSessionValue(cookieFromHeader(request.headers.get("cookie")));
}
