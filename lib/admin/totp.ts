import { Secret, TOTP } from "otpauth";
import qrcode from "qrcode-generator";

/*
 * Time-based one-time codes (RFC 6238) through otpauth, with the parameters every authenticator
 * app understands: SHA-1, 6 digits, 30-second steps. Shared by sign-in (lib/admin/second-step.ts)
 * and `npm run admin-totp`, so the enrolment QR code and the check cannot disagree. No
 * server-only import: the command-line tool runs outside Next.
 */

/** The issuer when the site has no name of its own (SITE_CONFIG's `name`). */
export const TOTP_ISSUER = "Masthead";
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** One step either side of now: a phone clock a little off, or a code typed as it changes. */
const WINDOW = 1;
/** How long an accepted code must be remembered: until no clock within the window accepts it again. */
export const CODE_MEMORY_SECONDS = PERIOD_SECONDS * (2 * WINDOW + 2);

function totp(email: string, secret: Secret | string, issuer = TOTP_ISSUER): TOTP {
  return new TOTP({
    issuer,
    label: email,
    secret: typeof secret === "string" ? Secret.fromBase32(secret) : secret,
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD_SECONDS,
  });
}

/**
 * A fresh random secret (160 bits, as RFC 4226 recommends), its otpauth:// URI and the ADMIN_TOTP
 * entry. `issuer` is the name the authenticator app files the entry under: the site's.
 */
export function newEnrolment(
  email: string,
  issuer = TOTP_ISSUER,
): { secret: string; uri: string; entry: string } {
  const secret = new Secret({ size: 20 });
  return {
    secret: secret.base32,
    uri: totp(email, secret, issuer).toString(),
    entry: `${email}=${secret.base32}`,
  };
}

/** The QR code of an otpauth:// URI: drawn as SVG by the account page, as text by `npm run admin-totp`. */
export function qrCode(uri: string): ReturnType<typeof qrcode> {
  const qr = qrcode(0, "M");
  qr.addData(uri);
  qr.make();
  return qr;
}

/** The code as typed ("123 456", "123-456") reduced to its digits, or null when it cannot be a code. */
export function normalizeCode(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, "");
  return new RegExp(`^\\d{${DIGITS}}$`).test(digits) ? digits : null;
}

/**
 * The time step `code` belongs to when it is valid for `secret` now (within the window), else
 * null. The step, with the email, is what makes a code single-use.
 */
export function matchingStep(email: string, secret: string, code: string, now = Date.now()): number | null {
  const generator = totp(email, secret);
  const delta = generator.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : generator.counter({ timestamp: now }) + delta;
}

/** The current code for `secret` (tests and the enrolment check). */
export function currentCode(email: string, secret: string, now = Date.now()): string {
  return totp(email, secret).generate({ timestamp: now });
}
