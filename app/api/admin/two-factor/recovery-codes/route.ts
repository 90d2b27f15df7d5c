import { audit } from "@/lib/admin/audit";
import { adminRoute, jsonResponse, unlessStoreFails } from "@/lib/admin/http";
import { regenerateRecoveryCodes, twoFactorChangeRefused } from "@/lib/admin/two-factor";

export const dynamic = "force-dynamic";

// POST /api/admin/two-factor/recovery-codes: fresh recovery codes for the signed-in admin's own two-factor,
// shown once; the old ones stop working. Needs a recent sign-in.
export const POST = adminRoute({ recentSignIn: true }, ({ session }) => {
  const entry = { actor: session.email, action: "recovery_codes_regenerated", target: "admin" };
  return unlessStoreFails("twoFactor", entry, async () => {
    const refused = await twoFactorChangeRefused(session.email, false);
    if (refused) return refused;
    const codes = await regenerateRecoveryCodes(session.email);
    audit({ ...entry, outcome: "ok" });
    return jsonResponse({ recoveryCodes: codes });
  });
});
