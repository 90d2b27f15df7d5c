import type { Metadata } from "next";
import Link from "next/link";
import { isWorkspaceAdmin, knownRoles } from "@/lib/admin/members";
import { requireAdminPage } from "@/lib/admin/page-session";
import { InviteForm } from "@/components/admin/invite-form";
import styles from "@/components/admin/admin.module.css";

export const metadata: Metadata = { title: "Invite members" };

export default async function InvitePage() {
  const session = await requireAdminPage("/admin/members/invite");
  // Default "invited by" to the signed-in admin only when the workspace knows them as an admin;
  // otherwise blank lets the workspace pick its default instead of refusing the invitation.
  const [admin, roles] = await Promise.all([isWorkspaceAdmin(session.email), knownRoles()]);
  const invitedBy = admin ? session.email : "";
  return (
    <>
      <p className={styles.small}>
        <Link href="/admin/members">← All members</Link>
      </p>
      <div className={styles.pageHeader}>
        <h1>Invite members</h1>
      </div>
      <InviteForm roles={roles} defaultInvitedBy={invitedBy} />
    </>
  );
}
