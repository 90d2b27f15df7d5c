import { audit } from "@/lib/admin/audit";
import {
  adminRoute,
  jsonResponse,
  refuseChange,
  schemaBody,
  staleSignIn,
  unlessStoreFails,
} from "@/lib/admin/http";
import { passkeyStore } from "@/lib/admin/passkeys";
import { passkeysOnlyBodySchema } from "@/lib/admin/passkeys/validation";

export const dynamic = "force-dynamic";

// PUT /api/admin/passkeys/passkeys-only { on }: whether the admin's password still signs them in. Turning it
// off needs a passkey, and ends every session the password opened (this one too: `signedOut`); turning it
// back on needs a recent sign-in.
export const PUT = adminRoute({ body: schemaBody(passkeysOnlyBodySchema) }, ({ request, session, body }) => {
  const stale = body.on ? null : staleSignIn(request, session);
  if (stale) return Promise.resolve(stale);
  const entry = { actor: session.email, action: "passkeys_only", target: "admin" };
  return unlessStoreFails("passkeys", entry, async () => {
    const store = passkeyStore();
    if (body.on && (await store.list(session.email)).length === 0)
      return refuseChange(entry, 409, "admin.passkey.passkeysOnlyNeedsPasskey", "no_passkey");
    await store.setPasskeysOnly(session.email, body.on);
    audit({ ...entry, outcome: "ok", detail: body.on ? "on" : "off" });
    return jsonResponse({ passkeysOnly: body.on, signedOut: body.on && !session.passkey });
  });
});
