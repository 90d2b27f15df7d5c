/** The admin's words in English: sign-in, dashboard, members (the account page's: en-account.ts). */
export const enAdmin = {
  "admin.title": "Admin",
  "admin.signedInAs": "Signed in as",
  "admin.signOut": "Sign out",
  "admin.nav.invite": "Invite",
  "admin.nav.account": "Account",
  "admin.field.name": "Name",
  "admin.field.email": "Email",
  "admin.field.role": "Role",
  "admin.field.timeZone": "Time zone",
  "admin.confirm.working": "Working…",
  "admin.confirm.cancel": "Cancel",
  "admin.api.offline": "The site could not be reached. Check your connection and try again.",
  "admin.api.expired":
    "Your session has expired. Sign in again (your changes here are kept until you leave the page).",
  "admin.api.failed": "The request failed (status {status}). Try again.",

  "admin.login.title": "Sign in",
  "admin.login.lede": "{site} admin: manage your workspace’s team.",
  "admin.login.reauth": "Confirm it is you: sign in again to change how you sign in.",
  "admin.login.signedOutEverywhere": "You have signed out everywhere.",
  "admin.login.signedOut": "You have signed out.",
  "admin.login.signingInAs": "Signing in as {email}.",
  "admin.login.code": "Authentication code",
  "admin.login.codeHint":
    "The 6-digit code your authenticator app shows for {issuer}, or one of your recovery codes.",
  "admin.login.checking": "Checking…",
  "admin.login.verify": "Verify",
  "admin.login.wrongAccount": "Wrong account, or no authenticator app for it?",
  "admin.login.startOver": "Start over",
  "admin.login.password": "Password",
  "admin.login.signingIn": "Signing in…",
  "admin.login.submit": "Sign in",
  "admin.login.invalid": "Invalid email or password",
  "admin.login.invalidCode": "Invalid email, password or authentication code. Enter them again.",
  "admin.login.expired":
    "The sign-in was not finished within 5 minutes. Enter your email and password again.",
  "admin.login.workspaceUnreachable":
    "The workspace cannot be reached to confirm that you are an active admin, so you cannot be signed in right now. Try again in a minute.",
  "admin.login.unreadable": "The sign-in request could not be read.",
  "admin.login.unsupportedType": "Send the sign-in form as JSON or as a form post.",
  "admin.login.busy": "Sign-in is busy right now. Try again in a moment.",
  "admin.login.rateLimited": {
    one: "Too many failed sign-in attempts. Try again in {count} minute.",
    other: "Too many failed sign-in attempts. Try again in {count} minutes.",
  },
  "admin.login.rateLimitedFew": "Too many failed sign-in attempts. Try again in a few minutes.",

  "admin.access.noLongerAdmin":
    "Your workspace account is no longer an active admin, so you have been signed out. If this is a mistake, ask a workspace admin to reactivate you or give you back an admin role.",
  "admin.access.notMember":
    "Your email is not a member of the workspace, so it cannot sign in here. Ask a workspace admin to add you to the team.",
  "admin.access.inactive":
    "Your workspace account is deactivated, so it cannot sign in here. Ask a workspace admin to reactivate you.",
  "admin.access.notAdminRole":
    "Your workspace account is not an admin in the workspace: its role there is not one that may use this admin (ADMIN_ROLES). Ask a workspace admin to give you an admin role.",
  "admin.access.unverified":
    "It could not be confirmed with the workspace that you are still an active admin, so you have been signed out. Sign in again once the workspace is reachable.",
  "admin.access.signedOut":
    "Your session has ended: you signed out everywhere, or the passkey or password it was opened with no longer signs you in. Sign in again.",

  "admin.http.notSignedIn": "You are not signed in, or your session has expired. Sign in again.",
  "admin.http.crossOrigin": "This request did not come from this site, so it was refused.",
  "admin.http.tooLarge": "The request is too large.",
  "admin.http.unsupportedType": "Send the request as JSON (Content-Type: application/json).",
  "admin.http.unreadable": "The request body could not be read.",
  "admin.http.malformed": "The request body is not valid JSON.",
  "admin.http.reauth":
    "To change how you sign in, confirm it is you: sign in again (with a passkey, or your password and code). It needs a sign-in within the last {minutes} minutes.",
  "admin.http.writeUnverified":
    "It could not be confirmed with the workspace that you are still an active admin, so nothing was changed. Try again in a minute.",

  "admin.error.lastAdmin":
    "This is the workspace's last active admin, so they cannot be removed, deactivated or demoted. Make another member an active Admin first.",
  "admin.error.notFound":
    "This member no longer exists in the workspace (someone may have removed them already). Reload the list.",
  "admin.error.unauthorized":
    "The workspace refused this site's API key. Check WORKSPACE_API_KEY in the site's configuration.",
  "admin.error.rateLimited": {
    one: "The workspace is receiving too many requests. Try again in {count} second.",
    other: "The workspace is receiving too many requests. Try again in {count} seconds.",
  },
  "admin.error.rateLimitedMoment": "The workspace is receiving too many requests. Try again in a moment.",
  "admin.error.unavailable": "The workspace is down or unavailable right now. Try again in a minute.",
  "admin.error.timeout":
    "The workspace did not answer in time. The change may or may not have been applied: reload to check before trying again.",
  "admin.error.unreachable":
    "The workspace cannot be reached right now. Nothing was changed; try again in a minute.",
  "admin.error.badResponse":
    "The workspace sent an answer this site could not read. Reload to check whether the change was applied.",
  "admin.error.notAcceptable":
    "The workspace refused the format of this site's request. This is a bug in the site's software; please report it.",
  "admin.error.httpError":
    "The workspace answered with an unexpected error (status {status}). Try again later.",
  "admin.error.unknownRole":
    "The workspace has no role named “{role}”. Roles are case sensitive: check the spelling and capitals.",
  "admin.error.invalidTimeZone":
    "“{zone}” is not a time zone the workspace accepts. Pick one from the list, e.g. Europe/Paris.",
  "admin.error.refused": "The workspace refused the change: {detail}",
  "admin.error.noReason": "it did not say why.",
  "admin.error.internal":
    "Something went wrong on this site. Try again, and report it if it keeps happening.",

  "admin.valid.email": "Enter a valid email address.",
  "admin.valid.emailTooLong": "That email address is too long.",
  "admin.valid.memberId": "That is not a member id.",
  "admin.valid.role": "Enter a role, e.g. Standard.",
  "admin.valid.roleTooLong": "That role name is too long.",
  "admin.valid.timeZone": "Pick a valid time zone from the list, e.g. Europe/Paris.",
  "admin.valid.nameTooLong": "Keep names under {max} characters.",
  "admin.valid.nothingToChange": "Nothing to change.",
  "admin.valid.noEmails": "Enter at least one email address.",
  "admin.valid.tooManyInvites": "Invite at most {max} people at once.",
  "admin.valid.invalidEmails": {
    one: "This address is not valid: {emails}",
    other: "These addresses are not valid: {emails}",
  },
  "admin.valid.noneSelected": "Select at least one member.",
  "admin.valid.tooManySelected": "Select at most {max} members at once.",
  "admin.valid.passkeyName": "Give the passkey a name.",
  "admin.valid.passkeyNameTooLong": "A passkey's name is at most {max} characters.",
  "admin.valid.request": "The request is not valid.",

  "admin.own.remove":
    "You cannot remove yourself: you would lose access to this admin at once. Ask another admin to do it.",
  "admin.own.deactivate":
    "You cannot deactivate yourself: you would lose access to this admin at once. Ask another admin to do it.",
  "admin.own.reactivate":
    "You cannot reactivate yourself: whether you are an active member is for another admin, or the workspace, to decide.",
  "admin.own.demote":
    "You cannot change your own role to “{role}”: only {roles} may use this admin, so you would lose access at once. Ask another admin to do it.",
  "admin.own.role":
    "You cannot change your own role: your access is for another admin, or the workspace, to decide.",
  "admin.own.email":
    "You cannot change your own email address here: your sign-in (ADMIN_USERS) is tied to it. Ask another admin, and update ADMIN_USERS at the same time.",
  "admin.own.invite":
    "You cannot invite yourself: your access is for another admin, or the workspace, to decide. Remove your own address from the list.",

  "admin.dashboard.title": "Dashboard",
  "admin.dashboard.problem": "Some numbers could not be loaded. {problem}",
  "admin.dashboard.workspaceGlance": "Workspace at a glance",
  "admin.dashboard.members": "Team members",
  "admin.dashboard.activeMembers": "Active members",
  "admin.dashboard.posts": "Blog posts",
  "admin.dashboard.blog": "Blog",
  "admin.dashboard.blogLede":
    "The public blog is regenerated from the workspace on a schedule. Refresh it now after publishing or editing a post.",
  "admin.dashboard.newsletter": "Newsletter signups",
  "admin.dashboard.newsletterLede":
    "Every signup is kept, then sent to the workspace; one the workspace cannot take at once (down, slow or busy) waits and is retried. A signup fails only when the workspace refuses its address or it waits past the maximum age.",
  "admin.dashboard.storeDown": "The signup store could not be reached, so these figures are unknown.",
  "admin.dashboard.team": "Team",
  "admin.dashboard.manageMembers": "Manage members",
  "admin.dashboard.invitePeople": "Invite people",
  "admin.dashboard.newsletterGlance": "Newsletter at a glance",
  "admin.dashboard.signups": "Signups",
  "admin.dashboard.last24h": "Last 24 hours",
  "admin.dashboard.last7d": "Last 7 days",
  "admin.dashboard.accepted": "Accepted",
  "admin.dashboard.sentAtOnce": "Sent at once",
  "admin.dashboard.queued": "Queued, sent later",
  "admin.dashboard.delivered": "Delivered",
  "admin.dashboard.failed": "Failed",
  "admin.dashboard.delivery": "Newsletter delivery",
  "admin.dashboard.waiting": "Waiting for delivery",
  "admin.dashboard.oldest": "Oldest waiting signup",
  "admin.dashboard.rejected": "Refused by the workspace",
  "admin.dashboard.expired": "Waited past the maximum age",
  "admin.age.underAMinute": "under a minute",
  "admin.age.minutes": "{minutes} min",
  "admin.age.hours": "{hours} h {minutes} min",
  "admin.age.days": "{days} d {hours} h",

  "admin.refresh.button": "Refresh blog",
  "admin.refresh.busy": "Refreshing…",
  "admin.refresh.done":
    "Blog refresh requested at {when}. Pages pick up the latest posts within seconds of their next visit.",
  "admin.refresh.failed": "The blog could not be refreshed. Try again in a minute.",
  "admin.refresh.partial":
    "The blog is refreshing on this server, but the shared cache (Redis) is unreachable, so other servers may keep showing the old posts until it is back. Try again in a minute to be sure every server has it.",

  "admin.failed.retryAll": "Retry failed",
  "admin.failed.discardAll": "Discard failed",
  "admin.failed.caption": "Failed signups",
  "admin.failed.newest": {
    one: "The newest {shown} of {count} signup",
    other: "The newest {shown} of {count} signups",
  },
  "admin.failed.address": "Address",
  "admin.failed.reason": "Reason",
  "admin.failed.when": "Failed",
  "admin.failed.actions": "Actions",
  "admin.failed.retry": "Retry",
  "admin.failed.retryOne": "Retry {address}",
  "admin.failed.discard": "Discard",
  "admin.failed.discardOne": "Discard {address}",
  "admin.failed.retried": {
    one: "{count} signup moved back to waiting; it will be delivered shortly.",
    other: "{count} signups moved back to waiting; they will be delivered shortly.",
  },
  "admin.failed.discarded": {
    one: "{count} signup discarded; its address was deleted.",
    other: "{count} signups discarded; their addresses were deleted.",
  },
  "admin.failed.confirmTitle": "Discard failed signups?",
  "admin.failed.confirmOne": "{address} will be deleted and never delivered. The reader is not told.",
  "admin.failed.confirmAll": {
    one: "{count} signup will be deleted with its address and never delivered. The reader is not told.",
    other:
      "{count} signups will be deleted with their addresses and never delivered. The readers are not told.",
  },
  "admin.failed.storeDown":
    "The signup store could not be reached, so nothing was changed. Try again in a minute.",

  "admin.members.title": "Members",
  "admin.members.back": "← All members",
  "admin.members.removed": "{name} was removed from the workspace.",
  "admin.members.search": "Search members",
  "admin.members.searchLabel": "Search by name or email",
  "admin.members.show": "Show",
  "admin.members.all": "All members",
  "admin.members.activeOnly": "Active only",
  "admin.members.inactiveOnly": "Inactive only",
  "admin.members.perPage": "Per page",
  "admin.members.apply": "Apply",
  "admin.members.clear": "Clear search",
  "admin.members.problem": "The member list could not be loaded. {problem}",
  "admin.members.noMatch": "No members match this search.",
  "admin.members.none": "The workspace has no members yet.",
  "admin.members.count": {
    one: "{count} member · page {page} of {pages}",
    other: "{count} members · page {page} of {pages}",
  },
  "admin.members.countMatching": {
    one: "{count} matching member · page {page} of {pages}",
    other: "{count} matching members · page {page} of {pages}",
  },
  "admin.members.truncated": "(the workspace is very large; search covers the first part of it)",
  "admin.members.caption": "Team members, page {page} of {pages}",
  "admin.members.pastEnd": "This page is past the end of the list.",
  "admin.members.firstPage": "Go to the first page",
  "admin.members.pages": "Pages",
  "admin.members.previous": "← Previous",
  "admin.members.next": "Next →",
  "admin.members.page": "Page {page}",

  "admin.bulk.label": "Bulk actions",
  "admin.bulk.hint": "Select members to act on several at once.",
  "admin.bulk.selected": "{count} selected",
  "admin.bulk.deactivateSelected": "Deactivate selected",
  "admin.bulk.removeSelected": "Remove selected",
  "admin.bulk.clear": "Clear selection",
  "admin.bulk.selectAll": "Select all members on this page",
  "admin.bulk.select": "Select {name}",
  "admin.bulk.removeDone": "Removed {done} of {count}.",
  "admin.bulk.deactivateDone": "Deactivated {done} of {count}.",
  "admin.bulk.removeOk": "removed",
  "admin.bulk.deactivateOk": "deactivated",
  "admin.bulk.removeTitle": { one: "Remove {count} member?", other: "Remove {count} members?" },
  "admin.bulk.deactivateTitle": { one: "Deactivate {count} member?", other: "Deactivate {count} members?" },
  "admin.bulk.removeConfirm": { one: "Remove member", other: "Remove members" },
  "admin.bulk.deactivateConfirm": { one: "Deactivate member", other: "Deactivate members" },
  "admin.bulk.removeWarning":
    "These people will be removed from the workspace. This cannot be undone (they can be invited again).",
  "admin.bulk.deactivateWarning": "These people will be deactivated. You can reactivate them later.",
  "admin.bulk.notProcessed": "Not processed.",

  "admin.invite.title": "Invite members",
  "admin.invite.emails": "Email addresses",
  "admin.invite.emailsHint": "One or more, separated by commas or new lines.",
  "admin.invite.roleHint": "Case sensitive. Default: Standard.",
  "admin.invite.invitedBy": "Invited by",
  "admin.invite.invitedByHint":
    "An admin of the workspace. Leave blank for the workspace’s default (its most recent admin).",
  "admin.invite.send": "Send the invitation email",
  "admin.invite.busy": "Inviting…",
  "admin.invite.submit": "Send invitations",
  "admin.invite.done": {
    one: "Added {count} team member ({emails})",
    other: "Added {count} team members ({emails})",
  },

  "admin.member.title": "Member",
  "admin.member.noSuchAddress": "There is no member at this address. Go back to the list and pick one.",
  "admin.member.status": "Status",
  "admin.member.active": "Active",
  "admin.member.inactive": "Inactive",
  "admin.member.isActive": "{name} is {state}",
  "admin.member.isInactive": "{name} is {state} and cannot sign in to the workspace.",
  "admin.member.deactivate": "Deactivate",
  "admin.member.reactivate": "Reactivate",
  "admin.member.reactivated": "{name} is active again.",
  "admin.member.deactivated": "{name} is now inactive.",
  "admin.details.title": "Details",
  "admin.details.firstName": "First name",
  "admin.details.lastName": "Last name",
  "admin.details.timeZoneHint": "Type to search, e.g. “Paris” or “America/”.",
  "admin.details.roleHint": "Case sensitive. Pick one the workspace uses or type another.",
  "admin.details.saving": "Saving…",
  "admin.details.save": "Save changes",
  "admin.details.discard": "Discard changes",
  "admin.details.nothing": "Nothing to save: no field was changed.",
  "admin.details.saved": "Changes saved.",
  "admin.removal.title": "Remove from workspace",
  "admin.removal.lede": "Removes {name} from the workspace for good. They can be invited again later.",
  "admin.removal.button": "Remove member…",
  "admin.removal.confirmTitle": "Remove {name}?",
  "admin.removal.confirm": "Remove {name}",
  "admin.removal.warning": "{name} ({email}) will be removed from the workspace. This cannot be undone.",
} as const;
