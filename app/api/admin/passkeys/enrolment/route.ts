import { siteText } from "@/lib/config/text";
import { adminRoute, errorResponse, jsonResponse } from "@/lib/admin/http";
import { passkeyStore } from "@/lib/admin/passkeys";
import { canAddAnother } from "@/lib/admin/passkeys/account";
import { enrolmentOptions } from "@/lib/admin/passkeys/ceremony";

export const dynamic = "force-dynamic";

/**
 * POST /api/admin/passkeys/enrolment: the options for navigator.credentials.create(), with a
 * single-use challenge bound to the signed-in admin; only after a recent sign-in.
 */
export const POST = adminRoute({ recentSignIn: true }, async ({ session }) => {
  try {
    const existing = await passkeyStore().list(session.email);
    if (!canAddAnother(existing))
      return errorResponse(409, siteText()("admin.passkey.tooMany"), { code: "too_many" });
    return jsonResponse({ options: await enrolmentOptions(session.email, existing) });
  } catch {
    return errorResponse(503, siteText()("admin.passkey.unavailable"), { code: "passkeys_unavailable" });
  }
});
