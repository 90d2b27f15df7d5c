import { audit } from "@/lib/admin/audit";
import { adminRoute, errorResponse, jsonResponse } from "@/lib/admin/http";
import { passkeyStore } from "@/lib/admin/passkeys";
import { canAddAnother, signedInRecently } from "@/lib/admin/passkeys/account";
import { PASSKEY_WORDS } from "@/lib/admin/passkeys/answers";
import { enrolmentOptions } from "@/lib/admin/passkeys/ceremony";

export const dynamic = "force-dynamic";

/**
 * POST /api/admin/passkeys/enrolment: the options for navigator.credentials.create(), with a
 * single-use challenge bound to the signed-in admin; only within 10 minutes of signing in.
 */
export const POST = adminRoute({}, async ({ session }) => {
  if (!signedInRecently(session)) {
    audit({
      actor: session.email,
      action: "passkey_enrol",
      target: "admin",
      outcome: "refused",
      detail: "reauth_required",
    });
    return errorResponse(403, PASSKEY_WORDS.reauth, { code: "reauth_required" });
  }
  try {
    const existing = await passkeyStore().list(session.email);
    if (!canAddAnother(existing)) return errorResponse(409, PASSKEY_WORDS.too_many, { code: "too_many" });
    return jsonResponse({ options: await enrolmentOptions(session.email, existing) });
  } catch {
    return errorResponse(503, PASSKEY_WORDS.unavailable, { code: "passkeys_unavailable" });
  }
});
