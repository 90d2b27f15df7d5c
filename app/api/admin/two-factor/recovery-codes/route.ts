import { audit } from "@/lib/admin/audit";
import { adminRoute, errorResponse, jsonResponse } from "@/lib/admin/http";
import { regenerateRecoveryCodes, twoFactorChangeRefused } from "@/lib/admin/two-factor";
import { siteText } from "@/lib/config/text";

export const dynamic = "force-dynamic";

/**
 * POST /api/admin/two-factor/recovery-codes: fresh recovery codes for the signed-in admin's own
 * two-factor, shown once; the old ones stop working. Needs a recent sign-in.
 */
export const POST = adminRoute({ recentSignIn: true }, async ({ session }) => {
  const entry = { actor: session.email, action: "recovery_codes_regenerated", target: "admin" };
  try {
    const refused = await twoFactorChangeRefused(session.email, false);
    if (refused) return refused;
    const codes = await regenerateRecoveryCodes(session.email);
    audit({ ...entry, outcome: "ok" });
    return jsonResponse({ recoveryCodes: codes });
  } catch {
    audit({ ...entry, outcome: "failed", detail: "store_unavailable" });
    return errorResponse(503, siteText()("admin.twoFactor.unavailable"), { code: "store_unavailable" });
  }
});
