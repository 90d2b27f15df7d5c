import { audit } from "@/lib/admin/audit";
import { MESSAGES } from "@/lib/admin/errors";
import { authorize, errorResponse, failure, invalidInput, jsonResponse, readJson } from "@/lib/admin/http";
import { getMember, removeMember, updateMember } from "@/lib/admin/members";
import { memberIdSchema, updateMemberSchema } from "@/lib/admin/validation";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** GET /api/admin/team-members/:id */
export async function GET(request: Request, { params }: Ctx): Promise<Response> {
  const id = memberIdSchema.safeParse((await params).id);
  const auth = await authorize(request);
  if (!auth.ok) return auth.response;
  // A malformed id cannot name a member: the same 404 as an unknown one, without asking upstream.
  if (!id.success) return errorResponse(404, MESSAGES.notFound, { code: "not_found" });
  try {
    return jsonResponse({ member: await getMember(id.data) });
  } catch (error) {
    return failure(error, null);
  }
}

/** PATCH /api/admin/team-members/:id { firstName?, lastName?, email?, timeZone?, role? } (v2 update). */
export async function PATCH(request: Request, { params }: Ctx): Promise<Response> {
  const id = memberIdSchema.safeParse((await params).id);
  const body = await readJson(request);
  const auth = await authorize(request);
  if (!auth.ok) return auth.response;
  if (!id.success) return errorResponse(404, MESSAGES.notFound, { code: "not_found" });
  if (!body.ok) return body.response;
  const changes = updateMemberSchema.safeParse(body.body);
  if (!changes.success) return invalidInput(changes.error);

  const entry = { actor: auth.session.email, action: "update", target: id.data };
  try {
    const member = await updateMember(id.data, changes.data);
    audit({ ...entry, outcome: "ok", detail: Object.keys(changes.data).join(",") });
    return jsonResponse({ member });
  } catch (error) {
    return failure(error, entry, {
      role: changes.data.role,
      timeZone: changes.data.timeZone,
      email: changes.data.email,
    });
  }
}

/** DELETE /api/admin/team-members/:id (v2 delete). */
export async function DELETE(request: Request, { params }: Ctx): Promise<Response> {
  const id = memberIdSchema.safeParse((await params).id);
  const auth = await authorize(request);
  if (!auth.ok) return auth.response;
  if (!id.success) return errorResponse(404, MESSAGES.notFound, { code: "not_found" });
  const entry = { actor: auth.session.email, action: "remove", target: id.data };
  try {
    await removeMember(id.data);
    audit({ ...entry, outcome: "ok" });
    return jsonResponse({ ok: true });
  } catch (error) {
    return failure(error, entry);
  }
}
