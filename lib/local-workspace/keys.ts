import { createHash } from "node:crypto";
import { LOCAL_DEMO_API_KEY } from "../config/defaults.mjs";

// Well-known keys: they only open the seeded demo data, so they live in source (tests use each 401 path).
export const DEFAULT_WORKSPACE_ID = "demo";
export const ACME_WORKSPACE_ID = "acme";

/** Default key of the default (no-subdomain) workspace; overridable via `apiKey` / LOCAL_WORKSPACE_API_KEY. */
export { LOCAL_DEMO_API_KEY };
/** Seeded on the default workspace with an expiry in the past. */
export const LOCAL_EXPIRED_API_KEY = "wps_local_expired_0000000000000000";
/** Seeded on the default workspace with `revoked_at` set. */
export const LOCAL_REVOKED_API_KEY = "wps_local_revoked_0000000000000000";
/** Valid only for the `acme` workspace (Host `acme.localhost:<port>`). */
export const LOCAL_ACME_API_KEY = "wps_local_acme_1b2c3d4e5f60718293a4b5c6";

/** Logs must never carry a full key: keep a recognisable prefix only. */
export function maskKey(key: string): string {
  if (key === LOCAL_DEMO_API_KEY) return key; // documented demo key, safe to show as a hint
  return key.length <= 10 ? "****" : `${key.slice(0, 10)}…(${key.length} chars)`;
}

/** Keys are only ever compared by hash so the database never holds a usable key. */
export function hashKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}
