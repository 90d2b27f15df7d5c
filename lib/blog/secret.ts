import { bearerToken } from "../http/bearer";

/** The secret from `Authorization: Bearer <secret>` or `X-Revalidate-Secret` (never the query string, which ends up in logs). */
export function presentedSecret(headers: Headers): string | null {
  return bearerToken(headers) || headers.get("x-revalidate-secret")?.trim() || null;
}
