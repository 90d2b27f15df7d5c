import "server-only";
import { z } from "zod";
import { audit } from "@/lib/admin/audit";
import { chargeFailure, clearAccountLockout, unlockToken } from "@/lib/admin/login-throttle";
import { env } from "@/lib/config/env";
import { bearerToken, secretMatches } from "@/lib/http/bearer";
import { whoIsAsking } from "@/lib/http/client-key";
import { errorResponse, jsonResponse } from "@/lib/http/json-response";
import { readFields } from "@/lib/http/request-body";

export const dynamic = "force-dynamic";

// POST { email }: the server's side of `npm run admin-unlock`, bearing the token derived from
// SESSION_SECRET; outside /api/admin because it carries no session.

const body = z.object({ email: z.email() });

export async function POST(request: Request): Promise<Response> {
  if (!secretMatches(bearerToken(request.headers), unlockToken(env().sessionSecret))) {
    await request.body?.cancel().catch(() => {});
    // Wrong tokens spend the sign-in failure budgets of whoever sends them.
    const wait = await chargeFailure(whoIsAsking(request, env().trustProxy));
    if (wait !== null)
      return errorResponse(
        429,
        "Too many failed attempts. Try again later.",
        {},
        { "Retry-After": `${wait}` },
      );
    return errorResponse(
      401,
      "Only `npm run admin-unlock`, run with this server's SESSION_SECRET, may call this.",
    );
  }
  const read = await readFields(request, 1024);
  const parsed = read.ok ? body.safeParse(read.value) : undefined;
  if (!parsed?.success) return errorResponse(400, 'Send { "email": "<the admin\'s email>" }.');
  const email = parsed.data.email.toLowerCase();
  try {
    await clearAccountLockout(email);
  } catch {
    const problem = "The lockout could not be cleared: the counter store did not answer. Try again.";
    return errorResponse(503, problem, {}, { "Retry-After": "5" });
  }
  audit({ actor: "operator", action: "unlock", target: email, outcome: "ok" });
  return jsonResponse({ unlocked: email });
}
