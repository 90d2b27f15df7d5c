// An answer about one request or this instance now: never stored.

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export function errorResponse(
  status: number,
  error: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  return jsonResponse({ error, ...extra }, status, headers);
}

/** Spread into a route's exports. */
export function refuseEveryMethod(status: number, error: string) {
  const r = () => errorResponse(status, error);
  return { GET: r, HEAD: r, POST: r, PUT: r, PATCH: r, DELETE: r, OPTIONS: r };
}
