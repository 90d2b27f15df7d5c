import { actOnFailed, failedSelection } from "@/lib/admin/delivery";
import { adminRoute, schemaBody } from "@/lib/admin/http";

export const dynamic = "force-dynamic";

const body = schemaBody(failedSelection);

/** POST /api/admin/newsletter/failed `{ids?}`: failed signups back to waiting (all when no ids). */
export const POST = adminRoute({ body }, ({ session, body }) => actOnFailed(session, "retry", body));

/** DELETE /api/admin/newsletter/failed `{ids?}`: failed signups deleted with their addresses. */
export const DELETE = adminRoute({ body }, ({ session, body }) => actOnFailed(session, "discard", body));
