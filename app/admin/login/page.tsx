import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { ADMIN_UNVERIFIED, NO_LONGER_ADMIN, NOT_ADMIN_AT_SIGN_IN, NOT_ADMIN_CODES } from "@/lib/admin/access";
import { CROSS_ORIGIN } from "@/lib/admin/http";
import {
  INVALID_CREDENTIALS,
  INVALID_SECOND_STEP,
  STEP_EXPIRED,
  WORKSPACE_UNREACHABLE_AT_SIGN_IN,
} from "@/lib/admin/login";
import { currentAdmin } from "@/lib/admin/page-session";
import { PENDING_STEP_COOKIE, readPendingStep } from "@/lib/admin/second-step";
import { safeNextPath } from "@/lib/admin/validation";
import { LoginForm } from "@/components/admin/login-form";
import styles from "@/components/admin/admin.module.css";

export const metadata: Metadata = { title: "Sign in" };

const ERRORS: Record<string, string> = {
  invalid: INVALID_CREDENTIALS,
  invalid_code: INVALID_SECOND_STEP,
  expired: STEP_EXPIRED,
  not_admin: NO_LONGER_ADMIN,
  [NOT_ADMIN_CODES.not_member]: NOT_ADMIN_AT_SIGN_IN.not_member,
  [NOT_ADMIN_CODES.inactive]: NOT_ADMIN_AT_SIGN_IN.inactive,
  [NOT_ADMIN_CODES.role]: NOT_ADMIN_AT_SIGN_IN.role,
  unverified: ADMIN_UNVERIFIED,
  workspace: WORKSPACE_UNREACHABLE_AT_SIGN_IN,
  rate_limited: "Too many failed sign-in attempts. Try again in a few minutes.",
  origin: CROSS_ORIGIN,
  busy: "Sign-in is busy right now. Try again in a moment.",
};

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const one = (k: string) => (Array.isArray(params[k]) ? params[k][0] : params[k]);
  const next = safeNextPath(one("next"));
  if (await currentAdmin()) redirect(next);
  const error = ERRORS[one("error") ?? ""];
  // A second step under way (the code is asked for), unless the admin chose to start over.
  const pending = one("restart")
    ? null
    : await readPendingStep((await cookies()).get(PENDING_STEP_COOKIE)?.value);
  return (
    <main className={styles.loginWrap} id="main">
      <div className={styles.loginCard}>
        <h1>Sign in</h1>
        <p className={`${styles.muted} ${styles.small}`}>
          Masthead admin: manage your workspace&rsquo;s team.
        </p>
        <LoginForm
          next={next}
          initialError={error}
          codeFor={pending?.email}
          notice={one("signedOut") ? "You have signed out." : undefined}
        />
      </div>
    </main>
  );
}
