import { RETRY_AFTER_SECONDS, revalidateBlog } from "@/lib/blog/revalidate";
import { siteText } from "@/lib/config/text";
import { audit } from "@/lib/admin/audit";
import { adminRoute, errorResponse, jsonResponse } from "@/lib/admin/http";

export const dynamic = "force-dynamic";

/** POST /api/admin/blog/refresh: the dashboard's "refresh blog" button. */
export const POST = adminRoute({}, async ({ session }) => {
  const entry = { actor: session.email, action: "refresh_blog", target: "blog" };
  try {
    const result = await revalidateBlog();
    if (!result.reachedAllInstances) {
      // Honest about a partial refresh: the button shows this as an alert, and pressing it
      // again once Redis is back reaches every instance.
      audit({ ...entry, outcome: "partial", detail: "redis_unreachable" });
      return errorResponse(
        503,
        siteText()("admin.refresh.partial"),
        { revalidatedAt: result.revalidatedAt, reachedAllInstances: false },
        { "Retry-After": String(RETRY_AFTER_SECONDS) },
      );
    }
    audit({ ...entry, outcome: "ok" });
    return jsonResponse({ ok: true, revalidatedAt: result.revalidatedAt, reachedAllInstances: true });
  } catch (error) {
    audit({ ...entry, outcome: "failed", detail: error instanceof Error ? error.name : "unknown" });
    return errorResponse(503, siteText()("admin.refresh.failed"));
  }
});
