import { z } from "zod";
import { PASSWORD_HASH_PATTERN } from "./password-hash";
import { Refusal, addProblem, oneOf, variable, wholeNumber } from "./variable";

export type AdminUser = { email: string; passwordHash: string };

/** `email=value` entries separated by commas, spaces or newlines; problems name the email, never the value. */
function emailEntries<T>(raw: string, read: (value: string, email: string) => T | Refusal, unique = true) {
  const entries: [string, T][] = [];
  const errors: string[] = [];
  for (const entry of raw.split(/[\s,]+/).filter(Boolean)) {
    const eq = entry.indexOf("=");
    const email = (eq > 0 ? entry.slice(0, eq) : entry).toLowerCase();
    const value = read(eq > 0 ? entry.slice(eq + 1) : "", email);
    if (!z.email().safeParse(email).success) errors.push(`"${email.slice(0, 60)}" is not an email address.`);
    else if (unique && entries.some(([e]) => e === email)) errors.push(`${email} is listed twice.`);
    else if (value instanceof Refusal) errors.push(value.problem);
    else entries.push([email, value]);
  }
  return { entries, errors };
}

export function parseAdminUsers(raw: string): { users: AdminUser[]; errors: string[] } {
  const { entries, errors } = emailEntries(
    raw,
    (hash, email) =>
      PASSWORD_HASH_PATTERN.test(hash)
        ? hash
        : new Refusal(`the entry for ${email} has no valid scrypt hash.`),
    false,
  );
  return { users: entries.map(([email, passwordHash]) => ({ email, passwordHash })), errors };
}

/** Base32 (RFC 4648) of at least 128 bits, the least RFC 4226 allows for a shared secret. */
const TOTP_SECRET_PATTERN = /^[A-Z2-7]{26,128}$/;
/** 128 bits of SHA-256, base64url (lib/admin/recovery-codes.ts makes them). */
const RECOVERY_HASH_PATTERN = /^[A-Za-z0-9_-]{22}$/;

function emailMap<T>(fix: string, read: (value: string, email: string) => T | Refusal) {
  return variable(fix, (raw) => {
    if (raw === undefined) return {};
    const { entries, errors } = emailEntries(raw, read);
    return errors.length ? new Refusal(errors.join(" ")) : Object.fromEntries(entries);
  });
}

export const adminAccess = {
  ADMIN_ROLES: variable(
    "set ADMIN_ROLES to the workspace role names that may use /admin, separated by commas (case-sensitive, e.g. Admin), or unset it for Admin.",
    (raw) => {
      if (raw === undefined) return ["Admin"];
      const roles = Array.from(new Set(raw.split(",").map((r) => r.trim()))).filter(Boolean);
      if (roles.length === 0) return new Refusal("lists no role, so nobody could sign in.");
      if (roles.some((r) => r.length > 100)) return new Refusal("names a role longer than 100 characters.");
      return roles;
    },
  ),
  ADMIN_RECHECK_SECONDS: wholeNumber("ADMIN_RECHECK_SECONDS"),
  // Secrets lose their `=` padding and are upper-cased, as authenticator apps read them.
  ADMIN_TOTP: emailMap(
    "print a fresh entry with `npm run admin-totp <email>` and put it in ADMIN_TOTP.",
    (value, email) => {
      const secret = value.replace(/=+$/, "").toUpperCase();
      return TOTP_SECRET_PATTERN.test(secret)
        ? secret
        : new Refusal(
            `the secret for ${email} is not a base32 secret of at least 26 characters (128 bits; letters A-Z and digits 2-7).`,
          );
    },
  ),
  ADMIN_RECOVERY_CODES: emailMap(
    "print fresh codes and their entry with `npm run admin-totp -- --recovery-codes <email>` and put the entry in ADMIN_RECOVERY_CODES.",
    (value, email) => {
      const hashes = value.split(".");
      return hashes.every((h) => RECOVERY_HASH_PATTERN.test(h))
        ? hashes
        : new Refusal(`the entry for ${email} is not a list of recovery code hashes.`);
    },
  ),
  ADMIN_TWO_FACTOR: oneOf(
    "set ADMIN_TWO_FACTOR to required (every admin needs an ADMIN_TOTP secret) or optional, or unset it for optional.",
    "optional",
    { required: "required", optional: "optional" } as const,
  ),
};

type AdminAccessValues = z.output<z.ZodObject<typeof adminAccess>> & { ADMIN_USERS: AdminUser[] };

export function checkSecondFactor(v: AdminAccessValues, ctx: z.RefinementCtx): void {
  const admins = new Set(v.ADMIN_USERS.map((u) => u.email));
  const strangers = Object.keys(v.ADMIN_TOTP).filter((email) => !admins.has(email));
  if (strangers.length)
    addProblem(
      ctx,
      ["ADMIN_TOTP"],
      `lists ${strangers.join(", ")}, not in ADMIN_USERS.`,
      "add them to ADMIN_USERS (`npm run hash-password <email>`) or remove their ADMIN_TOTP entries.",
    );
  const noSecond = Object.keys(v.ADMIN_RECOVERY_CODES).filter((email) => !(email in v.ADMIN_TOTP));
  if (noSecond.length)
    addProblem(
      ctx,
      ["ADMIN_RECOVERY_CODES"],
      `lists ${noSecond.join(", ")}, who ${noSecond.length === 1 ? "has" : "have"} no ADMIN_TOTP secret: recovery codes stand in for the authenticator's code.`,
      "enrol them with `npm run admin-totp <email>` (it prints both entries), or remove their ADMIN_RECOVERY_CODES entries.",
    );
  const without = [...admins].filter((email) => !(email in v.ADMIN_TOTP));
  if (v.ADMIN_TWO_FACTOR === "required" && without.length)
    addProblem(
      ctx,
      ["ADMIN_TWO_FACTOR"],
      `is required, but ${without.join(", ")} ${without.length === 1 ? "has" : "have"} no ADMIN_TOTP secret.`,
      "enrol each of them with `npm run admin-totp <email>` and add the entries to ADMIN_TOTP, or set ADMIN_TWO_FACTOR=optional.",
    );
}
