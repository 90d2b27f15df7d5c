import { siteText } from "@/lib/config/text";
import { audit } from "@/lib/admin/audit";
import {
  adminRoute,
  errorResponse,
  jsonResponse,
  refuseChange,
  schemaBody,
  unlessStoreFails,
  type Parsed,
} from "@/lib/admin/http";
import { passkeyStore } from "@/lib/admin/passkeys";
import { removePasskey } from "@/lib/admin/passkeys/account";
import { credentialIdSchema, renameBodySchema } from "@/lib/admin/passkeys/validation";

export const dynamic = "force-dynamic";

const notFound = () => errorResponse(404, siteText()("admin.passkey.notFound"), { code: "not_found" });

/** The `[id]`: a credential id, or the same 404 as an id that is not the admin's. */
function passkeyIdParam(raw: { id: string }): Parsed<{ id: string }> {
  const id = credentialIdSchema.safeParse(raw.id);
  return id.success ? { ok: true, value: { id: id.data } } : { ok: false, response: notFound() };
}

/** PATCH /api/admin/passkeys/:id { name }: renames one of the signed-in admin's own passkeys. */
export const PATCH = adminRoute(
  { params: passkeyIdParam, body: schemaBody(renameBodySchema) },
  ({ session, params, body }) =>
    unlessStoreFails("passkeys", null, async () => {
      if (!(await passkeyStore().rename(session.email, params.id, body.name))) return notFound();
      return jsonResponse({ ok: true, name: body.name });
    }),
);

/** DELETE /api/admin/passkeys/:id: the sessions it opened end with it (lib/admin/access.ts), this one too: `signedOut`. */
export const DELETE = adminRoute({ params: passkeyIdParam, recentSignIn: true }, ({ session, params }) => {
  const entry = { actor: session.email, action: "passkey_remove", target: "admin" };
  return unlessStoreFails("passkeys", entry, async () => {
    const removed = await removePasskey(session.email, params.id);
    if (!removed) return refuseChange(entry, 404, "admin.passkey.notFound", "not_found");
    audit({ ...entry, outcome: "ok", detail: removed.passwordBack ? "password_on" : undefined });
    return jsonResponse({ ok: true, ...removed, signedOut: session.passkey === params.id });
  });
});
