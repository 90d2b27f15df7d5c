/*
 * `npm run admin-totp [email]`: enrols an admin in two-factor sign-in. Prints a fresh secret,
 * its otpauth:// URI and a QR code to scan with an authenticator app, and the ADMIN_TOTP entry
 * to add. The email is asked for on the terminal when it is not given.
 */
import { createInterface } from "node:readline/promises";
import { renderUnicodeCompact } from "uqr";
import { z } from "zod";
import { envValue } from "../config/defaults.mjs";
import { imageHosts } from "../config/image-hosts.mjs";
import { readSiteConfig } from "../config/site";
import { TOTP_ISSUER, newEnrolment } from "./totp";

/** The site's name (SITE_CONFIG's `name`): what the authenticator app files the entry under. */
function issuer(): string {
  const { site } = readSiteConfig(envValue(process.env, "SITE_CONFIG"), imageHosts(process.env));
  return site?.name ?? TOTP_ISSUER;
}

async function emailFromArgsOrPrompt(): Promise<string> {
  const given = process.argv[2]?.trim();
  if (given) return given.toLowerCase();
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: process.stdin.isTTY });
  try {
    return (await rl.question("Admin email (as in ADMIN_USERS): ")).trim().toLowerCase();
  } finally {
    rl.close();
  }
}

function print(email: string): void {
  const name = issuer();
  const { secret, uri, entry } = newEnrolment(email, name);
  console.log(`Two-factor sign-in for ${email} (the app shows it as "${name}"${name === TOTP_ISSUER ? ": run with SITE_CONFIG set to your site's file for its name" : ""})

1. Scan this QR code with an authenticator app (or type the secret by hand):

${renderUnicodeCompact(uri, { border: 2 })}

   Secret: ${secret}
   URI:    ${uri}

2. Add this entry to ADMIN_TOTP (entries separated by commas, like ADMIN_USERS) on every
   instance, and restart them:

   ${entry}

3. Sign in: after the password, the form asks for the app's 6-digit code.

Keep the secret as private as the password: anyone who has it can make codes.`);
}

void emailFromArgsOrPrompt().then((email) => {
  if (!z.email().safeParse(email).success) {
    console.error(`"${email}" is not an email address. Usage: npm run admin-totp -- admin@your-team.org`);
    process.exit(1);
  }
  print(email);
});
