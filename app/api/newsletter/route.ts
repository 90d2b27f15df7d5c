import { env } from "@/lib/config/env";
import { delivery } from "@/lib/delivery";
import { createNewsletterHandler } from "@/lib/newsletter/handler";

// Every post is a fresh decision (rate limits, upstream): never cached or prerendered.
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const config = env();
  const handler = createNewsletterHandler({
    store: delivery(),
    waitMs: config.delivery.directTimeoutMs,
    siteUrl: config.siteUrl,
    trustProxy: config.trustProxy,
  });
  return handler(request);
}

/** The form posts; a GET (a bookmarked redirect target, a crawler) is told how to use it. */
export const GET = POST;
