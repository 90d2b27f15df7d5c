import "server-only";
import { passkeyStore } from "./index";

/**
 * Whether `email` turned off sign-in with their password (passkeys only). For the password's
 * path, which then judges the right password as a wrong one: the answer must read the same
 * either way. A store that cannot answer leaves the password on, as it was before passkeys:
 * an outage of Redis must not lock every admin out, and the password's budgets still apply.
 */
export async function passwordSignInOff(email: string): Promise<boolean> {
  try {
    return await passkeyStore().passkeysOnly(email);
  } catch {
    return false;
  }
}
