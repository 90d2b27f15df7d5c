import { siteText } from "@/lib/config/text";
import { audit } from "@/lib/admin/audit";
import { adminRoute, errorResponse, jsonResponse, schemaBody, staleSignIn } from "@/lib/admin/http";
import { passkeyStore } from "@/lib/admin/passkeys";
import { passkeysOnlyBodySchema } from "@/lib/admin/passkeys/validation";

export const dynamic = "force-dynamic";

/**
 * PUT /api/admin/passkeys/passkeys-only { on }: whether the signed-in admin's password still
 * signs them in. Turning it off needs a passkey to sign in with, and ends every session the
 * password opened (this one too: `signedOut`); turning it back on needs a recent sign-in. The
 * operator's command (`npm run admin-passkeys -- password-on`) turns it back on for an admin who
 * lost their passkeys.
 */
export const PUT = adminRoute(
  { body: schemaBody(passkeysOnlyBodySchema) },
  async ({ request, session, body }) => {
    const stale = body.on ? null : staleSignIn(request, session);
    if (stale) return stale;
    const entry = { actor: session.email, action: "passkeys_only", target: "admin" };
    const store = passkeyStore();
    try {
      if (body.on && (await store.list(session.email)).length === 0) {
        audit({ ...entry, outcome: "refused", detail: "no_passkey" });
        return errorResponse(409, siteText()("admin.passkey.passkeysOnlyNeedsPasskey"), {
          code: "no_passkey",
        });
      }
      await store.setPasskeysOnly(session.email, body.on);
      audit({ ...entry, outcome: "ok", detail: body.on ? "on" : "off" });
      return jsonResponse({ passkeysOnly: body.on, signedOut: body.on && !session.passkey });
    } catch {
      audit({ ...entry, outcome: "failed", detail: "store_unavailable" });
      return errorResponse(503, siteText()("admin.passkey.unavailable"), { code: "passkeys_unavailable" });
    }
  },
);
