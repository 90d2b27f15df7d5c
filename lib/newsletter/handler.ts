import "server-only";
import { mailbox } from "../delivery/address-key";
import type { SignupQueue } from "../delivery/types";
import { clientNetwork, DEFAULT_NETWORK_PREFIXES, type NetworkPrefixes } from "../http/client-network";
import { jsonResponse } from "../http/json-response";
import { logLine } from "../observability/log.mjs";
import { metrics, type SignupOutcome } from "../observability/metrics";
import { isWorkspaceApiError } from "../workspace/errors";
import { checkSubscriberEmail } from "./email";
import {
  ALL_OUTCOMES,
  HONEYPOT_FIELD,
  isFormId,
  messageFor,
  outcomeKey,
  outcomePagePath,
  type FormId,
  type NewsletterOutcome,
  type NewsletterResponseBody,
} from "./outcomes";
import { bodyKind, readFields } from "../http/request-body";
import { newsletterOriginAllows } from "../http/request-origin";
import {
  createNewsletterLimiters,
  take,
  takeCounted,
  takeSiteWide,
  type NewsletterLimiters,
} from "./rate-limit";
import { checkOrigin, clientKey, MAX_BODY_BYTES, wantsRedirect } from "./request";

export { HONEYPOT_FIELD } from "./outcomes";

/** "Try again in a minute", for a reader whose signup could be neither sent nor kept. */
const RETRY_SECONDS = 60;

export type NewsletterHandlerOptions = {
  /** One short try at the workspace (`directSubscribe()`). Throws WorkspaceApiError on failure. */
  subscribe: (email: string) => Promise<unknown>;
  /** Where a signup goes when the workspace cannot take it now (`delivery().route`). */
  queue: SignupQueue;
  /** Absolute origin of the site (env().siteUrl). */
  siteUrl: string;
  /** env().trustProxy */
  trustProxy: number;
  limiters?: NewsletterLimiters;
  /** How wide a client's network is for the per-network budget (IPv4 /24 and IPv6 /64 unless set). */
  networkPrefixes?: NetworkPrefixes;
  /** Server log; never receives the key, and never a reader's address. */
  log?: (line: string) => void;
};

const STATUS: Record<NewsletterOutcome["kind"], number> = {
  subscribed: 201,
  // Accepted, not yet done: the worker delivers it.
  queued: 202,
  // Looks like success on purpose: someone else posting this address must not lock its owner out.
  recently_sent: 200,
  invalid: 422,
  rate_limited: 429,
  busy: 429,
  unavailable: 503,
};

/** The `outcome` label of masthead_newsletter_signups_total for each answer. */
const SIGNUP_OUTCOME: Record<NewsletterOutcome["kind"], SignupOutcome> = {
  subscribed: "created",
  queued: "queued",
  recently_sent: "recently_sent",
  invalid: "invalid",
  rate_limited: "rate_limited",
  busy: "rate_limited",
  unavailable: "refused",
};

const SUCCESSES = new Set<NewsletterOutcome["kind"]>(["subscribed", "queued", "recently_sent"]);

/** Every JSON answer of this route: an outcome and its message (lib/http/json-response.ts). */
const json = (
  status: number,
  body: NewsletterResponseBody | { error: string; outcome: string },
  headers: Record<string, string> = {},
): Response => jsonResponse(body, status, headers);

/**
 * POST /api/newsletter, in the house order: authorize (origin, per-client limit, before the
 * body is read) → parse → act (honeypot, validation, the network's, the mailbox's and the
 * site-wide budgets, one direct try or the queue) → map every
 * failure to a reader-facing message. Browser form posts (no JavaScript) get 303 to the
 * outcome's page (/newsletter/<key>, one prerendered page per outcome);
 * everything else gets JSON with a status that says what happened.
 */
