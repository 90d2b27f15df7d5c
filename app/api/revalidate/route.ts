import "server-only";
import { RETRY_AFTER_SECONDS, revalidateBlog } from "@/lib/blog/revalidate";
import { presentedSecret } from "@/lib/blog/secret";
import { secretMatches } from "@/lib/http/bearer";
import { env } from "@/lib/config/env";
import { siteText } from "@/lib/config/text";
import { errorResponse, jsonResponse } from "@/lib/http/json-response";
import { log } from "@/lib/observability/log.mjs";

// For webhooks (`Authorization: Bearer $REVALIDATE_SECRET`; unset: 404). 503 with Retry-After when
// Redis is unreachable: the other instances may not have heard; a retry reaches them.

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
        { "Retry-After": String(RETRY_AFTER_SECONDS) },
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
