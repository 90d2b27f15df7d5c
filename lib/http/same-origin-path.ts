// No open redirect. The value returned is checked too: `/a/..//evil.com` normalises to `//evil.com`.

// A base no request can name: anything that resolves to another origin is refused.
const BASE = "http://same-origin.invalid";
const CONTROL_OR_BACKSLASH = /[\\\u0000-\u001f\u007f]/;
export const MAX_RETURN_PATH_LENGTH = 2048;

/** The path as a browser resolves it against this origin, or undefined. */
function resolved(path: string): URL | undefined {
  if (!path.startsWith("/") || path.startsWith("//") || CONTROL_OR_BACKSLASH.test(path)) return undefined;
  const url = URL.canParse(path, BASE) ? new URL(path, BASE) : undefined;
  return url?.origin === BASE ? url : undefined;
}

/** As written, a path that stays on this origin in every browser. */
export function isSameOriginPath(path: string): boolean {
  const url = resolved(path);
  // Idempotent: parsing it again changes nothing, so a browser resolves it to this same path.
  return url !== undefined && url.pathname + url.search === path;
}

export function sameOriginPath(value: unknown, maxLength = MAX_RETURN_PATH_LENGTH): string | undefined {
  if (typeof value !== "string" || value.length > maxLength) return undefined;
  const url = resolved(value);
  const path = url && url.pathname + url.search;
  return path !== undefined && isSameOriginPath(path) ? path : undefined;
}
