import { createHmac } from "node:crypto";

// `npm run admin-unlock`: without Redis only the server holds the counters, so the command asks it with a token made from SESSION_SECRET.

export const UNLOCK_PATH = "/api/admin-unlock";

/** The bearer token of POST /api/admin-unlock: derived, so SESSION_SECRET itself never travels. */
export function unlockToken(sessionSecret: string): string {
  return createHmac("sha256", sessionSecret).update("masthead admin-unlock").digest("base64url");
}
