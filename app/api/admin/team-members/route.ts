import { audit } from "@/lib/admin/audit";
import { authorize, errorResponse, failure, jsonResponse, readJson } from "@/lib/admin/http";
import { inviteMembers, listMembers } from "@/lib/admin/members";
import { parseInvite, parseListQuery } from "@/lib/admin/validation";

export const dynamic = "force-dynamic";

/** GET /api/admin/team-members?page=&pageSize=&q=&status=all|active|inactive */
export async function GET(request: Request): Promise<Response> {
  const query = parseListQuery(new URL(request.url).searchParams);
  const auth = await authorize(request);
  if (!auth.ok) return auth.response;
  try {
    return jsonResponse(await listMembers(query));
  } catch (error) {
    return failure(error, null);
  }
}

/** POST /api/admin/team-members: invite { emails, role?, invitedBy?, sendInvitationEmail? } (v2 add). */
export async function POST(request: Request): Promise<Response> {
  const body = await readJson(request);
  const auth = await authorize(request);
  if (!auth.ok) return auth.response;
  if (!body.ok) return body.response;
  const input = parseInvite(body.body);
  if (!input.ok)
    return errorResponse(422, input.error, { fields: input.fields, invalidEmails: input.invalidEmails });

  const entry = { actor: auth.session.email, action: "invite", target: input.value.emails.join(",") };
  try {
    const result = await inviteMembers(input.value);
    audit({
      ...entry,
      outcome: "ok",
      detail: `${input.value.emails.length} address(es), role ${input.value.role}`,
    });
    return jsonResponse({ message: result.message, emails: input.value.emails }, 201);
  } catch (error) {
    return failure(error, entry, { role: input.value.role, action: "invite" });
  }
}
