import type { Metadata } from "next";
import { requireAdminPage } from "@/lib/admin/page-session";
import { passkeyStore } from "@/lib/admin/passkeys";
import { signedInRecently, toView, type PasskeyView } from "@/lib/admin/passkeys/account";
import { PASSKEY_WORDS } from "@/lib/admin/passkeys/answers";
import { PasskeyManager } from "@/components/admin/passkey-manager";
import styles from "@/components/admin/admin.module.css";

export const metadata: Metadata = { title: "Your account" };

/** The signed-in admin's own sign-in: their passkeys, and whether their password still signs them in. */
export default async function AccountPage() {
  const session = await requireAdminPage("/admin/account");
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
    </>
  );
}
