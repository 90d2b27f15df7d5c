import "server-only";
import { isWorkspaceApiError } from "../workspace/errors";
import { checkSubscriberEmail } from "./email";
import {
  ALL_OUTCOMES,
  HONEYPOT_FIELD,
  isFormId,
  messageFor,
  outcomeKey,
  type FormId,
  type NewsletterOutcome,
  type NewsletterResponseBody,
} from "./outcomes";
import { bodyKind, parseBody, readLimitedBody } from "../request-body";
import { createNewsletterLimiters, take, type NewsletterLimiters } from "./rate-limit";
import { checkOrigin, clientKey, MAX_BODY_BYTES, safeReturnPath, wantsRedirect } from "./request";

export { HONEYPOT_FIELD } from "./outcomes";

/** How long "try again in a minute" means when the workspace did not say. */
const DEFAULT_RETRY_SECONDS = 60;
const MAX_RETRY_SECONDS = 60 * 60;

export type NewsletterHandlerOptions = {
  /** The upstream call: `workspace().addSubscriber`. Throws WorkspaceApiError on failure. */
  subscribe: (email: string) => Promise<unknown>;
  /** Absolute origin of the site (env().siteUrl). */
  siteUrl: string;
  /** env().trustProxy */
  trustProxy: number;
  /** Which variable to name when the key is refused. */
  mode: "local" | "remote";
  limiters?: NewsletterLimiters;
  /** Server log; never receives the key, and never a reader's address. */
  log?: (line: string) => void;
};

const STATUS: Record<NewsletterOutcome["kind"], number> = {
  subscribed: 201,
  // Not an error for the reader: what they wanted is already true, and fetch callers treat 2xx as fine.
  already_subscribed: 200,
  invalid: 422,
  rate_limited: 429,
  address_limited: 429,
  unavailable: 503,
};

