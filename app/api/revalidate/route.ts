import "server-only";
import { revalidateBlog } from "@/lib/blog/revalidate";
import { presentedSecret, secretMatches } from "@/lib/blog/secret";
import { env } from "@/lib/env";

/*
 * POST /api/revalidate: refreshes the whole blog (pages, feeds, sitemaps) from the workspace.
 * For webhooks and scripts: `Authorization: Bearer $REVALIDATE_SECRET`. Disabled (404) when
 * REVALIDATE_SECRET is unset.
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
    const { revalidatedAt } = await revalidateBlog();
    return json({ revalidated: true, revalidatedAt }, 200);
  } catch {
    console.error("[blog] revalidation failed");
    return json({ error: "The blog could not be revalidated; try again." }, 500);
  }
}

export function GET() {
  return json({ error: "Use POST." }, 405);
}
