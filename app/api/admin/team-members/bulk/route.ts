import { audit } from "@/lib/admin/audit";
import { adminRoute, jsonResponse, schemaBody } from "@/lib/admin/http";
import { bulkAction } from "@/lib/admin/members";
import { ownAccountRefusal, OWN_ACCOUNT_CODE } from "@/lib/admin/own-account";
import { forgetStanding } from "@/lib/admin/standing";
import { bulkSchema } from "@/lib/admin/validation";

export const dynamic = "force-dynamic";

// POST /api/admin/team-members/bulk { action: "remove" | "deactivate", ids }: one result per member. 200 when
// every member succeeded, 207 when some did not. The acting admin's own member is left untouched, with a
// result saying why.
export const POST = adminRoute({ body: schemaBody(bulkSchema) }, async ({ session, body: input }) => {
  const ids = Array.from(new Set(input.ids.map((id) => id.toLowerCase())));
  const results = await bulkAction({ action: input.action, ids }, (member) => {
    const refusal = ownAccountRefusal(session.email, member, input.action);
    return refusal ? { error: refusal, code: OWN_ACCOUNT_CODE } : null;
  });
  await forgetStanding(results.filter((r) => r.ok).map((r) => r.email));
  for (const r of results) {
    audit({
      actor: session.email,
      action: `bulk_${input.action}`,
      target: r.id,
      outcome: r.ok ? "ok" : "refused",
      ...(r.code ? { detail: r.code } : {}),
    });
  }
  const failed = results.filter((r) => !r.ok).length;
  return jsonResponse(
    { action: input.action, succeeded: results.length - failed, failed, results },
    failed ? 207 : 200,
  );
});
