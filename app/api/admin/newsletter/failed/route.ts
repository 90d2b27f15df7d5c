import { actOnFailed } from "@/lib/admin/delivery";
import { adminRoute } from "@/lib/admin/http";

export const dynamic = "force-dynamic";

/** POST /api/admin/newsletter/failed: "retry failed" (every failed signup back to pending). */
export const POST = adminRoute({}, ({ request, session }) => actOnFailed(request, session, "retry"));

/** DELETE /api/admin/newsletter/failed: "discard failed" (the addresses are deleted). */
export const DELETE = adminRoute({}, ({ request, session }) => actOnFailed(request, session, "discard"));
