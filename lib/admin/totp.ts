import { Secret, TOTP } from "otpauth";
import qrcode from "qrcode-generator";

// TOTP (RFC 6238) with what every authenticator app understands; shared with `npm run admin-totp` (no server-only).

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

/** A fresh secret (160 bits, as RFC 4226 recommends), its otpauth:// URI and the ADMIN_TOTP entry; `issuer`: the site's name. */
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

/** The time step of `code` when valid for `secret` now, else null: with the email, what makes a code single-use. */
export function matchingStep(email: string, secret: string, code: string, now = Date.now()): number | null {
  const generator = totp(email, secret);
  const delta = generator.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : generator.counter({ timestamp: now }) + delta;
}

/** The current code for `secret` (tests). */
export function currentCode(email: string, secret: string, now = Date.now()): string {
  return totp(email, secret).generate({ timestamp: now });
}
