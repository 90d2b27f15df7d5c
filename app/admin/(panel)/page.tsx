import { adminTitle } from "@/app/admin/pages";
import Link from "next/link";
import { requireAdminPage } from "@/lib/admin/page-session";
import { deliveryView, type DeliveryView } from "@/lib/admin/delivery";
import { mapWorkspaceError } from "@/lib/admin/errors";
import { memberCounts } from "@/lib/admin/members";
import { workspace } from "@/lib/workspace";
import { FailedSignups, RefreshBlogButton } from "@/components/admin/dashboard-actions";
import { Alert, Card } from "@/components/admin/ui";
import styles from "@/components/admin/admin.module.css";
import { siteText } from "@/lib/config/text";
import { dateTimeFormatter, type Translate } from "@/lib/i18n";
import { env } from "@/lib/config/env";

export const generateMetadata = adminTitle("admin.dashboard.title");

const number = (value: number) => new Intl.NumberFormat(env().site.language).format(value);

/** One figure (a number, or already in words); a dash when it could not be loaded. */
function Stat({ testId, value, label }: { testId: string; value?: number | string; label: string }) {
  return (
    <li className={styles.stat}>
      <span className={styles.statValue} data-testid={testId}>
        {value === undefined ? "—" : typeof value === "number" ? number(value) : value}
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

function NewsletterFigures({ delivery, t }: { delivery: DeliveryView; t: Translate }) {
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
        <Stat
          testId="oldest-waiting"
          value={delivery.oldestWaitingMs === null ? undefined : age(delivery.oldestWaitingMs, t)}
          label={t("admin.dashboard.oldest")}
        />
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
  // Each figure loaded on its own: one that fails leaves the others showing.
  const [members, posts, delivery] = await Promise.allSettled([
    memberCounts(),
    workspace().listBlogSlugs(),
    deliveryView(),
  ]);
  const failed = [members, posts].find((r): r is PromiseRejectedResult => r.status === "rejected");
  const counts = members.status === "fulfilled" ? members.value : undefined;
  const t = siteText();
  return (
    <>
      <div className={styles.pageHeader}>
        <h1>{t("admin.dashboard.title")}</h1>
      </div>
      {failed ? (
        <Alert>{t("admin.dashboard.problem", { problem: mapWorkspaceError(failed.reason).error })}</Alert>
      ) : null}
      <ul className={styles.stats} aria-label={t("admin.dashboard.workspaceGlance")}>
        <Stat testId="count-members" value={counts?.total} label={t("admin.dashboard.members")} />
        <Stat testId="count-active" value={counts?.active} label={t("admin.dashboard.activeMembers")} />
        <Stat
          testId="count-posts"
          value={posts.status === "fulfilled" ? posts.value.length : undefined}
          label={t("admin.dashboard.posts")}
        />
      </ul>
      <Card title={t("admin.dashboard.blog")} lede={t("admin.dashboard.blogLede")}>
        <RefreshBlogButton />
      </Card>
      <Card title={t("admin.dashboard.newsletter")} lede={t("admin.dashboard.newsletterLede")}>
        {delivery.status === "fulfilled" && delivery.value ? (
          <NewsletterFigures delivery={delivery.value} t={t} />
        ) : (
          <Alert>{t("admin.dashboard.storeDown")}</Alert>
        )}
      </Card>
      <Card title={t("admin.dashboard.team")}>
        <p>
          <Link href="/admin/members">{t("admin.dashboard.manageMembers")}</Link> ·{" "}
          <Link href="/admin/members/invite">{t("admin.dashboard.invitePeople")}</Link>
        </p>
      </Card>
    </>
  );
}
