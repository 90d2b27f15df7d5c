import { requireSupportedNode } from "../../config/node-runtime";
import { env } from "../../config/env";
import { closeState } from "../../state";
import { audit } from "../audit";
import { passkeyStore, passkeyStoreDescription, type Passkey } from "./index";

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

/** The audit line of an operator's change. */
const operator = (email: string, detail?: string) => ({
  actor: "(operator)",
  target: `admin ${email}`,
  outcome: "ok" as const,
  detail,
});

async function run(args: string[]): Promise<number> {
  const [command, rawEmail, id] = args;
  const email = rawEmail?.trim().toLowerCase();
  if (
    !command ||
    !email ||
    !["list", "remove", "remove-all", "password-on", "sign-out", "two-factor-off"].includes(command)
  ) {
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
  switch (command) {
    case "list": {
      const [passkeys, only] = await Promise.all([store.list(email), store.passkeysOnly(email)]);
      console.log(`${email}: ${passkeys.length} passkey${passkeys.length === 1 ? "" : "s"} in ${where}`);
      for (const p of passkeys) console.log(`  ${describe(p)}`);
      console.log(`Password sign-in: ${only ? "off (passkeys only)" : "on"}`);
      return 0;
    }
    case "remove": {
      if (!(await store.remove(email, id!))) {
        console.error(
          `${email} has no passkey ${id} in ${where}. See: npm run admin-passkeys -- list ${email}`,
        );
        return 1;
      }
      audit({ ...operator(email, id!.slice(0, 12)), action: "passkey_remove" });
      const left = (await store.list(email)).length;
      let back = "";
      if (left === 0 && (await store.passkeysOnly(email))) {
        await store.setPasskeysOnly(email, false);
        back = " That was the last one, so their password signs them in again.";
      }
      console.log(`Removed passkey ${id} of ${email}.${back}`);
      return 0;
    }
    case "remove-all": {
      const removed = await store.removeAll(email);
      await store.setPasskeysOnly(email, false);
      audit({ ...operator(email, String(removed)), action: "passkey_remove_all" });
      console.log(
        `Removed ${removed} passkey${removed === 1 ? "" : "s"} of ${email}; their password signs them in.`,
      );
      return 0;
    }
    case "sign-out": {
      await store.signOutEverywhere(email, Date.now());
      audit({ ...operator(email), action: "sign_out_everywhere" });
      console.log(`Every session of ${email} has ended; they sign in again.`);
      return 0;
    }
    case "two-factor-off": {
      // For an admin who lost both the app and the recovery codes (or after SESSION_SECRET changed).
      await store.setTwoFactor(email, null);
      audit({ ...operator(email), action: "two_factor_off" });
      console.log(`Two-factor of ${email} is off (an ADMIN_TOTP entry, if any, still applies).`);
      return 0;
    }
    default: {
      await store.setPasskeysOnly(email, false);
      audit({ ...operator(email), action: "password_on" });
      console.log(`The password of ${email} signs them in again.`);
      return 0;
    }
  }
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
