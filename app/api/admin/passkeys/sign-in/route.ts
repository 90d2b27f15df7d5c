import { siteText } from "@/lib/config/text";
import { errorResponse, readSameOriginJson } from "@/lib/admin/http";
import { passkeySignedIn, refusePasskeySignIn } from "@/lib/admin/login-answers";
import { signInWithPasskey } from "@/lib/admin/passkeys/sign-in";
import { asAuthentication, signInBodySchema } from "@/lib/admin/passkeys/validation";
import { safeNextPath } from "@/lib/admin/validation";
import { env } from "@/lib/config/env";
import { whoIsAsking } from "@/lib/http/client-key";

export const dynamic = "force-dynamic";

/** POST /api/admin/passkeys/sign-in { response, next? }: signs in with the passkey that answered the options' challenge. */
export async function POST(request: Request): Promise<Response> {
  const read = await readSameOriginJson(request);
  if (!read.ok) return read.response;
  const parsed = signInBodySchema.safeParse(read.value);
  if (!parsed.success)
    return errorResponse(400, siteText()("admin.passkey.unreadable"), { code: "malformed" });
  const outcome = await signInWithPasskey(
    asAuthentication(parsed.data.response),
    whoIsAsking(request, env().trustProxy),
  );
  if (outcome.outcome !== "ok") return refusePasskeySignIn(outcome);
  return passkeySignedIn(outcome.email, outcome.passkey, safeNextPath(parsed.data.next));
}
