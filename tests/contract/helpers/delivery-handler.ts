import {
  createNewsletterHandler,
  createNewsletterLimiters,
  type NewsletterHandlerOptions,
} from "@/lib/newsletter";

/**
 * The newsletter handler the delivery suites test with: local mode, the app's default limiters,
 * and `trustProxy: 1` because each test request carries its own X-Forwarded-For (one client
 * each, as if behind one proxy).
 */
export function deliveryTestHandler(
  opts: Pick<NewsletterHandlerOptions, "subscribe" | "queue" | "log" | "siteUrl">,
): ReturnType<typeof createNewsletterHandler> {
  return createNewsletterHandler({
    ...opts,
    trustProxy: 1,
    mode: "local",
    limiters: createNewsletterLimiters(),
  });
}
