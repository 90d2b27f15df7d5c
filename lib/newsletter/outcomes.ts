// Types only from the catalogues, so the client form does not carry every language.
import type { MessageKey, Translate } from "../i18n";

/** The field humans never see; bots that fill every input fill it too. */
export const HONEYPOT_FIELD = "homepage";

/** Each outcome a reader can be told, with its phrase; `invalid` says why (INVALID_PHRASES). */
export type NewsletterOutcome = { kind: keyof typeof PHRASES } | { kind: "invalid"; reason: InvalidReason };
export type InvalidReason = keyof typeof INVALID_PHRASES;

export type Tone = "success" | "error";

const INVALID_PHRASES = {
  empty: "outcome.invalid.empty",
  too_long: "outcome.invalid.tooLong",
  spaces: "outcome.invalid.spaces",
  missing_at: "outcome.invalid.missingAt",
  missing_domain: "outcome.invalid.missingDomain",
  shape: "outcome.invalid.shape",
  rejected: "outcome.invalid.rejected",
} as const satisfies Record<string, MessageKey>;

export const isInvalidReason = (value: unknown): value is InvalidReason =>
  typeof value === "string" && Object.hasOwn(INVALID_PHRASES, value);

const PHRASES = {
  // Also an address already subscribed: telling the two apart would tell anyone who reads the
  // newsletter. So no claim that anything was sent either.
  subscribed: "outcome.subscribed",
  queued: "outcome.queued",
  recently_sent: "outcome.recentlySent",
  rate_limited: "outcome.rateLimited",
  // The site-wide signup budget is spent for now: nothing was sent or kept.
  busy: "outcome.busy",
  unavailable: "outcome.unavailable",
} as const satisfies Record<string, MessageKey>;

export function messageFor(outcome: NewsletterOutcome, t: Translate): string {
  return t(outcome.kind === "invalid" ? INVALID_PHRASES[outcome.reason] : PHRASES[outcome.kind]);
}

export function toneFor(outcome: NewsletterOutcome): Tone {
  if (outcome.kind === "subscribed" || outcome.kind === "queued" || outcome.kind === "recently_sent")
    return "success";
  return "error";
}

/** URL key of an outcome, e.g. "subscribed", "invalid-missing-at". A fixed set: nothing reader-typed is ever reflected. */
export function outcomeKey(outcome: NewsletterOutcome): string {
  const base = outcome.kind.replace(/_/g, "-");
  return outcome.kind === "invalid" ? `${base}-${outcome.reason.replace(/_/g, "-")}` : base;
}

/** Every outcome (one no-JavaScript outcome page each). */
export const ALL_OUTCOMES: NewsletterOutcome[] = [
  ...(Object.keys(PHRASES) as (keyof typeof PHRASES)[]).map((kind) => ({ kind })),
  ...(Object.keys(INVALID_PHRASES) as InvalidReason[]).map((reason) => ({
    kind: "invalid" as const,
    reason,
  })),
];

export function outcomeFromKey(key: string): NewsletterOutcome | undefined {
  return ALL_OUTCOMES.find((o) => outcomeKey(o) === key);
}

/** The longest address given back in a retry page's address and form (longer ones are not kept). */
const RETRY_EMAIL_MAX = 320;

/** Where a refused no-JavaScript post lands when the typed address is known: the form again, holding it. */
export function retryPagePath(outcome: NewsletterOutcome, typed: string): string {
  const query = new URLSearchParams({ outcome: outcomeKey(outcome) });
  if (typed && typed.length <= RETRY_EMAIL_MAX) query.set("email", typed);
  return `/newsletter/retry?${query}`;
}

export function retryEmail(value: unknown): string | undefined {
  return typeof value === "string" && value.length <= RETRY_EMAIL_MAX ? value : undefined;
}

/** The JSON the route handler answers with (success and failure alike carry `outcome`). */
export type NewsletterResponseBody =
  | { outcome: "subscribed" | "queued" | "recently_sent"; message: string }
  | { outcome: string; error: string; reason?: InvalidReason; retryAfterSeconds?: number };
