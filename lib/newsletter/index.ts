import "server-only";
import { env } from "../env";
import { workspace } from "../workspace";
import { createNewsletterHandler } from "./handler";

export { createNewsletterHandler, HONEYPOT_FIELD, type NewsletterHandlerOptions } from "./handler";
export { createNewsletterLimiters, DEFAULT_LIMITS, type NewsletterLimits } from "./rate-limit";

let shared: ((request: Request) => Promise<Response>) | undefined;

/** The app's handler: one per process, so its rate-limit counters live as long as the server. */
export function newsletterHandler(): (request: Request) => Promise<Response> {
  if (!shared) {
    const config = env();
    shared = createNewsletterHandler({
      subscribe: (email) => workspace().addSubscriber(email),
      siteUrl: config.siteUrl,
      trustProxy: config.trustProxy,
      mode: config.mode,
    });
  }
  return shared;
}
