import type { Metadata } from "next";
import Link from "next/link";
import { dashboardFigures } from "@/lib/admin/dashboard";
import { requireAdminPage } from "@/lib/admin/page-session";
import { FailedSignupsActions } from "@/components/admin/failed-signups-actions";
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
          Signups the workspace could not take at once (down, slow or busy) are kept and delivered as soon as
          it can. Signups still undelivered after the maximum age, or refused by the workspace, are failed.
        </p>
        {delivery ? null : (
          <p className={styles.alert} role="alert">
            The signup store could not be reached, so these counts are unknown.
          </p>
        )}
        <ul className={styles.stats} aria-label="Newsletter delivery">
          <Stat testId="count-signups-pending" value={delivery?.pending} label="Waiting for delivery" />
          <Stat
            testId="count-signups-delivered"
            value={delivery?.deliveredLastDay}
            label="Delivered later (last 24 h)"
          />
          <Stat testId="count-signups-failed" value={delivery?.failed} label="Failed" />
        </ul>
        <FailedSignupsActions failed={delivery?.failed ?? 0} />
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
