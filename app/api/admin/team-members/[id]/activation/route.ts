import { audit } from "@/lib/admin/audit";
import { MESSAGES } from "@/lib/admin/errors";
import { authorize, errorResponse, failure, invalidInput, jsonResponse, readJson } from "@/lib/admin/http";
import { setMemberActive } from "@/lib/admin/members";
import { activationSchema, memberIdSchema } from "@/lib/admin/validation";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** PUT /api/admin/team-members/:id/activation { active } (v1 update: v2 cannot change `active`). */
export async function PUT(request: Request, { params }: Ctx): Promise<Response> {
  const id = memberIdSchema.safeParse((await params).id);
  const body = await readJson(request);
  const auth = await authorize(request);
  if (!auth.ok) return auth.response;
  if (!id.success) return errorResponse(404, MESSAGES.notFound, { code: "not_found" });
  if (!body.ok) return body.response;
  const input = activationSchema.safeParse(body.body);
  if (!input.success) return invalidInput(input.error);
  const entry = {
    actor: auth.session.email,
    action: input.data.active ? "reactivate" : "deactivate",
    target: id.data,
  };
  try {
    const member = await setMemberActive(id.data, input.data.active);
    audit({ ...entry, outcome: "ok" });
    return jsonResponse({ member });
  } catch (error) {
    return failure(error, entry);
  }
}
