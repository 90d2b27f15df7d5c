import { createHmac } from "node:crypto";

/*
 * The operator's unlock (`npm run admin-unlock -- <email>`): ends an account's sign-in lockout
 * (lib/admin/login-throttle.ts) at once, for an admin locked out by others' failures who cannot
 * wait out the 15 minutes or has no second factor to get past it. It must reach the running
 * server's counters: with Redis the command deletes the account's counter there itself (every
 * instance reads it); in memory only the server process holds it, so the command asks the server
 * (POST /api/admin-unlock) with a token only someone holding SESSION_SECRET can make.
 */

export const UNLOCK_PATH = "/api/admin-unlock";

/** The bearer token of POST /api/admin-unlock: derived, so SESSION_SECRET itself never travels. */
export function unlockToken(sessionSecret: string): string {
  return createHmac("sha256", sessionSecret).update("masthead admin-unlock").digest("base64url");
}
