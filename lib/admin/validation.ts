import { z } from "zod";
import { sameOriginPath } from "../http/same-origin-path";
import { siteText } from "../config/text";
import { isMessageKey } from "../i18n";
import { isValidTimeZone } from "./time-zones";

/*
 * What the admin API accepts, checked before anything goes upstream. The messages an admin can
 * meet next to a form field are phrase keys, said in the site's language by `fieldErrors`; the
 * rest name the API's own fields, for whoever calls it by hand.
 */

export const PAGE_SIZES = [10, 30, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 30;
export const MAX_INVITES = 100;
export const MAX_BULK = 200;

const email = z.email({ error: "admin.valid.email" }).max(254, { error: "admin.valid.emailTooLong" });

export const memberIdSchema = z.uuid({ error: "admin.valid.memberId" });

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
  .min(1, { error: "admin.valid.role" })
  .max(100, { error: "admin.valid.roleTooLong" });

const timeZone = z
  .string({ error: "Time zone must be text." })
  .trim()
  .refine(isValidTimeZone, { error: "admin.valid.timeZone" });

const name = z.string({ error: "Names must be text." }).trim().max(100, { error: "admin.valid.nameTooLong" });

export const updateMemberSchema = z
  .object({
    firstName: name.optional(),
    lastName: name.optional(),
    email: email.optional(),
    timeZone: timeZone.optional(),
    role: role.optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: "admin.valid.nothingToChange" });
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
    emails: z.union([z.string(), z.array(z.string())], { error: "admin.valid.noEmails" }),
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
  const t = siteText();
  const list = (
    Array.isArray(parsed.data.emails)
      ? parsed.data.emails.flatMap(splitEmails)
      : splitEmails(parsed.data.emails)
  ).map((e) => e.toLowerCase());
  const unique = Array.from(new Set(list));
  if (unique.length === 0) {
    const msg = t("admin.valid.noEmails");
    return { ok: false, error: msg, fields: { emails: msg } };
  }
  if (unique.length > MAX_INVITES) {
    const msg = t("admin.valid.tooManyInvites", { max: MAX_INVITES });
    return { ok: false, error: msg, fields: { emails: msg } };
  }
  const invalid = unique.filter((e) => !email.safeParse(e).success);
  if (invalid.length) {
    const msg = t("admin.valid.invalidEmails", { count: invalid.length, emails: invalid.join(", ") });
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
      .array(memberIdSchema, { error: "admin.valid.noneSelected" })
      .min(1, { error: "admin.valid.noneSelected" })
      .max(MAX_BULK, { error: "admin.valid.tooManySelected" }),
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

/** The first message per field plus a summary, for `{ error, fields }` bodies; a phrase key is said with its limit (`max`). */
export function fieldErrors(error: z.ZodError): { error: string; fields: Record<string, string> } {
  const t = siteText();
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "_";
    const max = "maximum" in issue ? Number(issue.maximum) : 0;
    fields[key] ??= isMessageKey(issue.message) ? t(issue.message, { max }) : issue.message;
  }
  const first = Object.values(fields)[0] ?? t("admin.valid.request");
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
