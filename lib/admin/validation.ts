import { z } from "zod";
import { sameOriginPath } from "../http/same-origin-path";
import { isValidTimeZone } from "./time-zones";

/*
 * What the admin API accepts, checked before anything goes upstream. Messages are written
 * for the admin reading them next to a form field.
 */

export const PAGE_SIZES = [10, 30, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 30;
export const MAX_INVITES = 100;
export const MAX_BULK = 200;

const email = z
  .email({ error: "Enter a valid email address." })
  .max(254, { error: "That email address is too long." });

export const memberIdSchema = z.uuid({ error: "That is not a member id." });

export const listQuerySchema = z.object({
  page: z.coerce
    .number({ error: "page must be a number." })
    .int()
    .min(1, { error: "page starts at 1." })
    .max(100_000)
    .catch(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .catch(DEFAULT_PAGE_SIZE),
  q: z.string().trim().max(200).catch("").default(""),
  status: z.enum(["all", "active", "inactive"]).catch("all").default("all"),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Reads list parameters from a URL or page searchParams; never fails (bad values fall back to defaults). */
export function parseListQuery(
  params: URLSearchParams | Record<string, string | string[] | undefined>,
): ListQuery {
  const get = (k: string) => {
    if (params instanceof URLSearchParams) return params.get(k) ?? undefined;
    const v = params[k];
    return Array.isArray(v) ? v[0] : v;
  };
  return listQuerySchema.parse({
    page: get("page"),
    pageSize: get("pageSize"),
    q: get("q"),
    status: get("status"),
  });
}

const role = z
  .string({ error: "Role must be text." })
  .trim()
  .min(1, { error: "Enter a role, e.g. Standard." })
  .max(100, { error: "That role name is too long." });

const timeZone = z
  .string({ error: "Time zone must be text." })
  .trim()
  .refine(isValidTimeZone, { error: "Pick a valid time zone from the list, e.g. Europe/Paris." });

const name = z
  .string({ error: "Names must be text." })
  .trim()
  .max(100, { error: "Keep names under 100 characters." });

export const updateMemberSchema = z
  .object({
    firstName: name.optional(),
    lastName: name.optional(),
    email: email.optional(),
    timeZone: timeZone.optional(),
    role: role.optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: "Nothing to change." });
export type UpdateMemberInput = z.infer<typeof updateMemberSchema>;

export const activationSchema = z
  .object({ active: z.boolean({ error: "active must be true or false." }) })
  .strict();

/** Splits the invite box on commas, semicolons, whitespace and newlines. */
export function splitEmails(raw: string): string[] {
  return raw
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export const inviteSchema = z
  .object({
    emails: z.union([z.string(), z.array(z.string())], { error: "Enter at least one email address." }),
    role: role.optional(),
    invitedBy: z.union([email, z.literal("")]).optional(),
    sendInvitationEmail: z.boolean({ error: "sendInvitationEmail must be true or false." }).default(true),
  })
  .strict();

export type InviteInput = {
  emails: string[];
  role: string;
  invitedBy?: string;
  sendInvitationEmail: boolean;
};

export type InviteParse =
  | { ok: true; value: InviteInput }
  | { ok: false; error: string; invalidEmails?: string[]; fields?: Record<string, string> };

export function parseInvite(body: unknown): InviteParse {
  const parsed = inviteSchema.safeParse(body);
  if (!parsed.success) return { ok: false, ...fieldErrors(parsed.error) };
  const list = (
    Array.isArray(parsed.data.emails)
      ? parsed.data.emails.flatMap(splitEmails)
      : splitEmails(parsed.data.emails)
  ).map((e) => e.toLowerCase());
  const unique = Array.from(new Set(list));
  if (unique.length === 0)
    return {
      ok: false,
      error: "Enter at least one email address.",
      fields: { emails: "Enter at least one email address." },
    };
  if (unique.length > MAX_INVITES) {
    const msg = `Invite at most ${MAX_INVITES} people at once.`;
    return { ok: false, error: msg, fields: { emails: msg } };
  }
  const invalid = unique.filter((e) => !email.safeParse(e).success);
  if (invalid.length) {
    const msg = `${invalid.length === 1 ? "This address is" : "These addresses are"} not valid: ${invalid.join(", ")}`;
    return { ok: false, error: msg, invalidEmails: invalid, fields: { emails: msg } };
  }
  return {
    ok: true,
    value: {
      emails: unique,
      role: parsed.data.role ?? "Standard",
      invitedBy: parsed.data.invitedBy ? parsed.data.invitedBy.toLowerCase() : undefined,
      sendInvitationEmail: parsed.data.sendInvitationEmail,
    },
  };
}

export const bulkSchema = z
  .object({
    action: z.enum(["remove", "deactivate"], { error: "action must be remove or deactivate." }),
    ids: z
      .array(memberIdSchema, { error: "Select at least one member." })
      .min(1, { error: "Select at least one member." })
      .max(MAX_BULK, { error: `Select at most ${MAX_BULK} members at once.` }),
  })
  .strict();
export type BulkInput = z.infer<typeof bulkSchema>;

export const loginSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).default(""),
  password: z.string().max(1024).default(""),
  /** Present on the second step only: the authentication code. */
  code: z.string().max(40).optional(),
  next: z.string().max(2000).optional(),
});

/** The first message per field plus a summary, for `{ error, fields }` bodies. */
export function fieldErrors(error: z.ZodError): { error: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "_";
    fields[key] ??= issue.message;
  }
  const first = Object.values(fields)[0] ?? "The request is not valid.";
  return { error: first, fields };
}

/**
 * Only same-site admin paths are followed after login (no open redirect). The admin-area check
 * runs on the normalised path that is returned, so dot segments cannot walk out of /admin.
 */
export function safeNextPath(next: string | null | undefined): string {
  const path = sameOriginPath(next);
  if (!path || !/^\/admin(\/|\?|$)/.test(path) || /^\/admin\/login(\/|\?|$)/.test(path)) return "/admin";
  return path;
}
