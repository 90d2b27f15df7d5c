import { siteText } from "@/lib/config/text";
import { audit } from "@/lib/admin/audit";
import { adminRoute, errorResponse, jsonResponse, schemaBody, type Parsed } from "@/lib/admin/http";
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

const unavailable = () =>
  errorResponse(503, siteText()("admin.passkey.unavailable"), { code: "passkeys_unavailable" });

/** PATCH /api/admin/passkeys/:id { name }: renames one of the signed-in admin's own passkeys. */
export const PATCH = adminRoute(
  { params: passkeyIdParam, body: schemaBody(renameBodySchema) },
  async ({ session, params, body }) => {
    try {
      if (!(await passkeyStore().rename(session.email, params.id, body.name))) return notFound();
      return jsonResponse({ ok: true, name: body.name });
    } catch {
      return unavailable();
    }
  },
);

/** DELETE /api/admin/passkeys/:id: the sessions it opened end with it (lib/admin/access.ts), this one too: `signedOut`. */
export const DELETE = adminRoute(
  { params: passkeyIdParam, recentSignIn: true },
  async ({ session, params }) => {
    const entry = { actor: session.email, action: "passkey_remove", target: "admin" };
    try {
      const removed = await removePasskey(session.email, params.id);
      if (!removed) {
        audit({ ...entry, outcome: "refused", detail: "not_found" });
        return notFound();
      }
      audit({ ...entry, outcome: "ok", detail: removed.passwordBack ? "password_on" : undefined });
      return jsonResponse({ ok: true, ...removed, signedOut: session.passkey === params.id });
    } catch {
      audit({ ...entry, outcome: "failed", detail: "store_unavailable" });
      return unavailable();
    }
  },
);