export function createNewsletterHandler(
  options: NewsletterHandlerOptions,
): (request: Request) => Promise<Response> {
  const limiters = options.limiters ?? createNewsletterLimiters();
  const log = options.log ?? logLine("newsletter");
  const { signups } = metrics();
  const count = (outcome: SignupOutcome) => signups.inc({ outcome });

  function answer(
    outcome: NewsletterOutcome,
    how: { redirect: boolean; formId: FormId; retryAfterSeconds?: number },
    counted: SignupOutcome = SIGNUP_OUTCOME[outcome.kind],
  ): Response {
    count(counted);
    const retryHeader: Record<string, string> = how.retryAfterSeconds
      ? { "retry-after": String(how.retryAfterSeconds) }
      : {};
    if (how.redirect) {
      return new Response(null, {
        status: 303,
        headers: {
          location: outcomePagePath(outcome),
          "cache-control": "no-store",
          ...retryHeader,
        },
      });
    }
    const message = messageFor(outcome);
    if (SUCCESSES.has(outcome.kind)) {
      return json(STATUS[outcome.kind], {
        outcome: outcome.kind as "subscribed" | "queued" | "recently_sent",
        message,
      });
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
      count("bad_request");
      return json(
        405,
        { outcome: "method_not_allowed", error: "Subscribe with a POST from the newsletter form." },
        { allow: "POST" },
      );
    }
    const kind = bodyKind(request);
    const redirect = wantsRedirect(request, kind);

    // Authorize before reading anything: another site's page must not be able to post for its visitors.
    if (!newsletterOriginAllows(checkOrigin(request, options.siteUrl, options.trustProxy))) {
      await request.body?.cancel().catch(() => {});
      count("forbidden");
      return json(403, { outcome: "forbidden", error: "This form only accepts submissions from this site." });
    }
    // The client's own budget, before anything is read. Its network's is taken only once the
    // request is a well-formed signup (below): what the form refuses anyway must not spend the
    // budget the network's other readers share.
    const client = clientKey(request, options.trustProxy);
    const clientWait = await take(limiters.perClient, client, log);
    if (clientWait !== null) {
      await request.body?.cancel().catch(() => {});
      return answer(
        { kind: "rate_limited" },
        {
          redirect,
          formId: "newsletter",
          retryAfterSeconds: clientWait,
        },
      );
    }

    const parsed = await readFields(request, MAX_BODY_BYTES);
    if (!parsed.ok) {
      count("bad_request");
      switch (parsed.problem) {
        case "unsupported_type":
          return json(415, {
            outcome: "unsupported_media_type",
            error: "Send the form as JSON or as a form post.",
          });
        case "too_large":
          return json(413, {
            outcome: "too_large",
            error: "That request is too large for a newsletter subscription.",
          });
        case "unreadable":
          return json(400, { outcome: "bad_request", error: "The request body could not be read." });
        case "malformed":
          return json(400, {
            outcome: "bad_request",
            error:
              kind === "json" ? "The request body is not a JSON object." : "The form data could not be read.",
          });
      }
    }
    const fields = parsed.value;
    const formId: FormId = isFormId(fields.form) ? fields.form : "newsletter";
    const how = { formId, redirect };

    // A bot gets exactly what a reader gets, so it cannot learn it was caught; nothing goes upstream.
    const trap = fields[HONEYPOT_FIELD];
    if (
      trap !== undefined &&
      trap !== null &&
      trap !== "" &&
      !(typeof trap === "string" && trap.trim() === "")
    ) {
      log("honeypot field filled; answered as a success without subscribing");
      return answer({ kind: "subscribed" }, how, "honeypot");
    }

    const email = checkSubscriberEmail(fields.email);
    if (!email.ok) return answer({ kind: "invalid", reason: email.reason }, how);

    const queue = options.queue;
    // One pending delivery per mailbox (the queue keys on it too): a repeat while one waits adds
    // nothing and says it is on its way.
    if (await pendingOrUnknown(queue, email.email, log)) return answer({ kind: "queued" }, how);

    // The network (an IPv4 /24, an IPv6 /64): many addresses of one holder share one budget.
    const network = await takeCounted(
      limiters.perNetwork,
      clientNetwork(client, options.networkPrefixes ?? DEFAULT_NETWORK_PREFIXES),
      log,
    );
    if (network.wait !== null)
      return answer({ kind: "rate_limited" }, { ...how, retryAfterSeconds: network.wait });

    // Case-folded, `+tag` removed (lib/delivery/address-key.ts): `victim+1@` … `victim+40@` is one inbox.
    const addressKey = mailbox(email.email);
    const addressWait = await take(limiters.perAddress, addressKey, log);
    // Confirmation emails went to this address recently: send nothing more, and do not tell the
    // owner "too many attempts" because a stranger typed their address three times.
    if (addressWait !== null) return answer({ kind: "recently_sent" }, how);

    // The site-wide cap on accepted signups: beyond it nothing is sent or stored, and the reader
    // is told when to try again, so a flood from many networks cannot bury real readers' signups.
    // Its reserved part still takes a network's first few signups (rate-limit.ts).
    const globalWait = await takeSiteWide(limiters, network.used, log);
    if (globalWait !== null) {
      await limiters.perAddress.reward(addressKey).catch(() => {});
      log("[newsletter] site-wide signup budget spent; answering 429");
      return answer({ kind: "busy" }, { ...how, retryAfterSeconds: globalWait });
    }

    /** One call to the workspace; undefined when it could not take the signup. */
    const direct = async (): Promise<Response | undefined> => {
      try {
        await options.subscribe(email.email);
        await queue.directSucceeded();
        return answer({ kind: "subscribed" }, how);
      } catch (error) {
        // Answered exactly like a new address (status, message, redirect): anyone may type any
        // address here, and a different answer would tell them whether its owner subscribed.
        // The operator's counter may still tell them apart.
        if (isWorkspaceApiError(error) && error.code === "already_subscribed")
          return answer({ kind: "subscribed" }, how, "already");
        if (isWorkspaceApiError(error) && error.code === "invalid")
          return answer({ kind: "invalid", reason: "rejected" }, how);
        await queue.directFailed(error);
        logFailure(error);
        return undefined;
      }
    };
    // The workspace is called directly only when the shared pace allows it now; otherwise (a
    // burst, an outage being waited out) the signup is stored straight away.
    let tried = false;
    if (await queue.mayCallNow()) {
      tried = true;
      const answered = await direct();
      if (answered) return answered;
    }

    try {
      await queue.enqueue(email.email);
      return answer({ kind: "queued" }, how);
    } catch (error) {
      log(
        `a signup could not be kept for later delivery (${error instanceof Error ? error.message : typeof error})`,
      );
      // Nothing can be kept: one direct try beats refusing outright, even outside the pace.
      if (!tried) {
        const answered = await direct();
        if (answered) return answered;
      }
      // Nothing was sent or kept, so this attempt should not count against the address.
      await limiters.perAddress.reward(addressKey).catch(() => {});
      return answer({ kind: "unavailable" }, { ...how, retryAfterSeconds: RETRY_SECONDS });
    }
  }

  /**
   * The log names the code, status and endpoint, never the address (the message may quote it).
   * A refused key is the delivery side's line (once per outage, with the fix).
   */
  function logFailure(error: unknown): void {
    if (isWorkspaceApiError(error)) {
      if (error.code !== "unauthorized")
        log(`subscribe failed: ${error.code} (${error.status || "no response"}) from ${error.endpoint}`);
    } else {
      log(`subscribe failed unexpectedly: ${error instanceof Error ? error.name : typeof error}`);
    }
  }

  return async (request) => {
    try {
      return await handle(request);
    } catch (error) {
      // Last resort: a reader never sees a stack trace or a 500 for something they sent.
      count("refused");
      log(`unexpected failure handling a request: ${error instanceof Error ? error.name : typeof error}`);
      return json(
        503,
        { outcome: "unavailable", error: messageFor({ kind: "unavailable" }) },
        { "retry-after": String(RETRY_SECONDS) },
      );
    }
  };
}

/** A store that cannot answer must not stop a signup: go on as if nothing were pending (logged). */
async function pendingOrUnknown(
  queue: SignupQueue,
  email: string,
  log: (line: string) => void,
): Promise<boolean> {
  try {
    return await queue.isPending(email);
  } catch (error) {
    log(
      `could not check for a pending delivery (${error instanceof Error ? error.name : typeof error}); going on`,
    );
    return false;
  }
}

/** Every outcome key a redirect can carry (the form renders a message for each). */
export const OUTCOME_KEYS = ALL_OUTCOMES.map(outcomeKey);
