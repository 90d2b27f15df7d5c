// `npm run admin-totp [email] [--recovery-codes]`: the ADMIN_TOTP and ADMIN_RECOVERY_CODES entries of an admin's two-factor.
import { createInterface } from "node:readline/promises";
import { z } from "zod";
import { envValue } from "../config/defaults.mjs";
import { imageHosts } from "../config/image-hosts.mjs";
import { readSiteConfig } from "../config/site";
import { newRecoveryCodes } from "./recovery-codes";
import { TOTP_ISSUER, newEnrolment, qrCode } from "./totp";

const recoveryOnly = process.argv.includes("--recovery-codes");
const given = process.argv.slice(2).filter((a) => a !== "--recovery-codes");

async function emailFromArgsOrPrompt(): Promise<string> {
  const email = given[0]?.trim();
  if (email) return email.toLowerCase();
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: process.stdin.isTTY });
  try {
    return (await rl.question("Admin email (as in ADMIN_USERS): ")).trim().toLowerCase();
  } finally {
    rl.close();
  }
}

function print(email: string): void {
  // The site's name (SITE_CONFIG's `name`) is what the authenticator app files the entry under.
  const { site } = readSiteConfig(envValue(process.env, "SITE_CONFIG"), imageHosts(process.env));
  const name = site?.name ?? TOTP_ISSUER;
  const { secret, uri, entry } = newEnrolment(email, name);
  console.log(`Two-factor sign-in for ${email} (the app shows it as "${name}"${name === TOTP_ISSUER ? ": run with SITE_CONFIG set to your site's file for its name" : ""})

1. Scan this QR code with an authenticator app (or type the secret by hand):

${qrCode(uri).createASCII(1, 2)}

   Secret: ${secret}
   URI:    ${uri}

2. Add this entry to ADMIN_TOTP (entries separated by commas, like ADMIN_USERS) on every
   instance, and restart them:

   ${entry}

3. Sign in: after the password, the form asks for the app's 6-digit code.

Keep the secret as private as the password: anyone who has it can make codes.

${recoveryText(email)}`);
}

function recoveryText(email: string): string {
  const { codes, entry } = newRecoveryCodes(email);
  return `Recovery codes for ${email}: each signs in once in place of the app's code, for when the
phone is lost. They are shown only now; keep them somewhere safe (a password manager, paper).

${codes.map((c) => `   ${c}`).join("\n")}

Add this entry to ADMIN_RECOVERY_CODES (entries separated by commas) on every instance, in
place of any earlier entry for ${email} (which retires those codes), and restart them:

   ${entry}

Each use is written to the admin audit log (action "recovery_code"). Print fresh codes with
npm run admin-totp -- --recovery-codes ${email}`;
}

void emailFromArgsOrPrompt().then((email) => {
  if (!z.email().safeParse(email).success) {
    console.error(`"${email}" is not an email address. Usage: npm run admin-totp -- admin@your-team.org`);
    process.exit(1);
  }
  if (recoveryOnly) console.log(recoveryText(email));
  else print(email);
});
