import { adminRoute, memberIdParam, schemaBody } from "@/lib/admin/http";
import { setMemberActive } from "@/lib/admin/members";
import { writeMember } from "@/lib/admin/own-account";
import { activationSchema } from "@/lib/admin/validation";

export const dynamic = "force-dynamic";

// PUT /api/admin/team-members/:id/activation { active } (v1 update: v2 cannot change `active`). An admin may
// not change their own activation.
export const PUT = adminRoute(
  { params: memberIdParam, body: schemaBody(activationSchema) },
  ({ session, params: { id }, body: { active } }) => {
    const action = active ? "reactivate" : "deactivate";
    return writeMember({ actor: session.email, action, target: id }, id, action, async () => ({
      member: await setMemberActive(id, active),
    }));
  },
);
