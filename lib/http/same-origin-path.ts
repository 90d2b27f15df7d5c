// No open redirect. The value returned is checked too: `/a/..//evil.com` normalises to `//evil.com`.

// A base no request can name: anything that resolves to another origin is refused.
const BASE = "http://same-origin.invalid";
const CONTROL_OR_BACKSLASH = /[\\\u0000-\u001f\u007f]/;
export const MAX_RETURN_PATH_LENGTH = 2048;

/** As written, a path that stays on this origin in every browser. */
export function isSameOriginPath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//") || CONTROL_OR_BACKSLASH.test(path)) return false;
  try {
    const url = new URL(path, BASE);
    // Idempotent: parsing it again changes nothing, so a browser resolves it to this same path.
    return url.origin === BASE && url.pathname + url.search === path;
  } catch {
    return false;
  }
}

export function sameOriginPath(value: unknown, maxLength = MAX_RETURN_PATH_LENGTH): string | undefined {
  if (typeof value !== "string" || value.length > maxLength) return undefined;
  if (!value.startsWith("/") || value.startsWith("//") || CONTROL_OR_BACKSLASH.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  const path = url.pathname + url.search;
  return isSameOriginPath(path) ? path : undefined;
}
