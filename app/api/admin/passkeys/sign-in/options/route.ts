import { CROSS_ORIGIN, errorResponse, jsonResponse } from "@/lib/admin/http";
import { PASSKEY_WORDS } from "@/lib/admin/passkeys/answers";
import { signInOptions } from "@/lib/admin/passkeys/ceremony";
import { env } from "@/lib/config/env";
import { clientKey } from "@/lib/http/client-key";
import { isSameOriginWrite } from "@/lib/http/request-origin";
import { limitedFor, limiter } from "@/lib/state";

export const dynamic = "force-dynamic";

/*
 * POST /api/admin/passkeys/sign-in/options: a discoverable sign-in's options, with a single-use
 * challenge kept in lib/state. Each challenge is state, so a client may start only so many a
 * minute; this budget is the passkey's own and never the password's.
 */
const OPTIONS_PER_MINUTE = 30;

export async function POST(request: Request): Promise<Response> {
  if (!isSameOriginWrite(request)) {
    await request.body?.cancel().catch(() => {});
    return errorResponse(403, CROSS_ORIGIN);
  }
  await request.body?.cancel().catch(() => {});
  const budget = limiter({
    keyPrefix: "admin-passkey-options",
    points: OPTIONS_PER_MINUTE,
    durationSeconds: 60,
  });
  try {
    await budget.consume(clientKey(request, env().trustProxy));
  } catch (rejection) {
    const wait = limitedFor(rejection) ?? 60;
    return errorResponse(
      429,
      PASSKEY_WORDS.rate_limited,
      { code: "rate_limited" },
      { "Retry-After": String(wait) },
    );
  }
  return jsonResponse({ options: await signInOptions() });
}
