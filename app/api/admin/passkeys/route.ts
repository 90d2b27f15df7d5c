import { siteText } from "@/lib/config/text";
import { audit } from "@/lib/admin/audit";
import {
  adminRoute,
  errorResponse,
  jsonResponse,
  refuseChange,
  schemaBody,
  unlessStoreFails,
} from "@/lib/admin/http";
import { passkeyStore } from "@/lib/admin/passkeys";
import { canAddAnother, defaultName, toView } from "@/lib/admin/passkeys/account";
import { verifyEnrolment } from "@/lib/admin/passkeys/ceremony";
import { asRegistration, enrolBodySchema } from "@/lib/admin/passkeys/validation";

export const dynamic = "force-dynamic";

/** POST /api/admin/passkeys { response, name? }: finishes an enrolment begun at /api/admin/passkeys/enrolment. */
export const POST = adminRoute(
  { body: schemaBody(enrolBodySchema), recentSignIn: true },
  ({ session, body }) => {
    const entry = { actor: session.email, action: "passkey_enrol", target: "admin" };
    return unlessStoreFails("passkeys", entry, async () => {
      const store = passkeyStore();
      const existing = await store.list(session.email);
      if (!canAddAnother(existing)) return refuseChange(entry, 409, "admin.passkey.tooMany", "too_many");
      const enrolled = await verifyEnrolment(session.email, asRegistration(body.response));
      if (!enrolled) {
        audit({ ...entry, outcome: "refused", detail: "invalid" });
        return errorResponse(400, siteText()("admin.passkey.enrolInvalid"), { code: "passkey_invalid" });
      }
      const name = body.name ?? defaultName(existing);
      const passkey = { ...enrolled, name, createdAt: Date.now(), lastUsedAt: null };
      if (!(await store.add(passkey)))
        return refuseChange(entry, 409, "admin.passkey.duplicate", "duplicate");
      audit({ ...entry, outcome: "ok", detail: passkey.deviceType });
      return jsonResponse({ passkey: toView(passkey) }, 201);
    });
  },
);
