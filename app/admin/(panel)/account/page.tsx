import type { Metadata } from "next";
import { requireAdminPage } from "@/lib/admin/page-session";
import { passkeyStore } from "@/lib/admin/passkeys";
import { toView, type PasskeyView } from "@/lib/admin/passkeys/account";
import { PASSKEY_WORDS } from "@/lib/admin/passkeys/answers";
import { signedInRecently } from "@/lib/admin/session";
import { twoFactorView } from "@/lib/admin/two-factor";
import { TWO_FACTOR_WORDS } from "@/lib/admin/two-factor-words";
import { TwoFactorManager } from "@/components/admin/two-factor-manager";
import { PasskeyManager } from "@/components/admin/passkey-manager";
import styles from "@/components/admin/admin.module.css";

export const metadata: Metadata = { title: "Your account" };

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
  return (
    <>
      <div className={styles.pageHeader}>
        <h1>Your account</h1>
      </div>
      <p className={styles.muted}>
        Signed in as <strong>{session.email}</strong>.
      </p>
      <section className={styles.card} aria-labelledby="passkeys-heading">
        <h2 id="passkeys-heading">Passkeys</h2>
        <p className={styles.muted}>
          A passkey signs you in with your device&rsquo;s screen lock or security key: nothing to type, and it
          only works on this site, so it cannot be phished. Masthead keeps only its public key.
        </p>
        {loaded ? (
          <PasskeyManager
            initial={loaded.passkeys}
            initialPasskeysOnly={loaded.passkeysOnly}
            recentSignIn={signedInRecently(session)}
          />
        ) : (
          <p className={styles.alert} role="alert">
            {PASSKEY_WORDS.unavailable}
          </p>
        )}
      </section>
      <section className={styles.card} aria-labelledby="two-factor-heading">
        <h2 id="two-factor-heading">{TWO_FACTOR_WORDS.heading}</h2>
        <p className={styles.muted}>{TWO_FACTOR_WORDS.intro}</p>
        {twoFactor ? (
          <TwoFactorManager initial={twoFactor} recentSignIn={signedInRecently(session)} />
        ) : (
          <p className={styles.alert} role="alert">
            {TWO_FACTOR_WORDS.unavailable}
          </p>
        )}
      </section>
      <section className={styles.card} aria-labelledby="sessions-heading">
        <h2 id="sessions-heading">Sessions</h2>
        <p className={styles.muted}>
          Signs you out on every browser and device, this one too: use it if you lost a device or left
          yourself signed in somewhere.
        </p>
        {everywhereFailed ? (
          <p className={styles.alert} role="alert">
            {PASSKEY_WORDS.everywhere_failed}
          </p>
        ) : null}
        <form method="post" action="/api/admin/logout?everywhere=1">
          <button type="submit" className={styles.buttonDanger}>
            Sign out everywhere
          </button>
        </form>
      </section>
    </>
  );
}
