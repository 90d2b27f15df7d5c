import { adminTitle, type QueryProps } from "@/app/admin/pages";
import { requireAdminPage } from "@/lib/admin/page-session";
import { passkeyStore } from "@/lib/admin/passkeys";
import { toView } from "@/lib/admin/passkeys/account";
import { RECENT_SIGN_IN_MINUTES, signedInRecently } from "@/lib/admin/session";
import { twoFactorView } from "@/lib/admin/two-factor";
import { TwoFactorManager } from "@/components/admin/two-factor-manager";
import { PasskeyManager } from "@/components/admin/passkey-manager";
import { Alert, Card, PostButton } from "@/components/admin/ui";
import styles from "@/components/admin/admin.module.css";
import { Rich } from "@/components/site/rich";
import { siteText } from "@/lib/config/text";

export const generateMetadata = adminTitle("admin.account.title");

export default async function AccountPage({ searchParams }: QueryProps) {
  const session = await requireAdminPage("/admin/account");
  const loadPasskeys = async () => {
    const store = passkeyStore();
    const [list, state] = await Promise.all([store.list(session.email), store.signInState(session.email)]);
    return [list, state.passkeysOnly] as const;
  };
  const [passkeys, twoFactor] = await Promise.all([
    loadPasskeys().catch(() => null),
    twoFactorView(session.email).catch(() => null),
  ]);
  const t = siteText();
  const recent = { recentSignIn: signedInRecently(session), recentMinutes: RECENT_SIGN_IN_MINUTES };
  return (
    <>
      <div className={styles.pageHeader}>
        <h1>{t("admin.account.title")}</h1>
      </div>
      <p className={styles.muted}>
        <Rich text={t("admin.account.signedInAs")} slots={{ email: <strong>{session.email}</strong> }} />
      </p>
      <Card title={t("admin.account.passkeys")} lede={t("admin.account.passkeysLede")}>
        {passkeys ? (
          <PasskeyManager initial={passkeys[0].map(toView)} initialPasskeysOnly={passkeys[1]} {...recent} />
        ) : (
          <Alert>{t("admin.passkey.unavailable")}</Alert>
        )}
      </Card>
      <Card title={t("admin.twoFactor.heading")} lede={t("admin.twoFactor.intro")}>
        {twoFactor ? (
          <TwoFactorManager initial={twoFactor} {...recent} />
        ) : (
          <Alert>{t("admin.twoFactor.unavailable")}</Alert>
        )}
      </Card>
      <Card title={t("admin.account.sessions")} lede={t("admin.account.sessionsLede")}>
        {(await searchParams).everywhere === "failed" ? (
          <Alert>{t("admin.passkey.everywhereFailed")}</Alert>
        ) : null}
        <PostButton action="/api/admin/logout?everywhere=1" className={styles.buttonDanger}>
          {t("admin.account.everywhere")}
        </PostButton>
      </Card>
    </>
  );
}
