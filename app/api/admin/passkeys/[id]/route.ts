import { siteText } from "@/lib/config/text";
import { audit } from "@/lib/admin/audit";
import { adminRoute, errorResponse, jsonResponse, schemaBody, type Parsed } from "@/lib/admin/http";
import { passkeyStore } from "@/lib/admin/passkeys";
import { credentialIdSchema, renameBodySchema } from "@/lib/admin/passkeys/validation";

export const dynamic = "force-dynamic";

/** The `[id]`: a credential id, or the same 404 as an id that is not the admin's. */
function passkeyIdParam(raw: { id: string }): Parsed<{ id: string }> {
  const id = credentialIdSchema.safeParse(raw.id);
  return id.success
    ? { ok: true, value: { id: id.data } }
    : {
        ok: false,
        response: errorResponse(404, siteText()("admin.passkey.notFound"), { code: "not_found" }),
      };
}

const unavailable = () =>
  errorResponse(503, siteText()("admin.passkey.unavailable"), { code: "passkeys_unavailable" });

/** PATCH /api/admin/passkeys/:id { name }: renames one of the signed-in admin's own passkeys. */
export const PATCH = adminRoute(
  { params: passkeyIdParam, body: schemaBody(renameBodySchema) },
  async ({ session, params, body }) => {
    try {
      if (!(await passkeyStore().rename(session.email, params.id, body.name)))
        return errorResponse(404, siteText()("admin.passkey.notFound"), { code: "not_found" });
      return jsonResponse({ ok: true, name: body.name });
    } catch {
      return unavailable();
    }
  },
);

/**
 * DELETE /api/admin/passkeys/:id: removes one of the signed-in admin's own passkeys, after a
 * recent sign-in; the sessions it opened end with it (lib/admin/access.ts), this one too:
 * `signedOut`. Removing the last one
 * turns sign-in with the password back on, so no admin is left with no way in.
 */
export const DELETE = adminRoute(
  { params: passkeyIdParam, recentSignIn: true },
  async ({ session, params }) => {
    const entry = { actor: session.email, action: "passkey_remove", target: "admin" };
    const store = passkeyStore();
    try {
      if (!(await store.remove(session.email, params.id))) {
        audit({ ...entry, outcome: "refused", detail: "not_found" });
        return errorResponse(404, siteText()("admin.passkey.notFound"), { code: "not_found" });
      }
      const left = (await store.list(session.email)).length;
      const passwordBack = left === 0 && (await store.passkeysOnly(session.email));
      if (passwordBack) await store.setPasskeysOnly(session.email, false);
      audit({ ...entry, outcome: "ok", detail: passwordBack ? "password_on" : undefined });
      return jsonResponse({ ok: true, left, passwordBack, signedOut: session.passkey === params.id });
    } catch {
      audit({ ...entry, outcome: "failed", detail: "store_unavailable" });
      return unavailable();
    }
  },
);
