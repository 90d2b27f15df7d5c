import "server-only";
import type { AdminSession } from "../session";
import { MAX_PASSKEYS_PER_ADMIN, type Passkey } from "./store";

/*
 * What the account page may do with an admin's own passkeys, beside the store: enrolling needs
 * a sign-in within RECENT_SIGN_IN_MS (a session left open on a shared computer must not let
 * whoever sits down add their own passkey and keep access after it ends).
 */

export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

export function signedInRecently(session: AdminSession, now = Date.now()): boolean {
  return now - session.issuedAt < RECENT_SIGN_IN_MS;
}

export function canAddAnother(existing: readonly Passkey[]): boolean {
  return existing.length < MAX_PASSKEYS_PER_ADMIN;
}

/** A passkey as the account page shows it: no key material, which the browser has no use for. */
export type PasskeyView = Pick<
  Passkey,
  "id" | "name" | "createdAt" | "lastUsedAt" | "backedUp" | "deviceType"
>;

export function toView({ id, name, createdAt, lastUsedAt, backedUp, deviceType }: Passkey): PasskeyView {
  return { id, name, createdAt, lastUsedAt, backedUp, deviceType };
}

/** The name a passkey gets when the admin gives none: the next free "Passkey N". */
export function defaultName(existing: readonly Passkey[]): string {
  const taken = new Set(existing.map((p) => p.name));
  let n = existing.length + 1;
  while (taken.has(`Passkey ${n}`)) n++;
  return `Passkey ${n}`;
}
