import "server-only";
import { randomBytes } from "node:crypto";
import { sealData, unsealData } from "iron-session";
import { env } from "../config/env";
import { cookieIsSecure } from "./session";

/*
 * Device cookies (OWASP's answer to lockout as a weapon): a browser that signed in to an
 * account gets a sealed cookie naming that account and a random device id. Failed sign-ins
 * from strangers lock the account for strangers only; a browser holding a device cookie for
 * that account is judged by its own small failure budget instead. The cookie is sent only to
 * the sign-in endpoint (its Path) and never cross-site (SameSite=Strict).
 */

export const DEVICE_COOKIE = "masthead_device";
export const DEVICE_TTL_SECONDS = 90 * 24 * 60 * 60;
const DEVICE_COOKIE_PATH = "/api/admin/login";

export type Device = { email: string; id: string };

function sealOptions() {
  // A purpose-specific password derived from the session secret: a session seal can never be
  // replayed as a device cookie, or the reverse.
  return { password: `${env().sessionSecret}:device-cookie`, ttl: DEVICE_TTL_SECONDS };
}

/** A new device cookie value for `email` (a fresh id on every successful sign-in). */
export async function sealDevice(email: string): Promise<string> {
  const device: Device = { email, id: randomBytes(18).toString("base64url") };
  return sealData(device, sealOptions());
}

/** The device sealed in `value`, or null (missing, tampered, expired, wrong shape). */
export async function readDevice(value: string | undefined | null): Promise<Device | null> {
  if (!value || value.length > 1_000) return null;
  try {
    const data = await unsealData<Partial<Device>>(value, sealOptions());
    if (typeof data?.email !== "string" || typeof data.id !== "string") return null;
    return { email: data.email, id: data.id };
  } catch {
    return null;
  }
}

export function deviceCookieOptions() {
  return {
    httpOnly: true,
    secure: cookieIsSecure(),
    sameSite: "strict" as const,
    path: DEVICE_COOKIE_PATH,
    maxAge: DEVICE_TTL_SECONDS,
  };
}
