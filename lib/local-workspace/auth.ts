import { hashKey, DEFAULT_WORKSPACE_ID } from "./keys";
import { HttpError } from "./http";
import type { Db } from "./store";

export const AUTH_ERROR = "Could not authenticate, invalid API Key";

// API decision 10: the first label of a `*.localhost` host or of one with three labels or more (the
// hosted `<sub>.host.tld`); null (the default workspace) for IPs and bare `localhost`.
function subdomainOf(hostHeader: string | null): string | null {
  if (!hostHeader) return null;
  let host = hostHeader.trim().toLowerCase();
  if (host.startsWith("[")) return null; // IPv6 literal
  host = host.replace(/:\d+$/, "").replace(/\.$/, "");
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host === "localhost") return null;
  const labels = host.split(".");
  if (labels.length >= 2 && labels[labels.length - 1] === "localhost") return labels[0] ?? null;
  return labels.length >= 3 ? (labels[0] ?? null) : null;
}

/** The workspace id for a request, or undefined when the subdomain names no workspace. */
export function resolveWorkspace(db: Db, hostHeader: string | null): string | undefined {
  const sub = subdomainOf(hostHeader);
  if (sub === null) return DEFAULT_WORKSPACE_ID;
  return (db.prepare("SELECT id FROM workspaces WHERE id = ?").get(sub) as { id: string } | undefined)?.id;
}

/** The key's row id (its rate-limit bucket); unknown, expired, revoked or another workspace's: one 401. */
export function authenticate(db: Db, workspaceId: string | undefined, key: string | null, now: Date): number {
  if (!workspaceId || !key) throw new HttpError(401, AUTH_ERROR);
  const row = db
    .prepare(
      `SELECT id FROM api_keys WHERE key_hash = ? AND workspace_id = ? AND revoked_at IS NULL
       AND (expires_at IS NULL OR expires_at > ?)`,
    )
    .get(hashKey(key.trim()), workspaceId, now.toISOString()) as { id: number } | undefined;
  if (!row) throw new HttpError(401, AUTH_ERROR);
  return row.id;
}
