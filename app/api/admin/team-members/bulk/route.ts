import { audit } from "@/lib/admin/audit";
import { mapWorkspaceError } from "@/lib/admin/errors";
import { authorize, invalidInput, jsonResponse, readJson } from "@/lib/admin/http";
import { bulkAction } from "@/lib/admin/members";
import { bulkSchema } from "@/lib/admin/validation";

export const dynamic = "force-dynamic";

/**
 * POST /api/admin/team-members/bulk { action: "remove" | "deactivate", ids }: one result per
 * member. 200 when every member succeeded, 207 when some did not.
 */
export async function POST(request: Request): Promise<Response> {
  const body = await readJson(request);
  const auth = await authorize(request);
  if (!auth.ok) return auth.response;
  if (!body.ok) return body.response;
  const input = bulkSchema.safeParse(body.body);
  if (!input.success) return invalidInput(input.error);
  const ids = Array.from(new Set(input.data.ids.map((id) => id.toLowerCase())));
  const results = await bulkAction({ action: input.data.action, ids }, (error) => {
    const m = mapWorkspaceError(error);
    return { error: m.error, code: m.code };
  });
  for (const r of results) {
    audit({
      actor: auth.session.email,
      action: `bulk_${input.data.action}`,
      target: r.id,
      outcome: r.ok ? "ok" : "refused",
      ...(r.code ? { detail: r.code } : {}),
    });
  }
  const failed = results.filter((r) => !r.ok).length;
  return jsonResponse(
    { action: input.data.action, succeeded: results.length - failed, failed, results },
    failed ? 207 : 200,
  );
}
