import "server-only";
import { randomBytes } from "node:crypto";
import { sealData, unsealData } from "iron-session";
import { env } from "../config/env";
import { cookieIsSecure } from "./session";

/*
 * The sign-in's second step between the password and the code: a sealed cookie (encrypted and
 * signed, so the browser cannot read whether the password was right), valid 5 minutes, used
 * once (lib/admin/login.ts claims its id). It is sent to the login page (which then asks for the
 * code, with or without JavaScript) and the sign-in endpoint, never cross-site.
 */

export const PENDING_STEP_COOKIE = "masthead_login_step";
export const PENDING_STEP_SECONDS = 5 * 60;

export type PendingStep = {
  /** The email as typed (lower-cased), known admin or not. */
  email: string;
  passwordOk: boolean;
  /** Which budget the first step was charged to: this device's, or the stranger budgets (lib/admin/login-throttle.ts). */
  trustedDevice: string | null;
  client: string;
  holder: string;
  /** Seconds left of the account's lockout at the first step: only both factors get past it. */
  accountLockedFor: number | null;
  id: string;
  /** Epoch ms; checked besides the seal's own TTL. */
  expiresAt: number;
};

function sealOptions() {
  // Purpose-specific, like the device cookie: no other seal can be replayed as a step.
  return { password: `${env().sessionSecret}:login-step`, ttl: PENDING_STEP_SECONDS };
}

export async function sealPendingStep(step: Omit<PendingStep, "id" | "expiresAt">): Promise<string> {
  const full: PendingStep = {
    ...step,
    id: randomBytes(18).toString("base64url"),
    expiresAt: Date.now() + PENDING_STEP_SECONDS * 1000,
  };
  return sealData(full, sealOptions());
}

/** The step sealed in `value`, or null (missing, tampered, expired, wrong shape). */
export async function readPendingStep(value: string | undefined | null): Promise<PendingStep | null> {
  if (!value || value.length > 2_000) return null;
  try {
    const data = await unsealData<Partial<PendingStep>>(value, sealOptions());
    if (
      typeof data?.email !== "string" ||
      typeof data.passwordOk !== "boolean" ||
      (data.trustedDevice !== null && typeof data.trustedDevice !== "string") ||
      typeof data.client !== "string" ||
      typeof data.holder !== "string" ||
      (data.accountLockedFor !== null && typeof data.accountLockedFor !== "number") ||
      typeof data.id !== "string" ||
      typeof data.expiresAt !== "number" ||
      data.expiresAt <= Date.now()
    )
      return null;
    return data as PendingStep;
  } catch {
    return null;
  }
}

export function pendingStepCookieOptions(maxAgeSeconds = PENDING_STEP_SECONDS) {
  return {
    httpOnly: true,
    secure: cookieIsSecure(),
    sameSite: "strict" as const,
    // The login page and the sign-in endpoint live under different prefixes.
    path: "/",
    maxAge: maxAgeSeconds,
  };
}
