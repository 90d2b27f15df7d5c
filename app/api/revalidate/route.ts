import "server-only";
import { NOT_EVERY_INSTANCE, RETRY_AFTER_SECONDS, revalidateBlog } from "@/lib/blog/revalidate";
import { presentedSecret, secretMatches } from "@/lib/blog/secret";
import { env } from "@/lib/env";

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

const json = (body: unknown, status: number) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export async function POST(request: Request) {
  const { revalidateSecret } = env();
  if (!revalidateSecret) return json({ error: "Not found" }, 404);
  if (!secretMatches(presentedSecret(request.headers), revalidateSecret)) {
    return json({ error: "A valid revalidation secret is required (Authorization: Bearer <secret>)." }, 401);
  }
  try {
    const { revalidatedAt, reachedAllInstances } = await revalidateBlog();
    if (!reachedAllInstances) {
      return Response.json(
        { revalidated: true, reachedAllInstances, revalidatedAt, error: NOT_EVERY_INSTANCE },
        { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_SECONDS) } },
      );
    }
    return json({ revalidated: true, reachedAllInstances, revalidatedAt }, 200);
  } catch {
    console.error("[blog] revalidation failed");
    return json({ error: "The blog could not be revalidated; try again." }, 500);
  }
}

export function GET() {
  return json({ error: "Use POST." }, 405);
}
