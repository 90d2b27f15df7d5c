import { z } from "zod";
import { crossOriginRefusal, errorResponse, invalidInput, jsonResponse, readJson } from "@/lib/admin/http";
import { PASSKEY_WORDS } from "@/lib/admin/passkeys/answers";
import { signInOptions } from "@/lib/admin/passkeys/ceremony";
import { env } from "@/lib/config/env";
import { clientKey } from "@/lib/http/client-key";
import { limitedFor, limiter } from "@/lib/state";

export const dynamic = "force-dynamic";

/*
 * POST /api/admin/passkeys/sign-in/options: a discoverable sign-in's options, with a single-use
 * challenge kept in lib/state. Each challenge is state, so a client may start only so many a
 * minute; this budget is the passkey's own and never the password's. The body is an empty JSON
 * object: anything else is refused, as every handler refuses a body it does not expect.
 */
const NoFields = z.strictObject({});
const OPTIONS_PER_MINUTE = 30;

export async function POST(request: Request): Promise<Response> {
  const refused = await crossOriginRefusal(request);
  if (refused) return refused;
  const read = await readJson(request);
  if (!read.ok) return read.response;
  const parsed = NoFields.safeParse(read.body);
  if (!parsed.success) return invalidInput(parsed.error);
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
