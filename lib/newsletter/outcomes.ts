/*
 * What a reader can be told after subscribing, shared by the route handler (JSON answers and
 * no-JavaScript redirects), the form (its live region) and the no-JavaScript outcome page
 * (/newsletter/<key>, the one message), so no page carries every message.
 * This module reaches neither env nor the key, so the client component may import it.
 */

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

export const INVALID_MESSAGES: Record<InvalidReason, string> = {
  empty: "Enter your email address.",
  too_long: "That address is too long: email addresses have at most 254 characters.",
  spaces: "Email addresses cannot contain spaces. Check for a stray space.",
  missing_at: "An email address needs an @, like name@example.com.",
  missing_domain: "Add the domain after the @, like name@example.com.",
  shape: "That doesn't look like an email address. Check it for typos, like name@example.com.",
  rejected: "The newsletter service did not accept that address. Check it for typos.",
};

export const SUBSCRIBED_MESSAGE =
  "Almost done: check your inbox and click the link in the email we just sent to confirm your subscription.";
export const QUEUED_MESSAGE =
  "Thanks! Your confirmation email is on its way; it may take a few minutes to arrive. Click the link in it to confirm your subscription.";
export const RECENTLY_SENT_MESSAGE =
  "We've just sent a confirmation email to this address. Check your inbox (and your spam folder) and click the link in it to confirm your subscription.";
export const UNAVAILABLE_MESSAGE =
  "Sorry, we couldn't subscribe you just now. Nothing was saved; please try again in a minute.";
export const BUSY_MESSAGE =
  "We're receiving a lot of signups right now, so yours was not saved. Please try again in a minute.";
export const RATE_LIMITED_MESSAGE =
  "That's a lot of attempts in a short time. Please wait a few minutes and try again.";

export function messageFor(outcome: NewsletterOutcome): string {
  switch (outcome.kind) {
    case "subscribed":
      return SUBSCRIBED_MESSAGE;
    case "invalid":
      return INVALID_MESSAGES[outcome.reason];
    case "queued":
      return QUEUED_MESSAGE;
    case "recently_sent":
      return RECENTLY_SENT_MESSAGE;
    case "rate_limited":
      return RATE_LIMITED_MESSAGE;
    case "busy":
      return BUSY_MESSAGE;
    case "unavailable":
      return UNAVAILABLE_MESSAGE;
  }
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
  ...(Object.keys(INVALID_MESSAGES) as InvalidReason[]).map((reason) => ({
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
