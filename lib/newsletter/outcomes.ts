/*
 * What a reader can be told after subscribing, shared by the route handler (JSON answers and
 * no-JavaScript redirects), the form (its live region) and the no-JavaScript outcome page
 * (/newsletter/<key>, the one message), so no page carries every message.
 * This module reaches neither env nor the key nor the catalogues (types only), so the client
 * component may import it without carrying every language's words.
 */
import type { MessageKey, Translate } from "../i18n";

/** The field humans never see (the form hides it); bots that fill every input fill it too. */
export const HONEYPOT_FIELD = "homepage";

export type InvalidReason =
  "empty" | "too_long" | "spaces" | "missing_at" | "missing_domain" | "shape" | "rejected";

export type NewsletterOutcome =
  /**
   * Accepted: a confirmation email is on its way. Also the answer for an address that is
   * already subscribed: telling the two apart would let anyone learn who reads the newsletter.
   */
  | { kind: "subscribed" }
  /** The workspace could not take it now; the signup is stored and the worker will deliver it. */
  | { kind: "queued" }
  /** This address was sent confirmation emails recently: nothing more is sent, and the form says so kindly. */
  | { kind: "recently_sent" }
  | { kind: "invalid"; reason: InvalidReason }
  | { kind: "rate_limited" }
  /** The site-wide signup budget is spent for now: nothing was sent or kept. */
  | { kind: "busy" }
  | { kind: "unavailable" };

export type Tone = "success" | "error";

/** Each reason's phrase in the site's catalogue (lib/i18n). */
export const INVALID_PHRASES = {
  empty: "outcome.invalid.empty",
  too_long: "outcome.invalid.tooLong",
  spaces: "outcome.invalid.spaces",
  missing_at: "outcome.invalid.missingAt",
  missing_domain: "outcome.invalid.missingDomain",
  shape: "outcome.invalid.shape",
  rejected: "outcome.invalid.rejected",
} as const satisfies Record<InvalidReason, MessageKey>;

const PHRASES = {
  // One message for a new and an already-subscribed address, and no claim that anything was
  // sent: whether it was depends on an answer that must not be told apart.
  subscribed: "outcome.subscribed",
  queued: "outcome.queued",
  recently_sent: "outcome.recentlySent",
  rate_limited: "outcome.rateLimited",
  busy: "outcome.busy",
  unavailable: "outcome.unavailable",
} as const satisfies Record<Exclude<NewsletterOutcome["kind"], "invalid">, MessageKey>;

/** The phrase an outcome is told with. */
export function phraseFor(outcome: NewsletterOutcome): MessageKey {
  return outcome.kind === "invalid" ? INVALID_PHRASES[outcome.reason] : PHRASES[outcome.kind];
}

/** What the reader is told, in the site's words (`t`: lib/config/text.ts on the server). */
export function messageFor(outcome: NewsletterOutcome, t: Translate): string {
  return t(phraseFor(outcome));
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
  { kind: "subscribed" },
  { kind: "queued" },
  { kind: "recently_sent" },
  ...(Object.keys(INVALID_PHRASES) as InvalidReason[]).map((reason) => ({
    kind: "invalid" as const,
    reason,
  })),
  { kind: "rate_limited" },
  { kind: "busy" },
  { kind: "unavailable" },
];

export function outcomeFromKey(key: string): NewsletterOutcome | undefined {
  return ALL_OUTCOMES.find((o) => outcomeKey(o) === key);
}

/**
 * Where a no-JavaScript post lands: the outcome's page, `/newsletter/subscribed`, one page per
 * outcome built with the site (nothing of the reader's in the address, so none is rendered
 * per request).
 */
export function outcomePagePath(outcome: NewsletterOutcome): string {
  return `/newsletter/${outcomeKey(outcome)}`;
}

/** The longest address given back in a retry page's address and form (longer ones are not kept). */
const RETRY_EMAIL_MAX = 320;

/**
 * Where a refused no-JavaScript post lands when the typed address is known: the refusal's
 * message with the form again, holding the address (app/(site)/newsletter/retry).
 */
export function retryPagePath(outcome: NewsletterOutcome, typed: string): string {
  const query = new URLSearchParams({ outcome: outcomeKey(outcome) });
  if (typed && typed.length <= RETRY_EMAIL_MAX) query.set("email", typed);
  return `/newsletter/retry?${query}`;
}

/** The address a retry page gives back: one value, within bounds, or nothing. */
export function retryEmail(value: unknown): string | undefined {
  return typeof value === "string" && value.length <= RETRY_EMAIL_MAX ? value : undefined;
}

/** The forms (the footer's and the /newsletter page's): each prefixes its element ids with its own. */
export const FORM_IDS = ["newsletter", "newsletter-page"] as const;
export type FormId = (typeof FORM_IDS)[number];

export function isFormId(value: unknown): value is FormId {
  return typeof value === "string" && (FORM_IDS as readonly string[]).includes(value);
}

/** The JSON the route handler answers with (success and failure alike carry `outcome`). */
export type NewsletterResponseBody =
  | { outcome: "subscribed" | "queued" | "recently_sent"; message: string }
  | { outcome: string; error: string; reason?: InvalidReason; retryAfterSeconds?: number };
