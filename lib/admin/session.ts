import "server-only";
import { sealData, unsealData } from "iron-session";
import { env } from "../env";

/*
 * The admin session: an iron-session sealed cookie. Handlers read it from the Request's
 * Cookie header (not next/headers) so they behave the same in tests as in the server,
 * and every reader re-checks the expiry and that the email is still a configured admin.
 */

export const SESSION_COOKIE = "masthead_admin";
export const NOT_SIGNED_IN = "You are not signed in, or your session has expired. Sign in again.";
export const SESSION_TTL_SECONDS = 8 * 60 * 60;

export type AdminSession = {
  email: string;
  /** Epoch milliseconds; checked on every read, independent of the seal's own TTL. */
  expiresAt: number;
  issuedAt: number;
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

export async function sealSession(
  email: string,
  now = Date.now(),
): Promise<{ value: string; session: AdminSession }> {
  const session: AdminSession = { email, issuedAt: now, expiresAt: now + SESSION_TTL_SECONDS * 1000 };
  const value = await sealData(session, { password: secret(), ttl: SESSION_TTL_SECONDS });
  return { value, session };
}

/** The session sealed in `value`, or null when it is missing, tampered, expired or no longer an admin. */
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
    typeof data.issuedAt !== "number"
  )
    return null;
  if (data.expiresAt <= now) return null;
  // Removing someone from ADMIN_USERS ends their sessions at once.
  if (!isConfiguredAdmin(data.email)) return null;
  return { email: data.email, expiresAt: data.expiresAt, issuedAt: data.issuedAt };
}

/** Whether `email` (lower-cased, as sessions and ADMIN_USERS hold it) is a configured admin. */
export function isConfiguredAdmin(email: string): boolean {
  return env().adminUsers.some((u) => u.email === email);
}

export function cookieFromHeader(header: string | null, name = SESSION_COOKIE): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

export async function sessionFromRequest(request: Request): Promise<AdminSession | null> {
  return readSessionValue(cookieFromHeader(request.headers.get("cookie")));
}
