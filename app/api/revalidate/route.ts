import "server-only";
import { RETRY_AFTER_SECONDS, revalidateBlog } from "@/lib/blog/revalidate";
import { presentedSecret } from "@/lib/blog/secret";
import { secretMatches } from "@/lib/http/bearer";
import { env } from "@/lib/config/env";
import { siteText } from "@/lib/config/text";
import { errorResponse, jsonResponse } from "@/lib/http/json-response";
import { log } from "@/lib/observability/log.mjs";

/*
 * POST /api/revalidate: refreshes the whole blog (pages, feeds, sitemaps) from the workspace.
 * For webhooks and scripts: `Authorization: Bearer $REVALIDATE_SECRET`. Disabled (404) when
 * REVALIDATE_SECRET is unset.
 *
 * 200 `{revalidated, reachedAllInstances: true, revalidatedAt}`: every instance serves the new
 * posts from their next views. 503 with Retry-After and `reachedAllInstances: false` when
 * REDIS_URL is set but Redis is unreachable: this instance refreshed, the others may not have;
 * a webhook sender retries on 503, and the retry (once Redis is back) reaches them all.
 */

export async function POST(request: Request) {
  const { revalidateSecret } = env();
  if (!revalidateSecret) return errorResponse(404, "Not found");
  if (!secretMatches(presentedSecret(request.headers), revalidateSecret)) {
    return errorResponse(401, "A valid revalidation secret is required (Authorization: Bearer <secret>).");
  }
  try {
    const { revalidatedAt, reachedAllInstances } = await revalidateBlog();
    if (!reachedAllInstances) {
      return jsonResponse(
        { revalidated: true, reachedAllInstances, revalidatedAt, error: siteText()("admin.refresh.partial") },
        503,
        {
          "Retry-After": String(RETRY_AFTER_SECONDS),
        },
      );
    }
    return jsonResponse({ revalidated: true, reachedAllInstances, revalidatedAt });
  } catch (error) {
    log("blog").error({ error: error instanceof Error ? error.name : typeof error }, "revalidation failed");
    return errorResponse(500, "The blog could not be revalidated; try again.");
  }
}

export function GET() {
  return errorResponse(405, "Use POST.");
}
