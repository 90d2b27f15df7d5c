import type { Metadata } from "next";
import Link from "next/link";
import { mapWorkspaceError } from "@/lib/admin/errors";
import { memberCounts } from "@/lib/admin/members";
import { requireAdminPage } from "@/lib/admin/page-session";
import { workspace } from "@/lib/workspace";
import { RefreshBlogButton } from "@/components/admin/refresh-blog-button";
import styles from "@/components/admin/admin.module.css";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  await requireAdminPage("/admin");
  const [members, posts] = await Promise.allSettled([memberCounts(), workspace().listBlogSlugs()]);
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
