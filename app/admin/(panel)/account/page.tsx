import type { Metadata } from "next";
import { requireAdminPage } from "@/lib/admin/page-session";
import { passkeyStore } from "@/lib/admin/passkeys";
import { toView, type PasskeyView } from "@/lib/admin/passkeys/account";
import { RECENT_SIGN_IN_MINUTES, signedInRecently } from "@/lib/admin/session";
import { twoFactorView } from "@/lib/admin/two-factor";
import { TwoFactorManager } from "@/components/admin/two-factor-manager";
import { PasskeyManager } from "@/components/admin/passkey-manager";
import styles from "@/components/admin/admin.module.css";
import { Rich } from "@/components/site/rich";
import { siteText } from "@/lib/config/text";

export function generateMetadata(): Metadata {
  return { title: siteText()("admin.account.title") };
}

/**
 * The signed-in admin's own sign-in: their passkeys, whether their password still signs them in,
 * their two-factor, and "Sign out everywhere" (a plain form: it works without JavaScript).
 */
export default async function AccountPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const session = await requireAdminPage("/admin/account");
  const everywhereFailed = (await searchParams).everywhere === "failed";
  let loaded: { passkeys: PasskeyView[]; passkeysOnly: boolean } | null = null;
  try {
    const store = passkeyStore();
    const [passkeys, passkeysOnly] = await Promise.all([
      store.list(session.email),
      store.passkeysOnly(session.email),
    ]);
    loaded = { passkeys: passkeys.map(toView), passkeysOnly };
  } catch {
    loaded = null;
  }
  const twoFactor = await twoFactorView(session.email).catch(() => null);
  const t = siteText();
  const recentSignIn = signedInRecently(session);
  return (
    <>
      <div className={styles.pageHeader}>
        <h1>{t("admin.account.title")}</h1>
      </div>
      <p className={styles.muted}>
        <Rich text={t("admin.account.signedInAs")} slots={{ email: <strong>{session.email}</strong> }} />
      </p>
      <section className={styles.card} aria-labelledby="passkeys-heading">
        <h2 id="passkeys-heading">{t("admin.account.passkeys")}</h2>
        <p className={styles.muted}>{t("admin.account.passkeysLede")}</p>
        {loaded ? (
          <PasskeyManager
            initial={loaded.passkeys}
            initialPasskeysOnly={loaded.passkeysOnly}
            recentSignIn={recentSignIn}
            recentMinutes={RECENT_SIGN_IN_MINUTES}
          />
        ) : (
          <p className={styles.alert} role="alert">
            {t("admin.passkey.unavailable")}
          </p>
        )}
      </section>
      <section className={styles.card} aria-labelledby="two-factor-heading">
        <h2 id="two-factor-heading">{t("admin.twoFactor.heading")}</h2>
        <p className={styles.muted}>{t("admin.twoFactor.intro")}</p>
        {twoFactor ? (
          <TwoFactorManager
            initial={twoFactor}
            recentSignIn={recentSignIn}
            recentMinutes={RECENT_SIGN_IN_MINUTES}
          />
        ) : (
          <p className={styles.alert} role="alert">
            {t("admin.twoFactor.unavailable")}
          </p>
        )}
      </section>
      <section className={styles.card} aria-labelledby="sessions-heading">
        <h2 id="sessions-heading">{t("admin.account.sessions")}</h2>
        <p className={styles.muted}>{t("admin.account.sessionsLede")}</p>
        {everywhereFailed ? (
          <p className={styles.alert} role="alert">
            {t("admin.passkey.everywhereFailed")}
          </p>
        ) : null}
        <form method="post" action="/api/admin/logout?everywhere=1">
          <button type="submit" className={styles.buttonDanger}>
            {t("admin.account.everywhere")}
          </button>
        </form>
      </section>
    </>
  );
}
