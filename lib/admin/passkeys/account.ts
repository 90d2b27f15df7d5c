import "server-only";
import { MAX_PASSKEYS_PER_ADMIN, type Passkey } from "./store";

/* What the account page may do with an admin's own passkeys, beside the store. */

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
