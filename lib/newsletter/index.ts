import "server-only";
import { delivery } from "../delivery";
import { env } from "../config/env";
import { processMemo } from "../state";
import { createNewsletterHandler } from "./handler";

export { createNewsletterHandler, HONEYPOT_FIELD, type NewsletterHandlerOptions } from "./handler";
export { createNewsletterLimiters, DEFAULT_LIMITS, type NewsletterLimits } from "./rate-limit";

/** The app's handler: one per process, so its rate-limit counters live as long as the server. */
export function newsletterHandler(): (request: Request) => Promise<Response> {
  return processMemo("newsletter.handler", () => {
    const config = env();
    return createNewsletterHandler({
      store: delivery(),
      waitMs: config.delivery.directTimeoutMs,
      siteUrl: config.siteUrl,
      trustProxy: config.trustProxy,
    });
  });
}
