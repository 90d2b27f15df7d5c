import "server-only";
import { delivery } from "../delivery";
import { env } from "../config/env";
import { createNewsletterHandler } from "./handler";

export { createNewsletterHandler, type NewsletterHandlerOptions } from "./handler";
export { createNewsletterLimiters, DEFAULT_LIMITS } from "./rate-limit";

/** The app's handler, made for each request: its counters are lib/state's, its store the process's. */
export function newsletterHandler(): (request: Request) => Promise<Response> {
  const config = env();
  return createNewsletterHandler({
    store: delivery(),
    waitMs: config.delivery.directTimeoutMs,
    siteUrl: config.siteUrl,
    trustProxy: config.trustProxy,
  });
}
