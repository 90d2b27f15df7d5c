import { adminTitle, type QueryProps } from "@/app/admin/pages";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { loginPageMessage } from "@/lib/admin/login-answers";
import { currentAdmin } from "@/lib/admin/page-session";
import { PENDING_STEP_COOKIE, readPendingStep } from "@/lib/admin/second-step";
import { safeNextPath } from "@/lib/admin/validation";
import { siteName } from "@/lib/blog/site-name";
import { siteText } from "@/lib/config/text";
import { LoginForm } from "@/components/admin/login-form";
import { PasskeySignIn } from "@/components/admin/passkey-sign-in";
import styles from "@/components/admin/admin.module.css";

export const generateMetadata = adminTitle("admin.login.title");

export default async function LoginPage({ searchParams }: QueryProps) {
  const params = await searchParams;
  const one = (k: string) => (Array.isArray(params[k]) ? params[k][0] : params[k]);
  const next = safeNextPath(one("next"));
  // `reauth`: a signed-in admin asked to confirm it is them (the account page, before a change to how they sign in).
  const reauth = Boolean(one("reauth"));
  if (!reauth && (await currentAdmin())) redirect(next);
  // A form post without JavaScript comes back here naming its refusal: in the sign-in's own words.
  const error = loginPageMessage(one("error"));
  // A second step under way (the code is asked for), unless the admin chose to start over.
  const pending = one("restart")
    ? null
    : await readPendingStep((await cookies()).get(PENDING_STEP_COOKIE)?.value);
  const name = await siteName();
  const t = siteText();
  return (
    <main className={styles.loginWrap} id="main">
      <div className={styles.loginCard}>
        <h1>{t("admin.login.title")}</h1>
        <p className={`${styles.muted} ${styles.small}`}>{t("admin.login.lede", { site: name })}</p>
        <LoginForm
          issuer={name}
          next={next}
          initialError={error}
          codeFor={pending?.email}
          notice={
            reauth
              ? t("admin.login.reauth")
              : one("signedOut") === "everywhere"
                ? t("admin.login.signedOutEverywhere")
                : one("signedOut")
                  ? t("admin.login.signedOut")
                  : undefined
          }
        />
        {pending ? null : <PasskeySignIn next={next} />}
      </div>
    </main>
  );
}
