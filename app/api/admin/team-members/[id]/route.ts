import { audit } from "@/lib/admin/audit";
import { adminRoute, failure, jsonResponse, memberIdParam, schemaBody } from "@/lib/admin/http";
import { getMember, removeMember, updateMember } from "@/lib/admin/members";
import { guardOwnAccount } from "@/lib/admin/own-account";
import { forgetStanding } from "@/lib/admin/standing";
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

/**
 * PATCH /api/admin/team-members/:id { firstName?, lastName?, email?, timeZone?, role? } (v2 update).
 * An admin may not change their own role or email.
 */
export const PATCH = adminRoute(
  { params: memberIdParam, body: schemaBody(updateMemberSchema) },
  async ({ session, params, body: changes }) => {
    const entry = { actor: session.email, action: "update", target: params.id };
    try {
      // Only a new role or email can change who is an admin: names and time zones need no read.
      const access = changes.role !== undefined || changes.email !== undefined;
      const guard = access
        ? await guardOwnAccount(entry, params.id, {
            kind: "update",
            role: changes.role,
            email: changes.email,
          })
        : null;
      if (guard && !guard.ok) return guard.response;
      try {
        const member = await updateMember(params.id, changes);
        audit({ ...entry, outcome: "ok", detail: Object.keys(changes).join(",") });
        return jsonResponse({ member });
      } finally {
        if (guard) await forgetStanding([guard.before.email, changes.email]);
      }
    } catch (error) {
      return failure(error, entry, { role: changes.role, timeZone: changes.timeZone, email: changes.email });
    }
  },
);

/** DELETE /api/admin/team-members/:id (v2 delete). An admin may not remove themself. */
export const DELETE = adminRoute({ params: memberIdParam }, async ({ session, params }) => {
  const entry = { actor: session.email, action: "remove", target: params.id };
  try {
    const guard = await guardOwnAccount(entry, params.id, { kind: "remove" });
    if (!guard.ok) return guard.response;
    try {
      await removeMember(params.id);
      audit({ ...entry, outcome: "ok" });
      return jsonResponse({ ok: true });
    } finally {
      await forgetStanding([guard.before.email]);
    }
  } catch (error) {
    return failure(error, entry);
  }
});
