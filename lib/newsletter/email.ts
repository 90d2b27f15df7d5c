import { z } from "zod";
import { isInvalidReason, type InvalidReason } from "./outcomes";

/** RFC 5321 caps a forward path at 256 octets including the angle brackets. */
const MAX_EMAIL_LENGTH = 254;

// Each check's message is an InvalidReason, most specific first, so the reader is told what is wrong.
const subscriberEmailSchema = z
  .string({ error: "shape" })
  .trim()
  .min(1, { error: "empty" })
  .max(MAX_EMAIL_LENGTH, { error: "too_long" })
  .refine((v) => !/\s/.test(v), { error: "spaces", abort: true })
  .refine((v) => v.includes("@"), { error: "missing_at", abort: true })
  .refine((v) => /@[^@]*\.[^@]*$/.test(v), { error: "missing_domain", abort: true })
  .pipe(z.email({ error: "shape" }));

type EmailCheck = { ok: true; email: string } | { ok: false; reason: InvalidReason };

/** Trims and validates what a reader typed; anything that is not a string is "shape", absent is "empty". */
export function checkSubscriberEmail(value: unknown): EmailCheck {
  const parsed = subscriberEmailSchema.safeParse(value === undefined || value === null ? "" : value);
  if (parsed.success) return { ok: true, email: parsed.data };
  const first = parsed.error.issues[0]?.message;
  return { ok: false, reason: isInvalidReason(first) ? first : "shape" };
}
