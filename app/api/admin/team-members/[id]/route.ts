import { audit } from "@/lib/admin/audit";
import { adminRoute, failure, jsonResponse, memberIdParam, schemaBody } from "@/lib/admin/http";
import { getMember, removeMember, updateMember } from "@/lib/admin/members";
import { updateMemberSchema } from "@/lib/admin/validation";

export const dynamic = "force-dynamic";

/** GET /api/admin/team-members/:id */
export const GET = adminRoute({ params: memberIdParam }, async ({ params }) => {
  try {
    return jsonResponse({ member: await getMember(params.id) });
  } catch (error) {
    return failure(error, null);
  }
});

/** PATCH /api/admin/team-members/:id { firstName?, lastName?, email?, timeZone?, role? } (v2 update). */
export const PATCH = adminRoute(
  { params: memberIdParam, body: schemaBody(updateMemberSchema) },
  async ({ session, params, body: changes }) => {
    const entry = { actor: session.email, action: "update", target: params.id };
    try {
      const member = await updateMember(params.id, changes);
      audit({ ...entry, outcome: "ok", detail: Object.keys(changes).join(",") });
      return jsonResponse({ member });
    } catch (error) {
      return failure(error, entry, { role: changes.role, timeZone: changes.timeZone, email: changes.email });
    }
  },
);

/** DELETE /api/admin/team-members/:id (v2 delete). */
export const DELETE = adminRoute({ params: memberIdParam }, async ({ session, params }) => {
  const entry = { actor: session.email, action: "remove", target: params.id };
  try {
    await removeMember(params.id);
    audit({ ...entry, outcome: "ok" });
    return jsonResponse({ ok: true });
  } catch (error) {
    return failure(error, entry);
  }
});
