import { DEVICE } from "@/lib/admin/device";
import { MAX_BODY_BYTES } from "@/lib/admin/http";
import { checkCode, checkLogin, type LoginOutcome } from "@/lib/admin/login";
import { askForCode, refuse, refuseAttempt, signedIn, type Reply } from "@/lib/admin/login-answers";
import { PENDING_STEP_COOKIE } from "@/lib/admin/second-step";
import { cookieFromHeader } from "@/lib/admin/session";
import { loginSchema, safeNextPath } from "@/lib/admin/validation";
import { env } from "@/lib/config/env";
import { whoIsAsking } from "@/lib/http/client-key";
import { bodyKind, readFields } from "@/lib/http/request-body";
import { isSameOriginWrite } from "@/lib/http/request-origin";

export const dynamic = "force-dynamic";

// The Origin before a byte of the body is read → parse → act (lib/admin/login.ts) → answer; JSON from
// the page's script or a form post without JavaScript; a body with `code` is the second step.
export async function POST(request: Request): Promise<Response> {
  const kind = bodyKind(request);
  let reply: Reply = {
    isForm: kind === "urlencoded" || kind === "multipart",
    next: "/admin",
    isCodeStep: false,
  };
  // A sign-in is a write too (login CSRF would sign a victim into our session): a stranger's body is never read.
  if (!isSameOriginWrite(request)) {
    await request.body?.cancel().catch(() => {});
    return refuse("origin", reply);
  }
  const body = await readFields(request, MAX_BODY_BYTES);
  if (!body.ok) return refuse(body.problem, reply);
  const parsed = loginSchema.safeParse(body.value);
  if (!parsed.success) return refuse("invalid", reply);
  const { email, password, code, next } = parsed.data;
  reply = { ...reply, next: safeNextPath(next), isCodeStep: code !== undefined };
  const cookies = request.headers.get("cookie");
  const deviceCookie = cookieFromHeader(cookies, DEVICE.name);
  let outcome: LoginOutcome;
  if (code !== undefined) {
    const pendingCookie = cookieFromHeader(cookies, PENDING_STEP_COOKIE);
    outcome = await checkCode({ pendingCookie, code, deviceCookie });
  } else if (!email || !password) {
    return refuse("invalid", reply); // a first step without an email or a password reads as a wrong one
  } else {
    const asker = whoIsAsking(request, env().trustProxy);
    outcome = await checkLogin({ email, password, asker, deviceCookie });
  }
  if (outcome.outcome === "ok") return signedIn(outcome.email, reply);
  if (outcome.outcome === "code_required") return askForCode(outcome.pending, email ?? "", reply);
  return refuseAttempt(outcome, reply);
}
