import { DEVICE_COOKIE } from "@/lib/admin/device";
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

/*
 * POST /api/admin/login: authorize (the Origin, before a byte of the body is read) → parse → act
 * (lib/admin/login.ts) → answer (lib/admin/login-answers.ts). JSON from the login page's script,
 * or a form post without JavaScript. A body with `code` is the second step.
 */
export async function POST(request: Request): Promise<Response> {
  const kind = bodyKind(request);
  const reply: Reply = {
    isForm: kind === "urlencoded" || kind === "multipart",
    next: "/admin",
    isCodeStep: false,
  };
  const refused = await authorize(request, reply);
  if (refused) return refused;
  const attempt = await parse(request, reply);
  if (attempt instanceof Response) return attempt;
  const outcome = await act(request, attempt);
  if (outcome.outcome === "ok") return signedIn(outcome.email, attempt.reply);
  if (outcome.outcome === "code_required")
    return askForCode(outcome.pending, attempt.step === "password" ? attempt.email : "", attempt.reply);
  return refuseAttempt(outcome, attempt.reply);
}

/** A sign-in is a write too (login CSRF would sign a victim into our session): a stranger's body is never read. */
async function authorize(request: Request, reply: Reply): Promise<Response | null> {
  if (isSameOriginWrite(request)) return null;
  await request.body?.cancel().catch(() => {});
  return refuse("origin", reply);
}

type Attempt =
  | { step: "password"; email: string; password: string; reply: Reply }
  | { step: "code"; code: string; reply: Reply };

/** The body (415/413/400), then its fields: a first step without an email or a password is refused as a wrong one. */
async function parse(request: Request, reply: Reply): Promise<Attempt | Response> {
  const body = await readFields(request, MAX_BODY_BYTES);
  if (!body.ok) return refuse(body.problem, reply);
  const parsed = loginSchema.safeParse(body.value);
  if (!parsed.success) return refuse("invalid", reply);
  const { email, password, code, next } = parsed.data;
  const known: Reply = { ...reply, next: safeNextPath(next), isCodeStep: code !== undefined };
  if (code !== undefined) return { step: "code", code, reply: known };
  if (!email || !password) return refuse("invalid", known);
  return { step: "password", email, password, reply: known };
}

/** One step of the sign-in (lib/admin/login.ts), with the cookies it reads. */
async function act(request: Request, attempt: Attempt): Promise<LoginOutcome> {
  const cookies = request.headers.get("cookie");
  const deviceCookie = cookieFromHeader(cookies, DEVICE_COOKIE);
  if (attempt.step === "code") {
    const pendingCookie = cookieFromHeader(cookies, PENDING_STEP_COOKIE);
    return checkCode({ pendingCookie, code: attempt.code, deviceCookie });
  }
  const asker = whoIsAsking(request, env().trustProxy);
  return checkLogin({ email: attempt.email, password: attempt.password, asker, deviceCookie });
}
