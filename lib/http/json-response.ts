/*
 * The one JSON responder for route handlers (admin, newsletter, revalidation, health): an
 * answer about one request or about this instance's state now, so it is never stored by a
 * browser or a proxy (Cache-Control: no-store), whatever the caller adds.
 */

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** `{ error, ...extra }`: every refusal carries a message a person can act on. */
export function errorResponse(
  status: number,
  error: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  return jsonResponse({ error, ...extra }, status, headers);
}

/** A route that answers every method alike (a refusal): spread into its exports. */
export function refuseEveryMethod(status: number, error: string) {
  const r = () => errorResponse(status, error);
  return { GET: r, HEAD: r, POST: r, PUT: r, PATCH: r, DELETE: r, OPTIONS: r };
}
