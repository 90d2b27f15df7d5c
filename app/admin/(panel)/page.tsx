import type { Metadata } from "next";
import Link from "next/link";
import { mapWorkspaceError } from "@/lib/admin/errors";
import { deliveryCounts } from "@/lib/admin/delivery";
import { memberCounts } from "@/lib/admin/members";
import { requireAdminPage } from "@/lib/admin/page-session";
import { workspace } from "@/lib/workspace";
import { FailedSignupsActions } from "@/components/admin/failed-signups-actions";
import { RefreshBlogButton } from "@/components/admin/refresh-blog-button";
import styles from "@/components/admin/admin.module.css";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  await requireAdminPage("/admin");
  const [members, posts, signups] = await Promise.allSettled([
    memberCounts(),
    workspace().listBlogSlugs(),
    deliveryCounts(),
  ]);
  const delivery = signups.status === "fulfilled" ? signups.value : null;
  const problem =
    members.status === "rejected"
      ? mapWorkspaceError(members.reason).error
      : posts.status === "rejected"
        ? mapWorkspaceError(posts.reason).error
        : null;
  const show = (v: number | undefined) => (v === undefined ? "—" : v.toLocaleString("en"));
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
        <li className={styles.stat}>
          <span className={styles.statValue} data-testid="count-members">
            {show(members.status === "fulfilled" ? members.value.total : undefined)}
          </span>
          <span className={styles.statLabel}>Team members</span>
        </li>
        <li className={styles.stat}>
          <span className={styles.statValue} data-testid="count-active">
            {show(members.status === "fulfilled" ? members.value.active : undefined)}
          </span>
          <span className={styles.statLabel}>Active members</span>
        </li>
        <li className={styles.stat}>
          <span className={styles.statValue} data-testid="count-posts">
            {show(posts.status === "fulfilled" ? posts.value.length : undefined)}
          </span>
          <span className={styles.statLabel}>Blog posts</span>
        </li>
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
          <li className={styles.stat}>
            <span className={styles.statValue} data-testid="count-signups-pending">
              {show(delivery?.pending)}
            </span>
            <span className={styles.statLabel}>Waiting for delivery</span>
          </li>
          <li className={styles.stat}>
            <span className={styles.statValue} data-testid="count-signups-delivered">
              {show(delivery?.deliveredLastDay)}
            </span>
            <span className={styles.statLabel}>Delivered later (last 24 h)</span>
          </li>
          <li className={styles.stat}>
            <span className={styles.statValue} data-testid="count-signups-failed">
              {show(delivery?.failed)}
            </span>
            <span className={styles.statLabel}>Failed</span>
          </li>
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