function json(
  status: number,
  body: NewsletterResponseBody | { error: string; outcome: string },
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

function keyRefusedHint(mode: "local" | "remote"): string {
  return mode === "remote"
    ? "Fix: set WORKSPACE_API_KEY to a current key from the workspace's Admin panel (API keys; it may have expired or been revoked), and check that WORKSPACE_URL names your workspace's real subdomain: a key only works for its own workspace."
    : "Fix: unset LOCAL_WORKSPACE_API_KEY to use the local demo key, or set it to the key the local workspace was started with.";
}

/**
 * POST /api/newsletter, in the house order: parse → authorize (origin, rate limit) → act
 * (honeypot, validation, upstream) → map every failure to a reader-facing message.
 * Browser form posts (no JavaScript) get 303 back to their page with the outcome in the
 * fragment; everything else gets JSON with a status that says what happened.
 */
export function createNewsletterHandler(
  options: NewsletterHandlerOptions,
): (request: Request) => Promise<Response> {
  const limiters = options.limiters ?? createNewsletterLimiters();
  const log = options.log ?? ((line: string) => console.warn(line));

  function answer(
    outcome: NewsletterOutcome,
    how: { redirectTo?: string; formId: FormId; retryAfterSeconds?: number },
  ): Response {
    const retryHeader: Record<string, string> = how.retryAfterSeconds
      ? { "retry-after": String(how.retryAfterSeconds) }
      : {};
    if (how.redirectTo !== undefined) {
      return new Response(null, {
        status: 303,
        headers: {
          location: `${how.redirectTo}#${how.formId}-${outcomeKey(outcome)}`,
          "cache-control": "no-store",
          ...retryHeader,
        },
      });
    }
    const message = messageFor(outcome);
    if (outcome.kind === "subscribed" || outcome.kind === "already_subscribed") {
      return json(STATUS[outcome.kind], { outcome: outcome.kind, message });
    }
    return json(
      STATUS[outcome.kind],
      {
        outcome: outcome.kind,
        error: message,
        ...(outcome.kind === "invalid" ? { reason: outcome.reason } : {}),
        ...(how.retryAfterSeconds ? { retryAfterSeconds: how.retryAfterSeconds } : {}),
      },
      retryHeader,
    );
  }

  async function handle(request: Request): Promise<Response> {
    if (request.method !== "POST") {
      return json(
        405,
        { outcome: "method_not_allowed", error: "Subscribe with a POST from the newsletter form." },
        { allow: "POST" },
      );
    }
    const kind = bodyKind(request);
    const redirect = wantsRedirect(request, kind);
    const contentType = request.headers.get("content-type") ?? "";

    // Authorize before reading anything: another site's page must not be able to post for its visitors.
    if (checkOrigin(request, options.siteUrl, options.trustProxy) === "cross-site") {
      await request.body?.cancel().catch(() => {});
      return json(403, { outcome: "forbidden", error: "This form only accepts submissions from this site." });
    }
    const clientWait = await take(limiters.perClient, clientKey(request, options.trustProxy), log);
    if (clientWait !== null) {
      await request.body?.cancel().catch(() => {});
      return answer(
        { kind: "rate_limited" },
        {
          redirectTo: redirect
            ? safeReturnPath(undefined, request, options.siteUrl, options.trustProxy)
            : undefined,
          formId: "newsletter",
          retryAfterSeconds: clientWait,
        },
      );
    }

    if (!kind) {
      await request.body?.cancel().catch(() => {});
      return json(415, {
        outcome: "unsupported_media_type",
        error: "Send the form as JSON or as a form post.",
      });
    }
    const read = await readLimitedBody(request, MAX_BODY_BYTES);
    if (!read.ok) {
      return read.tooLarge
        ? json(413, {
            outcome: "too_large",
            error: "That request is too large for a newsletter subscription.",
          })
        : json(400, { outcome: "bad_request", error: "The request body could not be read." });
    }
    const parsed = await parseBody(kind, read.bytes, contentType);
    if (!parsed.ok) {
      return json(400, {
        outcome: "bad_request",
        error:
          kind === "json" ? "The request body is not a JSON object." : "The form data could not be read.",
      });
    }
    const fields = parsed.fields;
    const formId: FormId = isFormId(fields.form) ? fields.form : "newsletter";
    const how = {
      formId,
      redirectTo: redirect
        ? safeReturnPath(fields.returnTo, request, options.siteUrl, options.trustProxy)
        : undefined,
    };

    // A bot gets exactly what a reader gets, so it cannot learn it was caught; nothing goes upstream.
    const trap = fields[HONEYPOT_FIELD];
    if (
      trap !== undefined &&
      trap !== null &&
      trap !== "" &&
      !(typeof trap === "string" && trap.trim() === "")
    ) {
      log("[newsletter] honeypot field filled; answered as a success without subscribing");
      return answer({ kind: "subscribed" }, how);
    }

    const email = checkSubscriberEmail(fields.email);
    if (!email.ok) return answer({ kind: "invalid", reason: email.reason }, how);

    const globalWait = await take(limiters.global, "all", log);
    if (globalWait !== null) {
      log("[newsletter] global subscription budget spent; answering 503");
      return answer({ kind: "unavailable" }, { ...how, retryAfterSeconds: Math.max(globalWait, 1) });
    }
    const addressKey = email.email.toLowerCase();
    const addressWait = await take(limiters.perAddress, addressKey, log);
    if (addressWait !== null)
      return answer({ kind: "address_limited" }, { ...how, retryAfterSeconds: addressWait });

    try {
      await options.subscribe(email.email);
      return answer({ kind: "subscribed" }, how);
    } catch (error) {
      if (isWorkspaceApiError(error) && error.code === "already_subscribed")
        return answer({ kind: "already_subscribed" }, how);
      if (isWorkspaceApiError(error) && error.code === "invalid")
        return answer({ kind: "invalid", reason: "rejected" }, how);
      // Nothing was sent, so this attempt should not count against the address.
      await limiters.perAddress.reward(addressKey).catch(() => {});
      if (isWorkspaceApiError(error) && error.code === "unauthorized") {
        log(
          `[newsletter] The workspace refused the API key (401 from ${error.endpoint}); readers see "try again in a minute". ${keyRefusedHint(options.mode)}`,
        );
      } else if (isWorkspaceApiError(error)) {
        // The message may quote the address, so only the code, status and endpoint are logged.
        log(
          `[newsletter] subscribe failed: ${error.code} (${error.status || "no response"}) from ${error.endpoint}`,
        );
      } else {
        log(
          `[newsletter] subscribe failed unexpectedly: ${error instanceof Error ? error.name : typeof error}`,
        );
      }
      const upstreamWait = isWorkspaceApiError(error) ? error.retryAfterSeconds : undefined;
      const retryAfterSeconds = Math.min(
        MAX_RETRY_SECONDS,
        Math.max(DEFAULT_RETRY_SECONDS, upstreamWait ?? 0),
      );
      return answer({ kind: "unavailable" }, { ...how, retryAfterSeconds });
    }
  }

  return async (request) => {
    try {
      return await handle(request);
    } catch (error) {
      // Last resort: a reader never sees a stack trace or a 500 for something they sent.
      log(
        `[newsletter] unexpected failure handling a request: ${error instanceof Error ? error.name : typeof error}`,
      );
      return json(
        503,
        { outcome: "unavailable", error: messageFor({ kind: "unavailable" }) },
        { "retry-after": String(DEFAULT_RETRY_SECONDS) },
      );
    }
  };
}

/** Every outcome key a redirect can carry (the form renders a message for each). */
export const OUTCOME_KEYS = ALL_OUTCOMES.map(outcomeKey);
