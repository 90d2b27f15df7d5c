import { hashKey, DEFAULT_WORKSPACE_ID } from "./keys";
import { HttpError } from "./http";
import type { Db } from "./store";

export const AUTH_ERROR = "Could not authenticate, invalid API Key";

/**
 * API decision 10: the workspace is the first label of a `*.localhost` host (or of any host with
 * three or more labels, like the hosted service's `<sub>.host.tld`). IPs and bare `localhost`
 * mean the default demo workspace. Returns the subdomain, or null for the default.
 */
export function subdomainOf(hostHeader: string | null): string | null {
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
  if (sub === null) {
    const row = db.prepare("SELECT id FROM workspaces WHERE is_default = 1").get() as
      { id: string } | undefined;
    return row?.id ?? DEFAULT_WORKSPACE_ID;
  }
  const row = db.prepare("SELECT id FROM workspaces WHERE id = ?").get(sub) as { id: string } | undefined;
  return row?.id;
}

/**
 * Returns the key's row id (the rate-limit bucket). Every failure gives the same 401 text so
 * a caller cannot tell an unknown key from an expired, revoked or other-workspace one.
 */
export function authenticate(db: Db, workspaceId: string | undefined, key: string | null, now: Date): number {
  if (!workspaceId || !key) throw new HttpError(401, AUTH_ERROR);
  const row = db
    .prepare("SELECT id, workspace_id, expires_at, revoked_at FROM api_keys WHERE key_hash = ?")
    .get(hashKey(key.trim())) as
    { id: number; workspace_id: string; expires_at: string | null; revoked_at: string | null } | undefined;
  if (!row || row.workspace_id !== workspaceId || row.revoked_at !== null)
    throw new HttpError(401, AUTH_ERROR);
  if (row.expires_at !== null && Date.parse(row.expires_at) <= now.getTime())
    throw new HttpError(401, AUTH_ERROR);
  return row.id;
}
