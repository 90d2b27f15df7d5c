import { z } from "zod";
import { PASSWORD_HASH_PATTERN } from "./password-hash";

/** 128 bits of SHA-256, base64url (lib/admin/recovery-codes.ts makes them). */
const RECOVERY_HASH_PATTERN = /^[A-Za-z0-9_-]{22}$/;
import { Refusal, quoted, variable, wholeNumber } from "./variable";

/*
 * The variables that say who may use /admin: ADMIN_USERS (passwords), the workspace roles that
 * count as admin, and the second factor; read by lib/config/schema.ts.
 */

export type AdminUser = { email: string; passwordHash: string };

/** Parses ADMIN_USERS: `email=scrypt:salt:hash` entries separated by commas, spaces or newlines. */
export function parseAdminUsers(raw: string): { users: AdminUser[]; errors: string[] } {
  const users: AdminUser[] = [];
  const errors: string[] = [];
  for (const entry of raw.split(/[\s,]+/).filter(Boolean)) {
    const eq = entry.indexOf("=");
    const email = (eq > 0 ? entry.slice(0, eq) : entry).trim().toLowerCase();
    const hash = eq > 0 ? entry.slice(eq + 1).trim() : "";
    if (!z.email().safeParse(email).success) errors.push(`"${email}" is not an email address.`);
    else if (!PASSWORD_HASH_PATTERN.test(hash))
      errors.push(`the entry for ${email} has no valid scrypt hash.`);
    else users.push({ email, passwordHash: hash });
  }
  return { users, errors };
}

/** Base32 (RFC 4648) of at least 128 bits, the least RFC 4226 allows for a shared secret. */
const TOTP_SECRET_PATTERN = /^[A-Z2-7]{26,128}$/;
const TOTP_FIX = "print a fresh entry with `npm run admin-totp <email>` and put it in ADMIN_TOTP.";

/**
 * Parses ADMIN_TOTP: `email=BASE32SECRET` entries separated by commas, spaces or newlines (the
 * shape of ADMIN_USERS). Secrets are upper-cased and their `=` padding dropped, as authenticator
 * apps read them. Problems name the email, never the secret.
 */
export function parseAdminTotp(raw: string): { secrets: Record<string, string>; errors: string[] } {
  const secrets: Record<string, string> = {};
  const errors: string[] = [];
  for (const entry of raw.split(/[\s,]+/).filter(Boolean)) {
    const eq = entry.indexOf("=");
    const email = (eq > 0 ? entry.slice(0, eq) : entry).trim().toLowerCase();
    const secret =
      eq > 0
        ? entry
            .slice(eq + 1)
            .replace(/=+$/, "")
            .toUpperCase()
        : "";
    if (!z.email().safeParse(email).success) errors.push(`"${email.slice(0, 60)}" is not an email address.`);
    else if (email in secrets) errors.push(`${email} is listed twice.`);
    else if (!TOTP_SECRET_PATTERN.test(secret))
      errors.push(
        `the secret for ${email} is not a base32 secret of at least 26 characters (128 bits; letters A-Z and digits 2-7).`,
      );
    else secrets[email] = secret;
  }
  return { secrets, errors };
}

/**
 * Parses ADMIN_RECOVERY_CODES: `email=hash.hash...` entries (the hashes of one admin's recovery
 * codes, from `npm run admin-totp`) separated by commas, spaces or newlines.
 */
export function parseRecoveryCodes(raw: string): { hashes: Record<string, string[]>; errors: string[] } {
  const hashes: Record<string, string[]> = {};
  const errors: string[] = [];
  for (const entry of raw.split(/[\s,]+/).filter(Boolean)) {
    const eq = entry.indexOf("=");
    const email = (eq > 0 ? entry.slice(0, eq) : entry).trim().toLowerCase();
    const list = eq > 0 ? entry.slice(eq + 1).split(".") : [];
    if (!z.email().safeParse(email).success) errors.push(`"${email.slice(0, 60)}" is not an email address.`);
    else if (email in hashes) errors.push(`${email} is listed twice.`);
    else if (list.length === 0 || !list.every((h) => RECOVERY_HASH_PATTERN.test(h)))
      errors.push(`the entry for ${email} is not a list of recovery code hashes.`);
    else hashes[email] = list;
  }
  return { hashes, errors };
}

