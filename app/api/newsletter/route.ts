import { newsletterHandler } from "@/lib/newsletter";

// Every post is a fresh decision (rate limits, upstream): never cached or prerendered.
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  return newsletterHandler()(request);
}

/** The form posts; a GET (a bookmarked redirect target, a crawler) is told how to use it. */
export const GET = POST;
