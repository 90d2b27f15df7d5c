import "server-only";
import { mailbox } from "../delivery/address-key";
import type { Outcome, SignupStore } from "../delivery/types";
import { whoIsAsking } from "../http/client-key";
import { bodyKind, readFields, type BodyKind } from "../http/request-body";
import { newsletterOriginAllows, originVerdict } from "../http/request-origin";
import { logLine } from "../observability/log.mjs";
import { answer, refuse } from "./answers";
import { checkSubscriberEmail } from "./email";
import { HONEYPOT_FIELD } from "./outcomes";
import { createNewsletterLimiters, takeSiteWide, type NewsletterLimiters } from "./rate-limit";

/** "Try again in a minute", for a reader whose signup could be neither sent nor kept. */
const RETRY_SECONDS = 60;
/** A subscription is one address and two short hidden fields; anything bigger is not a reader. */
const MAX_BODY_BYTES = 4 * 1024;

export type NewsletterHandlerOptions = {
  store: SignupStore;
  /** How long the answer waits for the store's worker (DELIVERY_DIRECT_TIMEOUT_MS). */
  waitMs: number;
  siteUrl: string;
  trustProxy: number;
  limiters?: NewsletterLimiters;
  /** Never receives a reader's address. */
  log?: (line: string) => void;
};

/**
 * POST /api/newsletter: method, Origin and the client's budget before the body is read; then
 * honeypot and address; then the other budgets, the store and a brief wait for its worker. Every
 * answer is a row of answers.ts: a 303 to the outcome's page for a form post without JavaScript.
 */
export function createNewsletterHandler(
  options: NewsletterHandlerOptions,
): (request: Request) => Promise<Response> {
  const { store, siteUrl, trustProxy } = options;
  const limiters = options.limiters ?? createNewsletterLimiters();
  const log = options.log ?? logLine("newsletter");

  async function handle(request: Request): Promise<Response> {
    if (request.method !== "POST") return refuse("not_post", { allow: "POST" });
    const redirect = wantsRedirect(request, bodyKind(request));
    // Another site's page must not be able to post for its visitors.
    if (!newsletterOriginAllows(originVerdict(request, siteUrl, trustProxy))) {
      await request.body?.cancel().catch(() => {});
      return refuse("cross_site");
    }
    // The network's budget waits for a well-formed signup: what the form refuses anyway must not
    // spend what the network's other readers share.
    const { client, holder } = whoIsAsking(request, trustProxy);
    const byClient = await limiters.perClient.take(client);
    if (!byClient.ok) {
      await request.body?.cancel().catch(() => {});
      return answer("rate_limited", redirect, { retryAfterSeconds: byClient.wait });
    }

    const read = await readFields(request, MAX_BODY_BYTES);
    if (!read.ok) return refuse(read.problem);
    const fields = read.value;
    const trap = fields[HONEYPOT_FIELD];
    if (trap != null && (typeof trap !== "string" || trap.trim() !== "")) {
      log("honeypot field filled; answered as a success without subscribing");
      return answer("honeypot", redirect);
    }
    const checked = checkSubscriberEmail(fields.email);
    if (!checked.ok)
      return answer("invalid", redirect, {
        reason: checked.reason,
        typed: typeof fields.email === "string" ? fields.email : undefined,
      });
    const email = checked.email;

    // Each budget is taken only once the one before let the signup through.
    const byNetwork = await limiters.perNetwork.take(holder);
    if (!byNetwork.ok)
      return answer("rate_limited", redirect, { retryAfterSeconds: byNetwork.wait, typed: email });
    // Confirmation emails went to this inbox recently: send nothing more, and do not tell its owner
    // "too many attempts" because a stranger typed their address.
    const key = mailbox(email);
    if (!(await limiters.perAddress.take(key)).ok) return answer("recently_sent", redirect);
    // A signup that adds nothing (refused, or one already waiting) costs the mailbox's budget nothing.
    const refund = () => limiters.perAddress.reward(key);
    const globalWait = await takeSiteWide(limiters, byNetwork.used);
    if (globalWait !== null) {
      await refund();
      log("[newsletter] site-wide signup budget spent; answering 429");
      return answer("busy", redirect, { retryAfterSeconds: globalWait, typed: email });
    }

    // The store alone decides whether the mailbox has one waiting.
    let accepted;
    try {
      accepted = await store.accept(email);
    } catch (error) {
      log(
        `a signup could not be kept for delivery (${error instanceof Error ? error.message : typeof error})`,
      );
      await refund();
      return answer("unavailable", redirect, { retryAfterSeconds: RETRY_SECONDS, typed: email });
    }
    if (accepted.alreadyPending) {
      await refund();
      return answer("pending", redirect);
    }
    const outcome = await store.outcome(accepted, options.waitMs).catch((): Outcome => "pending");
    // The admin's counts are best effort: a signup kept is answered as kept.
    if (outcome !== "rejected")
      await Promise.all([
        store.count("accepted"),
        store.count(outcome === "pending" ? "queued" : "sentAtOnce"),
      ]).catch(() => {});
    return answer(outcome, redirect, { typed: email });
  }

  return async (request) => {
    try {
      return await handle(request);
    } catch (error) {
      // Last resort: a reader never sees a stack trace or a 500 for something they sent.
      log(`unexpected failure handling a request: ${error instanceof Error ? error.name : typeof error}`);
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
