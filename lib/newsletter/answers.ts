import "server-only";
import { siteText } from "../config/text";
import type { MessageKey } from "../i18n";
import { jsonResponse } from "../http/json-response";
import { metrics, type SignupOutcome } from "../observability/metrics";
import {
  messageFor,
  outcomeKey,
  retryPagePath,
  toneFor,
  type InvalidReason,
  type NewsletterOutcome,
  type NewsletterResponseBody,
} from "./outcomes";

// Every answer of POST /api/newsletter: its status, its label in masthead_newsletter_signups_total,
// and either the reader's outcome (`shows`) or, about the request itself, `{ outcome, error }`.
// The store's outcomes (delivered, already_subscribed, rejected, pending) name their own rows.

type AboutTheSignup = {
  status: number;
  counted: SignupOutcome;
  shows: NewsletterOutcome["kind"];
  reason?: InvalidReason;
};

const refusal = (
  status: number,
  outcome: string,
  error: MessageKey,
  counted: SignupOutcome = "bad_request",
) => ({ status, counted, outcome, error });

const REFUSALS = {
  not_post: refusal(405, "method_not_allowed", "newsletter.refused.method"),
  cross_site: refusal(403, "forbidden", "newsletter.refused.origin", "forbidden"),
  unsupported_type: refusal(415, "unsupported_media_type", "newsletter.refused.type"),
  too_large: refusal(413, "too_large", "newsletter.refused.tooLarge"),
  unreadable: refusal(400, "bad_request", "newsletter.refused.unreadable"),
  malformed: refusal(400, "bad_request", "newsletter.refused.unreadable"),
  // The last resort, for a failure of the handler itself: never a stack trace or a 500.
  failed: refusal(503, "unavailable", "outcome.unavailable", "refused"),
};

const ANSWERS = {
  rate_limited: { status: 429, counted: "rate_limited", shows: "rate_limited" },
  // A bot gets exactly what a reader gets, so it cannot learn it was caught.
  honeypot: { status: 201, counted: "honeypot", shows: "subscribed" },
  invalid: { status: 422, counted: "invalid", shows: "invalid" },
  // Accepted, not yet done (also a repeat while one delivery waits).
  pending: { status: 202, counted: "queued", shows: "queued" },
  // Looks like success on purpose: someone else posting this address must not lock its owner out.
  recently_sent: { status: 200, counted: "recently_sent", shows: "recently_sent" },
  busy: { status: 429, counted: "rate_limited", shows: "busy" },
  delivered: { status: 201, counted: "created", shows: "subscribed" },
  // Answered exactly like a new address: a different answer would tell anyone whether its owner subscribed.
  already_subscribed: { status: 201, counted: "already", shows: "subscribed" },
  rejected: { status: 422, counted: "invalid", shows: "invalid", reason: "rejected" },
  unavailable: { status: 503, counted: "refused", shows: "unavailable" },
} satisfies Record<string, AboutTheSignup>;

const count = (counted: SignupOutcome) => metrics().signups.inc({ outcome: counted });

/** An answer about the signup: `redirect` to its page (a form post without JavaScript), or JSON. */
export function answer(
  name: keyof typeof ANSWERS,
  redirect: boolean,
  detail: { reason?: InvalidReason; retryAfterSeconds?: number; typed?: string } = {},
): Response {
  const row: AboutTheSignup = ANSWERS[name];
  count(row.counted);
  const outcome: NewsletterOutcome =
    row.shows === "invalid"
      ? { kind: "invalid", reason: detail.reason ?? row.reason ?? "shape" }
      : { kind: row.shows };
  const wait = detail.retryAfterSeconds;
  const retryHeader: Record<string, string> = wait ? { "retry-after": String(wait) } : {};
  if (redirect) {
    // A refusal gives back what was typed; a success (or a refusal before the body was read) is a prerendered page.
    const location =
      detail.typed && toneFor(outcome) === "error"
        ? retryPagePath(outcome, detail.typed)
        : `/newsletter/${outcomeKey(outcome)}`;
    return new Response(null, {
      status: 303,
      headers: { location, "cache-control": "no-store", ...retryHeader },
    });
  }
  const message = messageFor(outcome, siteText());
  const body: NewsletterResponseBody =
    toneFor(outcome) === "success"
      ? { outcome: outcome.kind as "subscribed", message }
      : {
          outcome: outcome.kind,
          error: message,
          ...(outcome.kind === "invalid" ? { reason: outcome.reason } : {}),
          ...(wait ? { retryAfterSeconds: wait } : {}),
        };
  return jsonResponse(body, row.status, retryHeader);
}

export function refuse(name: keyof typeof REFUSALS, headers: Record<string, string> = {}): Response {
  const row = REFUSALS[name];
  count(row.counted);
  return jsonResponse({ outcome: row.outcome, error: siteText()(row.error) }, row.status, headers);
}
