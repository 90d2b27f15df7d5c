import { audit } from "@/lib/admin/audit";
import { adminRoute, failure, jsonResponse, memberIdParam, schemaBody } from "@/lib/admin/http";
import { setMemberActive } from "@/lib/admin/members";
import { guardOwnAccount } from "@/lib/admin/own-account";
import { forgetStanding } from "@/lib/admin/standing";
import { activationSchema } from "@/lib/admin/validation";

export const dynamic = "force-dynamic";

/**
 * PUT /api/admin/team-members/:id/activation { active } (v1 update: v2 cannot change `active`).
 * An admin may not change their own activation.
 */
export const PUT = adminRoute(
  { params: memberIdParam, body: schemaBody(activationSchema) },
  async ({ session, params, body }) => {
    const entry = {
      actor: session.email,
      action: body.active ? "reactivate" : "deactivate",
      target: params.id,
    };
    try {
      const guard = await guardOwnAccount(entry, params.id, {
        kind: body.active ? "reactivate" : "deactivate",
      });
      if (!guard.ok) return guard.response;
      try {
        const member = await setMemberActive(params.id, body.active);
        audit({ ...entry, outcome: "ok" });
        return jsonResponse({ member });
      } finally {
        await forgetStanding([guard.before.email]);
      }
    } catch (error) {
      return failure(error, entry);
    }
  },
);
