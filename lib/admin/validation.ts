import { z } from "zod";
import { errorResponse } from "../http/json-response";
import { sameOriginPath } from "../http/same-origin-path";
import { siteText } from "../config/text";
import { isMessageKey, isValidTimeZone } from "../i18n";
import type { Parsed } from "./http";

// What the admin API accepts, checked before anything goes upstream; messages a form field can show
// are phrase keys (said by `fieldErrors`).

export const PAGE_SIZES = [10, 30, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 30;
const MAX_INVITES = 100;

const email = z.email({ error: "admin.valid.email" }).max(254, { error: "admin.valid.emailTooLong" });

export const memberIdSchema = z.uuid({ error: "admin.valid.memberId" });

// Bad list parameters fall back to the defaults: a hand-edited URL still shows a list.
const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  pageSize: z.coerce
    .number()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .catch(DEFAULT_PAGE_SIZE),
  q: z.string().trim().max(200).catch(""),
  status: z.enum(["all", "active", "inactive"]).catch("all"),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Reads list parameters from a URL or page searchParams; never fails. */
export function parseListQuery(
  params: URLSearchParams | Record<string, string | string[] | undefined>,
): ListQuery {
  const get = (k: string) => [params instanceof URLSearchParams ? params.getAll(k) : params[k]].flat()[0];
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

/** The invite box's addresses, lower-cased: split on commas, semicolons, whitespace and newlines. */
export function splitEmails(raw: string): string[] {
  return raw
    .toLowerCase()
    .split(/[\s,;]+/)
    .filter(Boolean);
}

const inviteSchema = z
  .object({
    emails: z
      .union([z.string(), z.array(z.string())], { error: "admin.valid.noEmails" })
      .transform((v) => [...new Set([v].flat().flatMap(splitEmails))])
      .pipe(
        z.array(z.string()).min(1, "admin.valid.noEmails").max(MAX_INVITES, "admin.valid.tooManyInvites"),
      ),
    role: role.default("Standard"),
    // Blank means the workspace's default inviter.
    invitedBy: z
      .union([email, z.literal("")])
      .optional()
      .transform((v) => v?.toLowerCase() || undefined),
    sendInvitationEmail: z.boolean({ error: "sendInvitationEmail must be true or false." }).default(true),
  })
  .strict();
export type InviteInput = z.infer<typeof inviteSchema>;

/** An invite, or its 422 naming every address it cannot take (`invalidEmails`) beside the field messages. */
export function parseInvite(body: unknown): Parsed<InviteInput> {
  const parsed = inviteSchema.safeParse(body);
  const refuse = (e: { error: string; fields?: Record<string, string>; invalidEmails?: string[] }) => ({
    ok: false as const,
    response: errorResponse(422, e.error, {
      fields: e.fields ?? { emails: e.error },
      invalidEmails: e.invalidEmails,
    }),
  });
  if (!parsed.success) return refuse(fieldErrors(parsed.error));
  const invalidEmails = parsed.data.emails.filter((e) => !email.safeParse(e).success);
  const count = invalidEmails.length;
  if (count)
    return refuse({
      error: siteText()("admin.valid.invalidEmails", { count, emails: invalidEmails.join(", ") }),
      invalidEmails,
    });
  return { ok: true, value: parsed.data };
}

export const bulkSchema = z
  .object({
    action: z.enum(["remove", "deactivate"], { error: "action must be remove or deactivate." }),
    ids: z
      .array(memberIdSchema, { error: "admin.valid.noneSelected" })
      .min(1, { error: "admin.valid.noneSelected" })
      .max(200, { error: "admin.valid.tooManySelected" }),
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

/** Only same-site admin paths after login (no open redirect), checked normalised: no `..` out of /admin. */
export function safeNextPath(next: string | null | undefined): string {
  const path = sameOriginPath(next);
  if (!path || !/^\/admin(\/|\?|$)/.test(path) || /^\/admin\/login(\/|\?|$)/.test(path)) return "/admin";
  return path;
}

/** The time zone picker's IANA names plus UTC (which supportedValuesOf omits), as Intl accepts them. */
let zones: string[] | undefined;
export function timeZoneOptions(): string[] {
  return (zones ??= Array.from(new Set(["UTC", ...Intl.supportedValuesOf("timeZone")])));
}
