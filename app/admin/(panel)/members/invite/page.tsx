import { adminTitle } from "@/app/admin/pages";
import { isWorkspaceAdmin, knownRoles } from "@/lib/admin/members";
import { requireAdminPage } from "@/lib/admin/page-session";
import { InviteForm } from "@/components/admin/invite-form";
import { BackLink } from "@/components/admin/ui";
import styles from "@/components/admin/admin.module.css";
import { siteText } from "@/lib/config/text";

export const generateMetadata = adminTitle("admin.invite.title");

export default async function InvitePage() {
  const session = await requireAdminPage("/admin/members/invite");
  // "Invited by" the admin only if the workspace knows them as one: blank lets it pick, not refuse.
  const [admin, roles] = await Promise.all([isWorkspaceAdmin(session.email), knownRoles()]);
  const invitedBy = admin ? session.email : "";
  const t = siteText();
  return (
    <>
      <BackLink text={t("admin.members.back")} />
      <div className={styles.pageHeader}>
        <h1>{t("admin.invite.title")}</h1>
      </div>
      <InviteForm roles={roles} defaultInvitedBy={invitedBy} />
    </>
  );
}
