import "server-only";
import { randomBytes } from "node:crypto";
import type { Charged } from "./login-throttle";
import { seal, unseal, type AdminCookie } from "./session";

// The step between password and code: a sealed cookie (the browser cannot read whether the password
// was right), 5 minutes, used once (login.ts claims its id). Path "/": login page and endpoint differ.

export const PENDING_STEP_COOKIE = "masthead_login_step";
export const PENDING_STEP: AdminCookie = { name: PENDING_STEP_COOKIE, maxAge: 5 * 60, path: "/" };

/** What the first step was charged, and `accountLockedFor`: only both factors get past a lockout. */
export type PendingStep = Charged & {
  passwordOk: boolean;
  accountLockedFor: number | null;
  id: string;
  /** Epoch ms; checked besides the seal's own TTL. */
  expiresAt: number;
};

export function sealPendingStep(step: Omit<PendingStep, "id" | "expiresAt">): Promise<string> {
  const id = randomBytes(18).toString("base64url");
  const expiresAt = Date.now() + PENDING_STEP.maxAge * 1000;
  return seal({ ...step, id, expiresAt }, "login-step", PENDING_STEP.maxAge);
}

export function readPendingStep(value: string | undefined | null): Promise<PendingStep | null> {
  return unseal<PendingStep>(
    value,
    "login-step",
    PENDING_STEP.maxAge,
    (d) =>
      typeof d.email === "string" &&
      typeof d.passwordOk === "boolean" &&
      (d.trustedDevice === null || typeof d.trustedDevice === "string") &&
      typeof d.client === "string" &&
      typeof d.holder === "string" &&
      (d.accountLockedFor === null || typeof d.accountLockedFor === "number") &&
      typeof d.id === "string" &&
      typeof d.expiresAt === "number" &&
      d.expiresAt > Date.now(),
    2_000,
  );
}
