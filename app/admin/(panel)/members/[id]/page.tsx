import type { Metadata } from "next";
import Link from "next/link";
import { mapWorkspaceError } from "@/lib/admin/errors";
import { displayName, getMember, knownRoles } from "@/lib/admin/members";
import { requireAdminPage } from "@/lib/admin/page-session";
import { timeZoneOptions } from "@/lib/admin/time-zones";
import { memberIdSchema } from "@/lib/admin/validation";
import type { TeamMember } from "@/lib/workspace";
import { Avatar } from "@/components/admin/avatar";
import { MemberEditor } from "@/components/admin/member-editor";
import styles from "@/components/admin/admin.module.css";
import memberStyles from "@/components/admin/members.module.css";

export const metadata: Metadata = { title: "Member" };

export default async function MemberPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireAdminPage(`/admin/members/${encodeURIComponent(id)}`);
  const parsed = memberIdSchema.safeParse(id);

  let member: TeamMember | null = null;
  let problem = "";
  if (parsed.success) {
    try {
      member = await getMember(parsed.data);
    } catch (error) {
      problem = mapWorkspaceError(error).error;
    }
  }
  if (!parsed.success) problem = "There is no member at this address. Go back to the list and pick one.";

  const back = (
    <p className={styles.small}>
      <Link href="/admin/members">← All members</Link>
    </p>
  );
  if (!member) {
    return (
      <>
        {back}
        <h1>Member</h1>
        <p className={styles.alert} role="alert">
          {problem}
        </p>
      </>
    );
  }
  const name = displayName(member);
  const roles = await knownRoles([member.role]);
  return (
    <>
      {back}
      <div className={styles.pageHeader}>
        <span className={memberStyles.person}>
          <Avatar url={member.profileImageUrl} name={name} large />
          <span>
            <h1>{name}</h1>
            <span className={styles.muted}>
              {member.email} · {member.role}
            </span>
          </span>
        </span>
      </div>
      <MemberEditor
        member={{
          id: member.id,
          email: member.email,
          name,
          firstName: member.firstName,
          lastName: member.lastName,
          role: member.role,
          timeZone: member.timeZone,
          active: member.active,
          profileImageUrl: member.profileImageUrl,
        }}
        roles={roles}
        timeZones={timeZoneOptions()}
      />
    </>
  );
}
