import "server-only";
import { mailbox } from "../delivery/address-key";
import type { Outcome, SignupStore } from "../delivery/types";
import { whoIsAsking } from "../http/client-key";
import { bodyKind, readFields } from "../http/request-body";
import { newsletterOriginAllows } from "../http/request-origin";
import { logLine } from "../observability/log.mjs";
import { answer, refuse, type SignupAnswer } from "./answers";
import { checkSubscriberEmail } from "./email";
import { ALL_OUTCOMES, HONEYPOT_FIELD, outcomeKey } from "./outcomes";
import { createNewsletterLimiters, takeSiteWide, type NewsletterLimiters } from "./rate-limit";
import { checkOrigin, MAX_BODY_BYTES, wantsRedirect } from "./request";

export { HONEYPOT_FIELD } from "./outcomes";

/** "Try again in a minute", for a reader whose signup could be neither sent nor kept. */
const RETRY_SECONDS = 60;

export type NewsletterHandlerOptions = {
  /** Where every accepted signup is kept and delivered from (`delivery()`). */
  store: SignupStore;
  /** How long the answer waits for the store's worker to deliver it (DELIVERY_DIRECT_TIMEOUT_MS). */
  waitMs: number;
  /** Absolute origin of the site (env().siteUrl). */
  siteUrl: string;
  /** env().trustProxy */
  trustProxy: number;
  limiters?: NewsletterLimiters;
  /** Server log; never receives the key, and never a reader's address. */
  log?: (line: string) => void;
};

type Handler = Required<Pick<NewsletterHandlerOptions, "limiters" | "log">> & NewsletterHandlerOptions;

/**
 * POST /api/newsletter, in the house order: authorize (the method, the Origin, the per-client
 * limit, before the body is read) → parse (the body, the honeypot, the address) → act (one
 * pending delivery per mailbox; the network's, the mailbox's and the site-wide budgets; the
 * store, and a brief wait for its worker). Every step ends in a row of one table (lib/newsletter/answers.ts):
 * browser form posts (no JavaScript) get 303 to the outcome's page (/newsletter/<key>, one
 * prerendered page per outcome); everything else gets JSON with a status that says what happened.
 */
export function createNewsletterHandler(
  options: NewsletterHandlerOptions,
): (request: Request) => Promise<Response> {
  const handler: Handler = {
    ...options,
    limiters: options.limiters ?? createNewsletterLimiters(),
    log: options.log ?? logLine("newsletter"),
  };
  return async (request) => {
    try {
      const client = await authorize(handler, request);
      if (client instanceof Response) return client;
      const signup = await parse(handler, request, client);
      if (signup instanceof Response) return signup;
      return await act(handler, signup);
    } catch (error) {
      // Last resort: a reader never sees a stack trace or a 500 for something they sent.
      handler.log(`unexpected failure handling a request: ${nameOf(error)}`);
      return refuse("failed", { "retry-after": String(RETRY_SECONDS) });
    }
  };
}

type Client = { holder: string; redirect: boolean };

/** The method (405), the Origin (403), then the client's own budget (429): nothing of the body is read before. */
async function authorize(handler: Handler, request: Request): Promise<Client | Response> {
  if (request.method !== "POST") return refuse("not_post", { allow: "POST" });
  const redirect = wantsRedirect(request, bodyKind(request));
  // Another site's page must not be able to post for its visitors.
  if (!newsletterOriginAllows(checkOrigin(request, handler.siteUrl, handler.trustProxy))) {
    await request.body?.cancel().catch(() => {});
    return refuse("cross_site");
  }
  // The client's own budget. Its network's is taken only once the request is a well-formed
  // signup (act): what the form refuses anyway must not spend the budget the network's other
  // readers share.
  const { client, holder } = whoIsAsking(request, handler.trustProxy);
  const taken = await handler.limiters.perClient.take(client);
  if (taken.ok) return { holder, redirect };
  await request.body?.cancel().catch(() => {});
  return answer("rate_limited", redirect, { retryAfterSeconds: taken.wait });
}

type Signup = { email: string; holder: string; redirect: boolean };

/** The body (415, 413, 400), the honeypot (a normal-looking success, nothing sent), the address (422). */
async function parse(handler: Handler, request: Request, client: Client): Promise<Signup | Response> {
  const read = await readFields(request, MAX_BODY_BYTES);
  if (!read.ok) return refuse(read.problem);
  const fields = read.value;
  if (isFilled(fields[HONEYPOT_FIELD])) {
    handler.log("honeypot field filled; answered as a success without subscribing");
    return answer("honeypot", client.redirect);
  }
  const email = checkSubscriberEmail(fields.email);
  if (!email.ok)
    return answer("invalid", client.redirect, {
      reason: email.reason,
      typed: typeof fields.email === "string" ? fields.email : undefined,
    });
  return { email: email.email, holder: client.holder, redirect: client.redirect };
}

