import { requireSupportedNode } from "../../config/node-runtime";
import { env } from "../../config/env";
import { closeState } from "../../state";
import { audit } from "../audit";
import { removePasskey } from "./account";
import { passkeyStore, passkeyStoreDescription, type Passkey, type PasskeyStore } from "./index";

// `npm run admin-passkeys`: the operator's way back for an admin who lost their device, run with the instances' environment.

const USAGE = `Usage: npm run admin-passkeys -- <command> <email> [id]

  list <email>          list the admin's passkeys
  remove <email> <id>   remove one passkey (its id from list)
  remove-all <email>    remove every passkey of the admin and turn their password sign-in back on
  password-on <email>   turn the admin's password sign-in back on
  sign-out <email>      end every session of the admin (sign out everywhere)
  two-factor-off <email>  turn off the two-factor the admin enrolled on their account page`;

const when = (ms: number | null) => (ms === null ? "never" : new Date(ms).toISOString());

function describe(p: Passkey): string {
  return `${p.id}\n    name: ${p.name}\n    added: ${when(p.createdAt)}  last used: ${when(p.lastUsedAt)}  ${
    p.deviceType === "multiDevice" ? (p.backedUp ? "synced" : "syncable, not yet synced") : "this device only"
  }`;
}

type Change = (
  store: PasskeyStore,
  email: string,
) => Promise<[action: string, said: string, detail?: string]>;

/** The commands that change the store: each one's audit action and what it says. */
const CHANGES: Record<string, Change> = {
  "remove-all": async (store, email) => {
    const removed = await store.removeAll(email);
    await store.setPasskeysOnly(email, false);
    const said = `Removed ${removed} passkey${removed === 1 ? "" : "s"} of ${email}; their password signs them in.`;
    return ["passkey_remove_all", said, String(removed)];
  },
  "password-on": async (store, email) => {
    await store.setPasskeysOnly(email, false);
    return ["password_on", `The password of ${email} signs them in again.`];
  },
  "sign-out": async (store, email) => {
    await store.signOutEverywhere(email, Date.now());
    return ["sign_out_everywhere", `Every session of ${email} has ended; they sign in again.`];
  },
  // For an admin who lost both the app and the recovery codes (or after SESSION_SECRET changed).
  "two-factor-off": async (store, email) => {
    await store.setTwoFactor(email, null);
    return ["two_factor_off", `Two-factor of ${email} is off (an ADMIN_TOTP entry, if any, still applies).`];
  },
};

async function run(args: string[]): Promise<number> {
  const [command = "", rawEmail, id] = args;
  const email = rawEmail?.trim().toLowerCase();
  if (!email || (command !== "list" && command !== "remove" && !Object.hasOwn(CHANGES, command))) {
    console.error(USAGE);
    return 2;
  }
  if (command === "remove" && !id) {
    console.error(
      `remove needs the passkey's id (see: npm run admin-passkeys -- list ${email}).\n\n${USAGE}`,
    );
    return 2;
  }
  const store = passkeyStore();
  const where = passkeyStoreDescription();
  if (!env().adminUsers.some((u) => u.email === email))
    console.error(`Note: ${email} is not in ADMIN_USERS; its passkeys sign nobody in.`);
  let change = CHANGES[command];
  if (command === "list") {
    const [passkeys, { passkeysOnly: only }] = await Promise.all([
      store.list(email),
      store.signInState(email),
    ]);
    console.log(`${email}: ${passkeys.length} passkey${passkeys.length === 1 ? "" : "s"} in ${where}`);
    for (const p of passkeys) console.log(`  ${describe(p)}`);
    console.log(`Password sign-in: ${only ? "off (passkeys only)" : "on"}`);
    return 0;
  }
  if (command === "remove") {
    const removed = await removePasskey(email, id!);
    if (!removed) {
      console.error(
        `${email} has no passkey ${id} in ${where}. See: npm run admin-passkeys -- list ${email}`,
      );
      return 1;
    }
    const back = removed.passwordBack ? " That was the last one, so their password signs them in again." : "";
    change = async () => ["passkey_remove", `Removed passkey ${id} of ${email}.${back}`, id!.slice(0, 12)];
  }
  const [action, said, detail] = await change!(store, email);
  audit({ actor: "(operator)", action, target: `admin ${email}`, outcome: "ok", detail });
  console.log(said);
  return 0;
}

async function main(): Promise<void> {
  requireSupportedNode();
  let code: number;
  try {
    code = await run(process.argv.slice(2));
  } catch (error) {
    console.error(
      `The passkey store could not be used: ${error instanceof Error ? error.message : String(error)}`,
    );
    code = 1;
  }
  await passkeyStore()
    .close()
    .catch(() => {});
  await closeState().catch(() => {});
  process.exit(code);
}

void main();
