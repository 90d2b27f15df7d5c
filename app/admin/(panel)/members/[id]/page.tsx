import { adminTitle } from "@/app/admin/pages";
import { displayName, getMember, knownRoles, orProblem } from "@/lib/admin/members";
import { requireAdminPage } from "@/lib/admin/page-session";
import { memberIdSchema, timeZoneOptions } from "@/lib/admin/validation";
import { Avatar } from "@/components/admin/member-table";
import { MemberEditor } from "@/components/admin/member-editor";
import { Alert, BackLink } from "@/components/admin/ui";
import styles from "@/components/admin/admin.module.css";
import memberStyles from "@/components/admin/members.module.css";
import { siteText } from "@/lib/config/text";

export const generateMetadata = adminTitle("admin.member.title");

export default async function MemberPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireAdminPage(`/admin/members/${encodeURIComponent(id)}`);
  const parsed = memberIdSchema.safeParse(id);

  const t = siteText();
  const { value: member, problem } = parsed.success
    ? await orProblem(getMember(parsed.data))
    : { value: null, problem: t("admin.member.noSuchAddress") };

  const back = <BackLink text={t("admin.members.back")} />;
  if (!member) {
    return (
      <>
        {back}
        <h1>{t("admin.member.title")}</h1>
        <Alert>{problem}</Alert>
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
      <MemberEditor member={{ ...member, name }} roles={roles} timeZones={timeZoneOptions()} />
    </>
  );
}
