import { adminRoute, failure, jsonResponse, memberIdParam, schemaBody } from "@/lib/admin/http";
import { getMember, removeMember, updateMember } from "@/lib/admin/members";
import { writeMember } from "@/lib/admin/own-account";
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

// PATCH /api/admin/team-members/:id { firstName?, lastName?, email?, timeZone?, role? } (v2 update). An admin
// may not change their own role or email.
export const PATCH = adminRoute(
  { params: memberIdParam, body: schemaBody(updateMemberSchema) },
  ({ session, params: { id }, body: changes }) => {
    const { role, email, timeZone } = changes;
    // Only a new role or email can change who is an admin: names and time zones need no read.
    const access = role !== undefined || email !== undefined ? { role, email } : null;
    return writeMember(
      { actor: session.email, action: "update", target: id },
      id,
      access,
      async () => ({ member: await updateMember(id, changes) }),
      { detail: Object.keys(changes).join(","), ctx: { role, timeZone } },
    );
  },
);

/** DELETE /api/admin/team-members/:id (v2 delete). An admin may not remove themself. */
export const DELETE = adminRoute({ params: memberIdParam }, ({ session, params: { id } }) =>
  writeMember({ actor: session.email, action: "remove", target: id }, id, "remove", async () => {
    await removeMember(id);
    return { ok: true };
  }),
);
