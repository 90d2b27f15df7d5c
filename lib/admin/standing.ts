import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { env } from "../config/env";
import { log as logger } from "../observability/log.mjs";
import { firstUse, sharedCache } from "../state";
import { WorkspaceApiError, type TeamMember } from "../workspace";
import { allMembers, getMember } from "./members";

// Whether the workspace still counts an ADMIN_USERS entry as an admin (active, role in ADMIN_ROLES).
// The API cannot find a member by email, so one walk answers for every admin, kept in lib/state so
// instances share one walk per ADMIN_RECHECK_SECONDS. Sign-in always walks (fail closed); a session
// uses the kept answer while fresh, then one request anywhere walks while the others keep the last
// answer, an outage tolerated for OUTAGE_GRACE_FACTOR intervals. A write never uses a kept answer.

export type Standing =
  | { ok: true }
  | { ok: false; reason: "not_member" | "inactive" | "role" }
  /** The workspace could not be asked (or not for long enough): fail closed. */
  | { ok: false; reason: "unverified" };

type Answer = {
  checkedAt: number;
  member: Pick<TeamMember, "id" | "active" | "role"> | null;
};

const OUTAGE_GRACE_FACTOR = 5;
/** How long a request waits for a recheck before going on with the last answer (within the grace). */
const RECHECK_WAIT_MS = 3_000;

function settings() {
  const { roles, recheckSeconds } = env().adminAccess;
  return { roles, recheckMs: recheckSeconds * 1000, graceMs: recheckSeconds * OUTAGE_GRACE_FACTOR * 1000 };
}

const answers = () =>
  sharedCache<Answer>("admin-standing", {
    ttlSeconds: env().adminAccess.recheckSeconds * OUTAGE_GRACE_FACTOR,
  });
/** One recheck per interval across every instance; whoever claims it walks. */
const recheckClaims = () =>
  firstUse("admin-standing-recheck", { ttlSeconds: env().adminAccess.recheckSeconds });

function judge(answer: Answer | undefined): Standing {
  if (!answer) return { ok: false, reason: "unverified" };
  const { member } = answer;
  if (!member) return { ok: false, reason: "not_member" };
  if (!member.active) return { ok: false, reason: "inactive" };
  if (!settings().roles.includes(member.role)) return { ok: false, reason: "role" };
  return { ok: true };
}

/** A fresh walk (joining one begun since `since`): an answer per admin, none where a capped walk missed. */
async function walk(since = 0): Promise<Map<string, Answer>> {
  const { members, truncated } = await allMembers(since);
  const checkedAt = Date.now();
  const byEmail = new Map(members.map((m) => [m.email.toLowerCase(), m]));
  const found = new Map<string, Answer>();
  for (const { email } of env().adminUsers) {
    const m = byEmail.get(email);
    if (m || !truncated)
      found.set(email, { checkedAt, member: m ? { id: m.id, active: m.active, role: m.role } : null });
  }
  const store = answers();
  await Promise.all([...found].map(([email, answer]) => store.set(email, answer)));
  return found;
}

/** At sign-in: always asks the workspace; `unverified` when it cannot answer. */
function standingAtSignIn(email: string): Promise<Standing> {
  return walk().then(
    (found) => judge(found.get(email)),
    () => ({ ok: false, reason: "unverified" }),
  );
}

/** At sign-in: null when the workspace counts `email` as an admin now, else the refusal (fail closed). */
export async function refusedAtSignIn(email: string) {
  const standing = await standingAtSignIn(email);
  if (standing.ok) return null;
  return standing.reason === "unverified"
    ? { outcome: "workspace_unreachable" as const, email }
    : { outcome: "not_admin" as const, email, reason: standing.reason };
}

/** For a session's request: the kept answer while it is fresh, else a recheck (see above). */
export async function standingInSession(email: string): Promise<Standing> {
  const { recheckMs, graceMs } = settings();
  const kept = await answers().get(email);
  const age = kept ? Date.now() - kept.checkedAt : Infinity;
  if (kept && age < recheckMs) return judge(kept);
  const withinGrace = kept && age < graceMs ? kept : undefined;

  // No answer to fall back on: this request must wait for the workspace.
  if (!withinGrace) return standingAtSignIn(email);
  // Someone (this instance or another) rechecked within the interval: keep the last answer.
  if (!(await recheckClaims().claim("walk"))) return judge(withinGrace);
  const answer = await Promise.race([
    walk().then(
      (found) => found.get(email),
      () => undefined,
    ),
    sleep(RECHECK_WAIT_MS, undefined, { ref: false }),
  ]);
  // Slow or failed: the recheck goes on in the background; the last answer holds meanwhile.
  return judge(answer ?? withinGrace);
}

/**
 * Before a write, an answer read after this call began: the admin's own member by its last known id,
 * else a whole walk. Rejects with the workspace's error, for the write to be refused as it would be.
 */
export async function standingNow(email: string): Promise<Standing> {
  const askedAt = Date.now();
  const id = (await answers().get(email))?.member?.id;
  if (id) {
    try {
      const m = await getMember(id);
      if (m.email.toLowerCase() === email) {
        const answer: Answer = {
          checkedAt: Date.now(),
          member: { id: m.id, active: m.active, role: m.role },
        };
        await answers().set(email, answer);
        return judge(answer);
      }
    } catch (error) {
      if (!(error instanceof WorkspaceApiError) || error.code !== "not_found") throw error;
    }
  }
  return judge((await walk(askedAt)).get(email));
}

/** After a write through Masthead that touched these members: their next request asks the workspace. */
export async function forgetStanding(emails: Iterable<string | null | undefined>): Promise<void> {
  const admins = new Set(env().adminUsers.map((u) => u.email));
  const touched = new Set([...emails].filter((e): e is string => !!e).map((e) => e.toLowerCase()));
  await Promise.all([...touched].filter((e) => admins.has(e)).map((e) => answers().delete(e)));
}

const WHY: Record<Exclude<Standing, { ok: true }>["reason"], string> = {
  not_member: "not a member of the workspace",
  inactive: "deactivated in the workspace",
  role: "its workspace role is not in ADMIN_ROLES",
  unverified: "not found in the members the workspace listed",
};

/** Once per start, so the operator learns from the log rather than from a refused admin: news, not a gate. */
export async function reportAdminStanding(): Promise<void> {
  const log = logger("admin");
  let found: Map<string, Answer>;
  try {
    env();
    found = await walk();
  } catch (error) {
    log.warn(
      `Could not check ADMIN_USERS against the workspace at start-up (${error instanceof Error ? error.message : String(error)}); each admin is checked when they sign in.`,
    );
    return;
  }
  const admins = env().adminUsers;
  const entries = admins.flatMap(({ email }) => {
    const standing = judge(found.get(email));
    return standing.ok ? [] : [{ email, why: WHY[standing.reason] }];
  });
  if (entries.length === 0) {
    log.info(`Every ADMIN_USERS entry (${admins.length}) is an active admin in the workspace.`);
    return;
  }
  log.warn(
    { entries, adminRoles: env().adminAccess.roles },
    `ADMIN_USERS entries that cannot sign in, as the workspace stands: ${entries
      .map((e) => `${e.email} (${e.why})`)
      .join(", ")}. Fix the member in the workspace, ADMIN_ROLES, or remove the entry.`,
  );
}
