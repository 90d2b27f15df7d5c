import { siteText } from "@/lib/config/text";
import { adminRoute, errorResponse, jsonResponse, unlessStoreFails } from "@/lib/admin/http";
import { passkeyStore } from "@/lib/admin/passkeys";
import { canAddAnother } from "@/lib/admin/passkeys/account";
import { enrolmentOptions } from "@/lib/admin/passkeys/ceremony";

export const dynamic = "force-dynamic";

/** POST /api/admin/passkeys/enrolment: the options for navigator.credentials.create(), with a challenge bound to the admin. */
export const POST = adminRoute({ recentSignIn: true }, ({ session }) =>
  unlessStoreFails("passkeys", null, async () => {
    const existing = await passkeyStore().list(session.email);
    if (!canAddAnother(existing))
      return errorResponse(409, siteText()("admin.passkey.tooMany"), { code: "too_many" });
    return jsonResponse({ options: await enrolmentOptions(session.email, existing) });
  }),
);
