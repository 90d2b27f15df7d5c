import { siteText } from "@/lib/config/text";
import { audit } from "@/lib/admin/audit";
import { adminRoute, errorResponse, jsonResponse, schemaBody } from "@/lib/admin/http";
import { passkeyStore } from "@/lib/admin/passkeys";
import { canAddAnother, defaultName, toView } from "@/lib/admin/passkeys/account";
import { verifyEnrolment } from "@/lib/admin/passkeys/ceremony";
import { asRegistration, enrolBodySchema } from "@/lib/admin/passkeys/validation";

export const dynamic = "force-dynamic";

/**
 * POST /api/admin/passkeys { response, name? }: finishes an enrolment begun at
 * /api/admin/passkeys/enrolment (its challenge, bound to this admin), after a recent sign-in.
 */
export const POST = adminRoute(
  { body: schemaBody(enrolBodySchema), recentSignIn: true },
  async ({ session, body }) => {
    const entry = { actor: session.email, action: "passkey_enrol", target: "admin" };
    const store = passkeyStore();
    try {
      const existing = await store.list(session.email);
      if (!canAddAnother(existing)) {
        audit({ ...entry, outcome: "refused", detail: "too_many" });
        return errorResponse(409, siteText()("admin.passkey.tooMany"), { code: "too_many" });
      }
      const enrolled = await verifyEnrolment(session.email, asRegistration(body.response));
      if (!enrolled) {
        audit({ ...entry, outcome: "refused", detail: "invalid" });
        return errorResponse(400, siteText()("admin.passkey.enrolInvalid"), { code: "passkey_invalid" });
      }
      const passkey = {
        ...enrolled,
        name: body.name ?? defaultName(existing),
        createdAt: Date.now(),
        lastUsedAt: null,
      };
      if (!(await store.add(passkey))) {
        audit({ ...entry, outcome: "refused", detail: "duplicate" });
        return errorResponse(409, siteText()("admin.passkey.duplicate"), { code: "duplicate" });
      }
      audit({ ...entry, outcome: "ok", detail: passkey.deviceType });
      return jsonResponse({ passkey: toView(passkey) }, 201);
    } catch {
      audit({ ...entry, outcome: "failed", detail: "store_unavailable" });
      return errorResponse(503, siteText()("admin.passkey.unavailable"), { code: "passkeys_unavailable" });
    }
  },
);
