import "server-only";
import { mailbox } from "../delivery/address-key";
import type { Outcome, SignupStore } from "../delivery/types";
import { whoIsAsking } from "../http/client-key";
import { bodyKind, readFields, type BodyKind } from "../http/request-body";
import { newsletterOriginAllows, originVerdict } from "../http/request-origin";
import { logLine } from "../observability/log.mjs";
import { answer, refuse, type SignupAnswer } from "./answers";
import { checkSubscriberEmail } from "./email";
import { HONEYPOT_FIELD } from "./outcomes";
import { createNewsletterLimiters, takeSiteWide, type NewsletterLimiters } from "./rate-limit";

/** "Try again in a minute", for a reader whose signup could be neither sent nor kept. */
const RETRY_SECONDS = 60;
/** A subscription is one address and two short hidden fields; anything bigger is not a reader. */
const MAX_BODY_BYTES = 4 * 1024;

export type NewsletterHandlerOptions = {
  /** Where every accepted signup is kept and delivered from. */
  store: SignupStore;
  /** How long the answer waits for the store's worker (DELIVERY_DIRECT_TIMEOUT_MS). */
  waitMs: number;
  siteUrl: string;
  trustProxy: number;
  limiters?: NewsletterLimiters;
  /** Never receives a reader's address. */
  log?: (line: string) => void;
};

type Handler = Required<Pick<NewsletterHandlerOptions, "limiters" | "log">> & NewsletterHandlerOptions;

/**
 * POST /api/newsletter: authorize (method, Origin, the client's budget, before the body is read)
 * → parse (body, honeypot, address) → act (the budgets, then the store and a brief wait for its
 * worker). Every answer is a row of answers.ts: a 303 to the outcome's page for a browser's form
 * post without JavaScript, JSON otherwise.
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
      const key = await charge(handler, signup);
      if (key instanceof Response) return key;
      return await deliver(handler, signup, key);
    } catch (error) {
      // Last resort: a reader never sees a stack trace or a 500 for something they sent.
      handler.log(
        `unexpected failure handling a request: ${error instanceof Error ? error.name : typeof error}`,
      );
      return refuse("failed", { "retry-after": String(RETRY_SECONDS) });
    }
  };
}

/** A browser navigation (no-JS form post) is answered with a redirect; everything else with JSON. */
export function wantsRedirect(request: Request, kind: BodyKind | undefined): boolean {
  if (kind !== "urlencoded" && kind !== "multipart") return false;
  const accept = (request.headers.get("accept") ?? "").toLowerCase();
  if (accept.includes("application/json")) return false;
  return accept.includes("text/html") || request.headers.get("sec-fetch-mode")?.toLowerCase() === "navigate";
}

type Client = { holder: string; redirect: boolean };

async function authorize(handler: Handler, request: Request): Promise<Client | Response> {
  if (request.method !== "POST") return refuse("not_post", { allow: "POST" });
  const redirect = wantsRedirect(request, bodyKind(request));
  // Another site's page must not be able to post for its visitors.
  if (!newsletterOriginAllows(originVerdict(request, handler.siteUrl, handler.trustProxy))) {
    await request.body?.cancel().catch(() => {});
    return refuse("cross_site");
  }
  // The network's budget waits for a well-formed signup: what the form refuses anyway must not
  // spend what the network's other readers share.
  const { client, holder } = whoIsAsking(request, handler.trustProxy);
  const taken = await handler.limiters.perClient.take(client);
  if (taken.ok) return { holder, redirect };
  await request.body?.cancel().catch(() => {});
  return answer("rate_limited", redirect, { retryAfterSeconds: taken.wait });
}

type Signup = { email: string; holder: string; redirect: boolean };

async function parse(handler: Handler, request: Request, client: Client): Promise<Signup | Response> {
  const read = await readFields(request, MAX_BODY_BYTES);
  if (!read.ok) return refuse(read.problem);
  const fields = read.value;
  const trap = fields[HONEYPOT_FIELD];
  if (trap != null && (typeof trap !== "string" || trap.trim() !== "")) {
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

/** The budgets a well-formed signup spends, each only once the one before let it through: the mailbox's key, or the answer. */
async function charge(handler: Handler, signup: Signup): Promise<string | Response> {
  const { limiters, log } = handler;
  const byNetwork = await limiters.perNetwork.take(signup.holder);
  if (!byNetwork.ok)
    return answer("rate_limited", signup.redirect, {
      retryAfterSeconds: byNetwork.wait,
      typed: signup.email,
    });
  // Confirmation emails went to this inbox recently: send nothing more, and do not tell its owner
  // "too many attempts" because a stranger typed their address.
  const key = mailbox(signup.email);
  if (!(await limiters.perAddress.take(key)).ok) return answer("recently_sent", signup.redirect);
  const globalWait = await takeSiteWide(limiters, byNetwork.used);
  if (globalWait === null) return key;
  await limiters.perAddress.reward(key);
  log("[newsletter] site-wide signup budget spent; answering 429");
  return answer("busy", signup.redirect, { retryAfterSeconds: globalWait, typed: signup.email });
}

/** Into the store, which alone decides whether the mailbox has one waiting; then a brief wait for its worker. */
async function deliver(handler: Handler, signup: Signup, key: string): Promise<Response> {
  const { store, log } = handler;
  let accepted;
  try {
    accepted = await store.accept(signup.email);
  } catch (error) {
    log(`a signup could not be kept for delivery (${error instanceof Error ? error.message : typeof error})`);
    // Nothing was sent or kept, so this attempt should not count against the address.
    await handler.limiters.perAddress.reward(key);
    return answer("unavailable", signup.redirect, { retryAfterSeconds: RETRY_SECONDS, typed: signup.email });
  }
  // A repeat while one waits adds nothing, so it costs the mailbox's budget nothing.
  if (accepted.alreadyPending) {
    await handler.limiters.perAddress.reward(key);
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
