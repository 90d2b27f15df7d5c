import type { Metadata } from "next";
import Link from "next/link";
import { dashboardFigures } from "@/lib/admin/dashboard";
import { requireAdminPage } from "@/lib/admin/page-session";
import { FailedSignups } from "@/components/admin/failed-signups";
import type { DeliveryView } from "@/lib/admin/delivery";
import { RefreshBlogButton } from "@/components/admin/refresh-blog-button";
import styles from "@/components/admin/admin.module.css";

export const metadata: Metadata = { title: "Dashboard" };

/** One figure; a dash when it could not be loaded. */
function Stat({ testId, value, label }: { testId: string; value: number | undefined; label: string }) {
  return (
    <li className={styles.stat}>
      <span className={styles.statValue} data-testid={testId}>
        {value === undefined ? "—" : value.toLocaleString("en")}
      </span>
      <span className={styles.statLabel}>{label}</span>
    </li>
  );
}

const WINDOW_ROWS = [
  ["accepted", "Accepted"],
  ["sentAtOnce", "Sent at once"],
  ["queued", "Queued, sent later"],
  ["delivered", "Delivered"],
  ["failed", "Failed"],
] as const;

const REASONS = { rejected: "Refused by the workspace", expired: "Waited past the maximum age" };

/** "12 min", "3 h 5 min", "2 d 4 h": how long the oldest waiting signup has waited. */
function age(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return "under a minute";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

const when = (epochMs: number) =>
  new Date(epochMs).toLocaleString("en-GB", {
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });

/** The newsletter at a glance: the last day and week, what waits, and the failed list. */
function NewsletterFigures({ delivery }: { delivery: DeliveryView }) {
  return (
    <>
      <table className={styles.figures} aria-label="Newsletter at a glance">
        <thead>
          <tr>
            <th scope="col">Signups</th>
            <th scope="col">Last 24 hours</th>
            <th scope="col">Last 7 days</th>
          </tr>
        </thead>
        <tbody>
          {WINDOW_ROWS.map(([key, label]) => (
            <tr key={key}>
              <th scope="row">{label}</th>
              <td data-testid={`day-${key}`}>{delivery.last24h[key].toLocaleString("en")}</td>
              <td data-testid={`week-${key}`}>{delivery.last7d[key].toLocaleString("en")}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className={styles.stats} aria-label="Newsletter delivery">
        <Stat testId="count-signups-pending" value={delivery.waiting} label="Waiting for delivery" />
        <li className={styles.stat}>
          <span className={styles.statValue} data-testid="oldest-waiting">
            {delivery.oldestWaitingMs === null ? "—" : age(delivery.oldestWaitingMs)}
          </span>
          <span className={styles.statLabel}>Oldest waiting signup</span>
        </li>
        <Stat testId="count-signups-failed" value={delivery.failedTotal} label="Failed" />
      </ul>
      <FailedSignups
        total={delivery.failedTotal}
        rows={delivery.failed.map((f) => ({
          id: f.id,
          address: f.address,
          reason: REASONS[f.reason],
          when: when(f.failedAt),
        }))}
      />
    </>
  );
}

export default async function DashboardPage() {
  await requireAdminPage("/admin");
  const { members, activeMembers, posts, delivery, problem } = await dashboardFigures();
  return (
    <>
      <div className={styles.pageHeader}>
        <h1>Dashboard</h1>
      </div>
      {problem ? (
        <p className={styles.alert} role="alert">
          Some numbers could not be loaded. {problem}
        </p>
      ) : null}
      <ul className={styles.stats} aria-label="Workspace at a glance">
        <Stat testId="count-members" value={members} label="Team members" />
        <Stat testId="count-active" value={activeMembers} label="Active members" />
        <Stat testId="count-posts" value={posts} label="Blog posts" />
      </ul>
      <section className={styles.card} aria-labelledby="blog-heading">
        <h2 id="blog-heading">Blog</h2>
        <p className={styles.muted}>
          The public blog is regenerated from the workspace on a schedule. Refresh it now after publishing or
          editing a post.
        </p>
        <RefreshBlogButton />
      </section>
      <section className={styles.card} aria-labelledby="newsletter-heading">
        <h2 id="newsletter-heading">Newsletter signups</h2>
        <p className={styles.muted}>
          Every signup is kept, then sent to the workspace; one the workspace cannot take at once (down, slow
          or busy) waits and is retried. A signup fails only when the workspace refuses its address or it
          waits past the maximum age.
        </p>
        {delivery ? (
          <NewsletterFigures delivery={delivery} />
        ) : (
          <p className={styles.alert} role="alert">
            The signup store could not be reached, so these figures are unknown.
          </p>
        )}
      </section>
      <section className={styles.card} aria-labelledby="team-heading">
        <h2 id="team-heading">Team</h2>
        <p>
          <Link href="/admin/members">Manage members</Link> ·{" "}
          <Link href="/admin/members/invite">Invite people</Link>
        </p>
      </section>
    </>
  );
}
