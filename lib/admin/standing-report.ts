import "server-only";
import { env } from "../config/env";
import { log as logger } from "../observability/log.mjs";
import { standingOfEveryAdmin, type Standing } from "./standing";

// Once per start, so the operator learns from the log rather than from a refused admin: news, not a gate.

const WHY: Record<Exclude<Standing, { ok: true }>["reason"], string> = {
  not_member: "not a member of the workspace",
  inactive: "deactivated in the workspace",
  role: "its workspace role is not in ADMIN_ROLES",
  unverified: "not found in the members the workspace listed",
};

export async function reportAdminStanding(): Promise<void> {
  const log = logger("admin");
  let standings: Map<string, Standing>;
  try {
    env();
    standings = await standingOfEveryAdmin();
  } catch (error) {
    log.warn(
      `Could not check ADMIN_USERS against the workspace at start-up (${error instanceof Error ? error.message : String(error)}); each admin is checked when they sign in.`,
    );
    return;
  }
  const entries = [...standings]
    .filter((entry): entry is [string, Exclude<Standing, { ok: true }>] => !entry[1].ok)
    .map(([email, standing]) => ({ email, why: WHY[standing.reason] }));
  if (entries.length === 0) {
    log.info(`Every ADMIN_USERS entry (${standings.size}) is an active admin in the workspace.`);
    return;
  }
  log.warn(
    { entries, adminRoles: env().adminAccess.roles },
    `ADMIN_USERS entries that cannot sign in, as the workspace stands: ${entries
      .map((e) => `${e.email} (${e.why})`)
      .join(", ")}. Fix the member in the workspace, ADMIN_ROLES, or remove the entry.`,
  );
}
