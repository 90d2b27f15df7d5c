import type { Metadata } from "next";
import Link from "next/link";
import { dashboardFigures } from "@/lib/admin/dashboard";
import { requireAdminPage } from "@/lib/admin/page-session";
import { FailedSignups } from "@/components/admin/failed-signups";
import type { DeliveryView } from "@/lib/admin/delivery";
import { RefreshBlogButton } from "@/components/admin/refresh-blog-button";
import styles from "@/components/admin/admin.module.css";
import { siteText } from "@/lib/config/text";
import { dateTimeFormatter, type Translate } from "@/lib/i18n";
import { env } from "@/lib/config/env";

export function generateMetadata(): Metadata {
  return { title: siteText()("admin.dashboard.title") };
}

const number = (value: number) => new Intl.NumberFormat(env().site.language).format(value);

/** One figure; a dash when it could not be loaded. */
function Stat({ testId, value, label }: { testId: string; value: number | undefined; label: string }) {
  return (
    <li className={styles.stat}>
      <span className={styles.statValue} data-testid={testId}>
        {value === undefined ? "—" : number(value)}
      </span>
      <span className={styles.statLabel}>{label}</span>
    </li>
  );
}

const WINDOW_ROWS = ["accepted", "sentAtOnce", "queued", "delivered", "failed"] as const;

/** "12 min", "3 h 5 min", "2 d 4 h": how long the oldest waiting signup has waited. */
function age(ms: number, t: Translate): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return t("admin.age.underAMinute");
  if (minutes < 60) return t("admin.age.minutes", { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t("admin.age.hours", { hours, minutes: minutes % 60 });
  return t("admin.age.days", { days: Math.floor(hours / 24), hours: hours % 24 });
}

/** The newsletter at a glance: the last day and week, what waits, and the failed list. */
function NewsletterFigures({ delivery }: { delivery: DeliveryView }) {
  const t = siteText();
  const when = dateTimeFormatter(env().site.language, env().site.timeZone);
  return (
    <>
      <table className={styles.figures} aria-label={t("admin.dashboard.newsletterGlance")}>
        <thead>
          <tr>
            <th scope="col">{t("admin.dashboard.signups")}</th>
            <th scope="col">{t("admin.dashboard.last24h")}</th>
            <th scope="col">{t("admin.dashboard.last7d")}</th>
          </tr>
        </thead>
        <tbody>
          {WINDOW_ROWS.map((key) => (
            <tr key={key}>
              <th scope="row">{t(`admin.dashboard.${key}`)}</th>
              <td data-testid={`day-${key}`}>{number(delivery.last24h[key])}</td>
              <td data-testid={`week-${key}`}>{number(delivery.last7d[key])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className={styles.stats} aria-label={t("admin.dashboard.delivery")}>
        <Stat testId="count-signups-pending" value={delivery.waiting} label={t("admin.dashboard.waiting")} />
        <li className={styles.stat}>
          <span className={styles.statValue} data-testid="oldest-waiting">
            {delivery.oldestWaitingMs === null ? "—" : age(delivery.oldestWaitingMs, t)}
          </span>
          <span className={styles.statLabel}>{t("admin.dashboard.oldest")}</span>
        </li>
        <Stat
          testId="count-signups-failed"
          value={delivery.failedTotal}
          label={t("admin.dashboard.failed")}
        />
      </ul>
      <FailedSignups
        total={delivery.failedTotal}
        rows={delivery.failed.map((f) => ({
          id: f.id,
          address: f.address,
          reason: t(`admin.dashboard.${f.reason}`),
          when: when(f.failedAt),
        }))}
      />
    </>
  );
}

export default async function DashboardPage() {
  await requireAdminPage("/admin");
  const { members, activeMembers, posts, delivery, problem } = await dashboardFigures();
  const t = siteText();
  return (
    <>
      <div className={styles.pageHeader}>
        <h1>{t("admin.dashboard.title")}</h1>
      </div>
      {problem ? (
        <p className={styles.alert} role="alert">
          {t("admin.dashboard.problem", { problem })}
        </p>
      ) : null}
      <ul className={styles.stats} aria-label={t("admin.dashboard.workspaceGlance")}>
        <Stat testId="count-members" value={members} label={t("admin.dashboard.members")} />
        <Stat testId="count-active" value={activeMembers} label={t("admin.dashboard.activeMembers")} />
        <Stat testId="count-posts" value={posts} label={t("admin.dashboard.posts")} />
      </ul>
      <section className={styles.card} aria-labelledby="blog-heading">
        <h2 id="blog-heading">{t("admin.dashboard.blog")}</h2>
        <p className={styles.muted}>{t("admin.dashboard.blogLede")}</p>
        <RefreshBlogButton />
      </section>
      <section className={styles.card} aria-labelledby="newsletter-heading">
        <h2 id="newsletter-heading">{t("admin.dashboard.newsletter")}</h2>
        <p className={styles.muted}>{t("admin.dashboard.newsletterLede")}</p>
        {delivery ? (
          <NewsletterFigures delivery={delivery} />
        ) : (
          <p className={styles.alert} role="alert">
            {t("admin.dashboard.storeDown")}
          </p>
        )}
      </section>
      <section className={styles.card} aria-labelledby="team-heading">
        <h2 id="team-heading">{t("admin.dashboard.team")}</h2>
        <p>
          <Link href="/admin/members">{t("admin.dashboard.manageMembers")}</Link> ·{" "}
          <Link href="/admin/members/invite">{t("admin.dashboard.invitePeople")}</Link>
        </p>
      </section>
    </>
  );
}