/** Whether a bot filled the field humans never see (blank counts as empty). */
function isFilled(trap: unknown): boolean {
  if (trap === undefined || trap === null || trap === "") return false;
  return !(typeof trap === "string" && trap.trim() === "");
}

async function act(handler: Handler, signup: Signup): Promise<Response> {
  const addressKey = await charge(handler, signup);
  if (addressKey instanceof Response) return addressKey;
  return deliver(handler, signup, addressKey);
}

/**
 * The budgets a well-formed signup spends, each only once the one before let it through. Gives
 * the mailbox's key (lib/delivery/address-key.ts) for a signup that may go on.
 */
async function charge(handler: Handler, signup: Signup): Promise<string | Response> {
  const { limiters, log } = handler;
  // The holder (an IPv4 /24, an IPv6 /48: lib/http/client-key.ts): many addresses and
  // subnets of one customer share one budget.
  const byNetwork = await limiters.perNetwork.take(signup.holder);
  if (!byNetwork.ok)
    return answer("rate_limited", signup.redirect, {
      retryAfterSeconds: byNetwork.wait,
      typed: signup.email,
    });
  // Case-folded, `+tag` removed: `victim+1@` … `victim+40@` is one inbox. Confirmation emails
  // went to it recently: send nothing more, and do not tell the owner "too many attempts"
  // because a stranger typed their address three times.
  const addressKey = mailbox(signup.email);
  if (!(await limiters.perAddress.take(addressKey)).ok) return answer("recently_sent", signup.redirect);
  // The site-wide cap on accepted signups: beyond it nothing is sent or stored, and the reader
  // is told when to try again, so a flood from many networks cannot bury real readers' signups.
  // Its reserved part still takes a network's first few signups (rate-limit.ts).
  const globalWait = await takeSiteWide(limiters, byNetwork.used);
  if (globalWait === null) return addressKey;
  await limiters.perAddress.reward(addressKey).catch(() => {});
  log("[newsletter] site-wide signup budget spent; answering 429");
  return answer("busy", signup.redirect, { retryAfterSeconds: globalWait, typed: signup.email });
}

/**
 * The signup goes into the store, the one place that decides whether the mailbox already has one
 * waiting; the store's worker alone calls the workspace. The reader's answer waits briefly for
 * the worker: "check your inbox" (or "refused") when the workspace answers at once, "on its way"
 * otherwise. When the store cannot keep it, nothing was sent or kept: 503 and try again.
 */
async function deliver(handler: Handler, signup: Signup, addressKey: string): Promise<Response> {
  const { store, log } = handler;
  let accepted;
  try {
    accepted = await store.accept(signup.email);
  } catch (error) {
    log(`a signup could not be kept for delivery (${error instanceof Error ? error.message : typeof error})`);
    // Nothing was sent or kept, so this attempt should not count against the address.
    await handler.limiters.perAddress.reward(addressKey).catch(() => {});
    return answer("unavailable", signup.redirect, { retryAfterSeconds: RETRY_SECONDS, typed: signup.email });
  }
  // One pending delivery per mailbox: a repeat while one waits adds nothing, costs the mailbox's
  // budget nothing (no email comes of it), and says it is on its way.
  if (accepted.alreadyPending) {
    await handler.limiters.perAddress.reward(addressKey).catch(() => {});
    return answer("queued", signup.redirect);
  }
  const outcome = await store.outcome(accepted, handler.waitMs).catch((): Outcome => "pending");
  // The admin's counts are best effort: a signup kept is answered as kept.
  if (outcome !== "rejected")
    await Promise.all([
      store.count("accepted"),
      store.count(outcome === "pending" ? "queued" : "sentAtOnce"),
    ]).catch(() => {});
  return answer(ANSWER_OF[outcome], signup.redirect, { typed: signup.email });
}

/** Already subscribed is answered like a new address (answers.ts says why). */
const ANSWER_OF: Record<Outcome, SignupAnswer> = {
  delivered: "created",
  already_subscribed: "already",
  rejected: "rejected",
  pending: "queued",
};

const nameOf = (error: unknown) => (error instanceof Error ? error.name : typeof error);

/** Every outcome key a redirect can carry (the form renders a message for each). */
export const OUTCOME_KEYS = ALL_OUTCOMES.map(outcomeKey);