/**
 * Who may use /admin besides ADMIN_USERS: the workspace roles that count as admin, how often a
 * session re-asks the workspace, and the second factor (lib/admin/standing.ts, lib/admin/totp.ts).
 */
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
  ADMIN_TOTP: variable(TOTP_FIX, (raw) => {
    if (raw === undefined) return {};
    const { secrets, errors } = parseAdminTotp(raw);
    return errors.length ? new Refusal(errors.join(" ")) : secrets;
  }),
  ADMIN_RECOVERY_CODES: variable(
    "print fresh codes and their entry with `npm run admin-totp -- --recovery-codes <email>` and put the entry in ADMIN_RECOVERY_CODES.",
    (raw) => {
      if (raw === undefined) return {};
      const { hashes, errors } = parseRecoveryCodes(raw);
      return errors.length ? new Refusal(errors.join(" ")) : hashes;
    },
  ),
  ADMIN_TWO_FACTOR: variable(
    "set ADMIN_TWO_FACTOR to required (every admin needs an ADMIN_TOTP secret) or optional, or unset it for optional.",
    (raw) => {
      if (raw === undefined || /^optional$/i.test(raw)) return "optional" as const;
      if (/^required$/i.test(raw)) return "required" as const;
      return new Refusal(`${quoted(raw)} is neither required nor optional.`);
    },
  ),
};

export type AdminAccessValues = {
  ADMIN_USERS: AdminUser[];
  ADMIN_TOTP: Record<string, string>;
  ADMIN_RECOVERY_CODES: Record<string, string[]>;
  ADMIN_TWO_FACTOR: "optional" | "required";
};

/** The checks between ADMIN_USERS, ADMIN_TOTP and ADMIN_TWO_FACTOR, once each is valid alone. */
export function checkSecondFactor(v: AdminAccessValues, ctx: z.RefinementCtx): void {
  const admins = new Set(v.ADMIN_USERS.map((u) => u.email));
  const strangers = Object.keys(v.ADMIN_TOTP).filter((email) => !admins.has(email));
  if (strangers.length)
    ctx.addIssue({
      code: "custom",
      path: ["ADMIN_TOTP"],
      message: `lists ${strangers.join(", ")}, not in ADMIN_USERS.`,
      params: {
        fix: "add them to ADMIN_USERS (`npm run hash-password <email>`) or remove their ADMIN_TOTP entries.",
      },
    });
  const noSecond = Object.keys(v.ADMIN_RECOVERY_CODES).filter((email) => !(email in v.ADMIN_TOTP));
  if (noSecond.length)
    ctx.addIssue({
      code: "custom",
      path: ["ADMIN_RECOVERY_CODES"],
      message: `lists ${noSecond.join(", ")}, who ${noSecond.length === 1 ? "has" : "have"} no ADMIN_TOTP secret: recovery codes stand in for the authenticator's code.`,
      params: {
        fix: "enrol them with `npm run admin-totp <email>` (it prints both entries), or remove their ADMIN_RECOVERY_CODES entries.",
      },
    });
  const without = [...admins].filter((email) => !(email in v.ADMIN_TOTP));
  if (v.ADMIN_TWO_FACTOR === "required" && without.length)
    ctx.addIssue({
      code: "custom",
      path: ["ADMIN_TWO_FACTOR"],
      message: `is required, but ${without.join(", ")} ${without.length === 1 ? "has" : "have"} no ADMIN_TOTP secret.`,
      params: {
        fix: "enrol each of them with `npm run admin-totp <email>` and add the entries to ADMIN_TOTP, or set ADMIN_TWO_FACTOR=optional.",
      },
    });
}
