import { audit } from "@/lib/admin/audit";
import { adminRoute, failure, jsonResponse } from "@/lib/admin/http";
import { inviteMembers, listMembers } from "@/lib/admin/members";
import { ownInviteRefusal } from "@/lib/admin/own-account";
import { forgetStanding } from "@/lib/admin/standing";
import { parseInvite, parseListQuery } from "@/lib/admin/validation";

export const dynamic = "force-dynamic";

/** GET /api/admin/team-members?page=&pageSize=&q=&status=all|active|inactive */
export const GET = adminRoute({}, async ({ request }) => {
  const query = parseListQuery(new URL(request.url).searchParams);
  try {
    return jsonResponse(await listMembers(query));
  } catch (error) {
    return failure(error, null);
  }
});

// POST /api/admin/team-members: invite { emails, role?, invitedBy?, sendInvitationEmail? } (v2 add). An admin
// may not invite themself (a removed admin would be back).
export const POST = adminRoute({ body: parseInvite }, async ({ session, body: input }) => {
  const entry = { actor: session.email, action: "invite", target: input.emails.join(",") };
  const own = ownInviteRefusal(entry, input.emails);
  if (own) return own;
  try {
    const result = await inviteMembers(input);
    audit({ ...entry, outcome: "ok", detail: `${input.emails.length} address(es), role ${input.role}` });
    return jsonResponse({ message: result.message, emails: input.emails }, 201);
  } catch (error) {
    return failure(error, entry, { role: input.role });
  } finally {
    // Inviting back a removed admin changes what the workspace says about them.
    await forgetStanding(input.emails);
  }
});
