/*
 * The interface's words in English: the reference catalogue. Its keys are every phrase a reader
 * or an admin (the `admin.` keys) can meet; every other catalogue has exactly these keys (the type holds it) and a team may
 * override any of them in its site configuration (`messages`).
 *
 * A phrase is text with {placeholders}, or its plural forms ({ one, other, ... }, chosen by
 * Intl.PluralRules from `count`). A placeholder left unfilled by the caller is a slot a page
 * fills with markup (a date, a link).
 */
export const en = {
  "site.description": "Notes on building, writing and working together.",
  "site.skipToContent": "Skip to content",
  "site.titleSeparator": " · ",

  "nav.label": "Main",
  "nav.menu": "Menu",
  "nav.external": "(another site)",

  "search.header": "Search posts",
  "search.placeholder": "Search posts",
  "search.submit": "Search",
  "search.pageLabel": "Search the blog",
  "search.title": "Search",
  "search.metaTitle": "Search: {query}",
  "search.noResultsTitle": "No results for “{query}”",
  "search.resultsTitle": "Results for “{query}”",
  "search.newest": "Newest posts",
  "search.previous": "← Previous results",
  "search.next": "More results →",
  "search.rateLimited": {
    one: "You have searched many times in a short while. Try again in {count} second.",
    other: "You have searched many times in a short while. Try again in {count} seconds.",
  },
  "search.busy":
    "Search is busy right now, so yours was not run. Try again in a few seconds; the rest of the blog is available as usual.",
  "search.empty": {
    one: "Search the titles, descriptions, topics and authors of {count} post. Partial words and small typos are fine.",
    other:
      "Search the titles, descriptions, topics and authors of {count} posts. Partial words and small typos are fine.",
  },
  "search.tooLong":
    "Your search is {length} characters long; searches can be up to {max}. Try a few distinctive words.",
  "search.noMatch": "No posts match “{query}”. Check the spelling, or try fewer or more general words.",
  "search.matchesAll": { one: "{count} post matches.", other: "{count} posts match." },
  "search.matchesSome": {
    one: "{count} post matches some of your words (none matches all of them).",
    other: "{count} posts match some of your words (none matches all of them).",
  },
  "search.pageOf": "Page {page} of {pages}.",
  "search.dropped": "Only the first {max} words were searched.",
  "search.openSearch": "Search the posts of {site}",

  "footer.newsletter": "Newsletter",
  "footer.elsewhere": "Elsewhere",
  "footer.links": "Site",
  "footer.copyright": "© {year} {site}.",
  "footer.rss": "RSS feed",

  "home.eyebrow": "The team blog",
  "home.latest": "Latest posts",
  "home.allPosts": { one: "The only post →", other: "All {count} posts →" },
  "home.topics": "Topics",
  "blog.noPosts": "No posts yet. Check back soon.",

  "blog.title": "Blog",
  "blog.titlePage": "Blog, page {page}",
  "blog.lede": {
    one: "{count} post from {site}, newest first.",
    other: "{count} posts from {site}, newest first.",
  },
  "blog.description": "All posts from {site}, newest first.",
  "blog.descriptionPage": "Posts from {site}, page {page} of {pages}.",

  "pagination.label": "Pagination",
  "pagination.newer": "← Newer posts",
  "pagination.older": "Older posts →",
  "pagination.status": "Page {page} of {pages}",

  "post.published": "Published {date}",
  "post.authors": "Authors",
  "post.coverAlt": "Cover image for “{title}”",
  "post.readFull": "Read the full article",
  "post.summary":
    "This page is the post's summary. Read on below: its topics, its authors, the posts around it.",
  "post.topics": "Topics",
  "post.writtenBy": "Written by",
  "post.moreBy": "More posts by {name}",
  "post.related": "Related posts",
  "post.morePosts": "More posts",
  "post.metaDescription": "{title}, on {site}.",
  "post.placeholder": "No image",

  "listing.posts": { one: "{count} post", other: "{count} posts" },
  "listing.pageSuffix": ", page {page}",
  "topic.eyebrow": "Topic",
  "topic.heading": "Posts about {topic}",
  "topic.description": {
    one: "{count} post about {topic} on {site}{suffix}.",
    other: "{count} posts about {topic} on {site}{suffix}.",
  },
  "author.eyebrow": "Author",
  "author.unknown": "Unknown author",
  "author.heading": "Posts by {name}",
  "author.portrait": "Portrait of {name}",
  "author.topics": "Topics {name} writes about",
  "author.description": {
    one: "{count} post by {name} on {site}{suffix}.",
    other: "{count} posts by {name} on {site}{suffix}.",
  },
  "keywords.label": "Topics",

  "notFound.eyebrow": "Error 404",
  "notFound.title": "Page not found",
  "notFound.lede": "We could not find that page. It may have moved, or the link may be mistyped.",
  "notFound.browse": "Browse the blog",
  "notFound.next": "{browse} or {home}.",
  "notFound.home": "go to the home page",

  "newsletter.kicker": "Newsletter",
  "newsletter.metaTitle": "Newsletter",
  "newsletter.metaDescription":
    "Get every new post from the team by email: one short message per post, confirmed by you, unsubscribe any time.",
  "newsletter.title": "New posts, straight to your inbox",
  "newsletter.lede":
    "When the team publishes something on the {blog}, subscribers hear about it by email. Nothing else: no roundups padded with filler, and your address goes nowhere but this list.",
  "newsletter.ledeLink": "blog",
  "newsletter.how": "How it works",
  "newsletter.step1": "Enter your email address below.",
  "newsletter.step2": "We send you one confirmation email. Click its link so we know the address is yours.",
  "newsletter.step3": "From then on, new posts arrive by email. You can unsubscribe from any of them.",
  "newsletter.fineprint":
    "Your address is used only to send this newsletter and is never shared. No confirmation arrived? Check your spam folder, then try again: a new one is sent if the address is not subscribed yet.",
  "newsletter.thanksTitle": "Thank you",
  "newsletter.errorTitle": "You're not subscribed yet",
  "newsletter.readBlog": "Read the blog",
  "newsletter.tryAgain": "Try again",

  "form.title": "Get new posts by email",
  "form.label": "Email address",
  "form.labelPage": "Your email address",
  "form.hint": "One short email when something new is published. Unsubscribe from any email.",
  "form.placeholder": "name@example.com",
  "form.submit": "Subscribe",
  "form.sending": "Subscribing…",
  "form.trap": "Leave this field empty",
  "form.offline": "We couldn't reach the site. Check your connection and try again.",

  "outcome.subscribed":
    "Thanks. If this address isn't subscribed yet, a confirmation link is on its way to it: click it to confirm your subscription.",
  "outcome.queued":
    "Thanks. If this address isn't subscribed yet, a confirmation link will reach it within a few minutes: click it to confirm your subscription.",
  "outcome.recentlySent":
    "Thanks. If this address isn't subscribed yet, a confirmation link was sent to it a short while ago: look for it in your inbox (and your spam folder).",
  "outcome.unavailable":
    "Sorry, we couldn't subscribe you just now. Nothing was saved; please try again in a minute.",
  "outcome.busy":
    "We're receiving a lot of signups right now, so yours was not saved. Please try again in a minute.",
  "outcome.rateLimited": "That's a lot of attempts in a short time. Please wait a few minutes and try again.",
  "outcome.invalid.empty": "Enter your email address.",
  "outcome.invalid.tooLong": "That address is too long: email addresses have at most 254 characters.",
  "outcome.invalid.spaces": "Email addresses cannot contain spaces. Check for a stray space.",
  "outcome.invalid.missingAt": "An email address needs an @, like name@example.com.",
  "outcome.invalid.missingDomain": "Add the domain after the @, like name@example.com.",
  "outcome.invalid.shape":
    "That doesn't look like an email address. Check it for typos, like name@example.com.",
  "outcome.invalid.rejected": "The newsletter service did not accept that address. Check it for typos.",

  "feed.rss": "{site} (RSS)",
  "feed.atom": "{site} (Atom)",
  "feed.json": "{site} (JSON Feed)",
  "feed.copyright": "© {year} {site}",

  "front.busy.title": "The site is restarting or busy",
  "front.busy.lede": "Nothing is wrong with your connection. Please try again in a few seconds.",
  "front.tooMany.title": "Too many requests from your address",
  "front.tooMany.lede": "Please wait a few seconds and try again.",
  "front.tooLarge.title": "This request is too large",
  "front.tooLarge.lede": "Please go back and send less at once.",
  "front.tryAgain": "Try again",
  "newsletter.refused.method": "Subscribe with the newsletter form on this site.",
  "newsletter.refused.origin":
    "This form only accepts submissions from this site. Please use the form on the site itself.",
  "newsletter.refused.type":
    "The form was sent in a way this site does not accept. Please reload the page and try again.",
  "newsletter.refused.tooLarge":
    "That is too much for a newsletter subscription. Enter only your email address.",
  "newsletter.refused.unreadable": "The form could not be read. Please reload the page and try again.",

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
  "admin.invite.notValid": "Not valid: {emails}",
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

  "admin.account.title": "Your account",
  "admin.account.signedInAs": "Signed in as {email}.",
  "admin.account.passkeys": "Passkeys",
  "admin.account.passkeysLede":
    "A passkey signs you in with your device’s screen lock or security key: nothing to type, and it only works on this site, so it cannot be phished. The site keeps only its public key.",
  "admin.account.sessions": "Sessions",
  "admin.account.sessionsLede":
    "Signs you out on every browser and device, this one too: use it if you lost a device or left yourself signed in somewhere.",
  "admin.account.everywhere": "Sign out everywhere",

  "admin.passkeys.never": "never",
  "admin.passkeys.history": "Added {added} · last used {used}",
  "admin.passkeys.historySynced": "Added {added} · last used {used} · synced",
  "admin.passkeys.added": "Passkey added as “{name}”.",
  "admin.passkeys.renamed": "Renamed to “{name}”.",
  "admin.passkeys.removed": "Removed “{name}”.",
  "admin.passkeys.removedPasswordBack": "Removed “{name}”. Your password signs you in again.",
  "admin.passkeys.passwordOff": "Your password no longer signs you in: use a passkey.",
  "admin.passkeys.passwordOn": "Your password signs you in again.",
  "admin.passkeys.none": "You have no passkeys yet.",
  "admin.passkeys.list": "Your passkeys",
  "admin.passkeys.remove": "Remove",
  "admin.passkeys.removeOne": "Remove {name}",
  "admin.passkeys.unsupported": "This browser cannot create passkeys.",
  "admin.passkeys.waiting": "Waiting for your device…",
  "admin.passkeys.add": "Add a passkey",
  "admin.passkeys.reauth":
    "To add or remove a passkey, or to turn your password back on, confirm it is you first: {link} with a passkey, or your password (and code). These need a sign-in within the last {minutes} minutes.",
  "admin.passkeys.reauthLink": "sign in again",
  "admin.passkeys.only":
    "Passkeys only: my password no longer signs me in. If you lose every passkey, the site’s operator can turn your password back on.",
  "admin.passkeys.confirmTitle": "Remove this passkey?",
  "admin.passkeys.confirm": "Remove passkey",
  "admin.passkeys.warning":
    "“{name}” will no longer sign you in. The device may still offer it; remove it there too.",
  "admin.passkeys.warningLast":
    "“{name}” will no longer sign you in. The device may still offer it; remove it there too. It is your last passkey, so your password signs you in again.",

  "admin.passkey.label": "Passkey",
  "admin.passkey.or": "or",
  "admin.passkey.needsJavaScript":
    "Signing in with a passkey needs JavaScript. Sign in with your email and password above.",
  "admin.passkey.unsupported":
    "This browser cannot use passkeys. Sign in with your email and password above.",
  "admin.passkey.waiting": "Waiting for your passkey…",
  "admin.passkey.signIn": "Sign in with a passkey",
  "admin.passkey.unfinished": "The sign-in could not be finished. Try again.",
  "admin.passkey.unreadable": "The passkey's answer could not be read.",
  "admin.passkey.alreadyHere": "This device already holds one of your passkeys for this site.",
  "admin.passkey.notUsed":
    "No passkey was used: the prompt was closed or timed out, or this device has no passkey for this site. Try again, or sign in with your password.",
  "admin.passkey.notAdded": "No passkey was added: the prompt was closed or timed out. Try again.",
  "admin.passkey.cannotSignIn": "This browser could not use a passkey here. Sign in with your password.",
  "admin.passkey.cannotCreate": "This browser could not create a passkey here.",
  "admin.passkey.unknownPasskey":
    "This passkey is not registered for this site (it may have been removed). Sign in with your password, or with another passkey.",
  "admin.passkey.invalid":
    "The passkey's answer could not be verified (it may have taken too long). Try again.",
  "admin.passkey.notConfigured":
    "This passkey belongs to an account that is not an admin of this site (ADMIN_USERS). Ask the site's operator.",
  "admin.passkey.unavailable":
    "Passkeys cannot be checked right now (their store is unreachable). Try again in a minute, or sign in with your password.",
  "admin.passkey.everywhereFailed":
    "Your other sessions could not be ended (the store that records it is unreachable), and you are still signed in here. Try again in a minute.",
  "admin.passkey.rateLimited":
    "Too many passkey sign-ins were started from your network. Try again in a minute.",
  "admin.passkey.busy": "Too many passkey sign-ins are under way on this site. Try again in a minute.",
  "admin.passkey.failuresLimited":
    "Too many sign-ins from your network have failed. Wait the time shown, or sign in from a browser that signed in before.",
  "admin.passkey.tooMany": "You hold the most passkeys one admin may have. Remove one before adding another.",
  "admin.passkey.enrolInvalid":
    "The new passkey could not be verified (it may have taken too long, or the device did not verify you). Try again.",
  "admin.passkey.duplicate": "This passkey is already registered.",
  "admin.passkey.notFound": "That passkey is not one of yours (it may have been removed already).",
  "admin.passkey.passkeysOnlyNeedsPasskey": "Add a passkey before turning off sign-in with your password.",

  "admin.twoFactor.heading": "Two-factor",
  "admin.twoFactor.intro":
    "After your password, sign-in asks for a 6-digit code from an authenticator app on your phone, so a stolen password alone does not sign anyone in. A passkey sign-in needs no code.",
  "admin.twoFactor.managedByOperator":
    "Two-factor for your account is managed by the site’s operator: ask them to change it.",
  "admin.twoFactor.off": "Two-factor is off.",
  "admin.twoFactor.on": "Two-factor is on.",
  "admin.twoFactor.turnOn": "Turn on two-factor",
  "admin.twoFactor.scan":
    "Scan this QR code with your authenticator app, or type the secret into it by hand.",
  "admin.twoFactor.qrAlt": "QR code of your two-factor secret",
  "admin.twoFactor.secret": "Secret",
  "admin.twoFactor.codeLabel": "Code from the app",
  "admin.twoFactor.codeHint": "6 digits; it changes every 30 seconds.",
  "admin.twoFactor.confirm": "Confirm and turn on",
  "admin.twoFactor.codesHeading": "Your recovery codes",
  "admin.twoFactor.codesOnce":
    "Each signs you in once in place of the app’s code, if you lose your phone. They are shown only now: keep them somewhere safe (a password manager, or paper).",
  "admin.twoFactor.codesSaved": "I have saved them",
  "admin.twoFactor.left": "{count} of {total} recovery codes left.",
  "admin.twoFactor.leftUnknown": "How many recovery codes are left cannot be read right now.",
  "admin.twoFactor.regenerate": "Regenerate recovery codes",
  "admin.twoFactor.regenerated": "New recovery codes: the old ones no longer work.",
  "admin.twoFactor.turnOff": "Turn off two-factor",
  "admin.twoFactor.turnOffTitle": "Turn off two-factor?",
  "admin.twoFactor.turnOffBody":
    "Your password alone will sign you in again, and your recovery codes stop working.",
  "admin.twoFactor.turnedOn": "Two-factor is on: sign-in now asks for a code.",
  "admin.twoFactor.turnedOff": "Two-factor is off: your password alone signs you in.",
  "admin.twoFactor.reauth":
    "To turn two-factor on or off, or to get new recovery codes, confirm it is you first: {link}. These need a sign-in within the last {minutes} minutes.",
  "admin.twoFactor.reauthLink": "sign in again",
  "admin.twoFactor.wrongCode":
    "That code is not the one the app shows now. Check that the app’s entry is the one you just added and try the current code.",
  "admin.twoFactor.noEnrolment":
    "The enrolment was not finished within 10 minutes, or started in another browser. Start again with “Turn on two-factor”.",
  "admin.twoFactor.notOn": "Two-factor is not on for your account.",
  "admin.twoFactor.alreadyOn":
    "Two-factor is already on for your account. Turn it off first to enrol a new app.",
  "admin.twoFactor.operator":
    "Two-factor for your account is managed by the site’s operator, so it cannot be changed here.",
  "admin.twoFactor.unavailable":
    "Your two-factor settings cannot be read or saved right now (the credential store is unreachable). Try again in a minute.",
} as const;
