"use client";

import { useState } from "react";
import { MemberDetailsForm, type EditableMember } from "./member-details-form";
import { MemberRemoval } from "./member-removal";
import { MemberStatusCard } from "./member-status-card";

/**
 * One member's page: details (v2 update), active status (v1 update) and removal (v2 delete).
 * Each part owns its own form state; this holds the member as last saved, so a change in one
 * part (a new name after saving) shows in the others.
 */
export function MemberEditor({
  member: initial,
  roles,
  timeZones,
}: {
  member: EditableMember;
  roles: string[];
  timeZones: string[];
}) {
  const [member, setMember] = useState(initial);
  return (
    <>
      <MemberDetailsForm member={member} roles={roles} timeZones={timeZones} onSaved={setMember} />
      <MemberStatusCard member={member} onChanged={(active) => setMember((m) => ({ ...m, active }))} />
      <MemberRemoval member={member} />
    </>
  );
}
