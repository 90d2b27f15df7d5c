import "server-only";
import { passkeyStore } from "./index";
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

/** Removes one of the admin's passkeys; removing the last turns the password back on, so no admin is left with no way in. */
export async function removePasskey(
  email: string,
  id: string,
): Promise<{ left: number; passwordBack: boolean } | null> {
  const store = passkeyStore();
  if (!(await store.remove(email, id))) return null;
  const left = (await store.list(email)).length;
  const passwordBack = left === 0 && (await store.signInState(email)).passkeysOnly;
  if (passwordBack) await store.setPasskeysOnly(email, false);
  return { left, passwordBack };
}
