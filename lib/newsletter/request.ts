import "server-only";

/*
 * Reading an untrusted POST: body size, content type, origin, where to send a browser back,
 * and which client to count for the rate limit. Pure functions of the Request, so the
 * handler's order (parse → authorize → act) stays readable and each piece is testable.
 */

/** A subscription is one address and two short hidden fields; anything bigger is not a reader. */
export const MAX_BODY_BYTES = 4 * 1024;

export type BodyKind = "json" | "urlencoded" | "multipart";

export function bodyKind(request: Request): BodyKind | undefined {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json") return "json";
  if (type === "application/x-www-form-urlencoded") return "urlencoded";
  if (type === "multipart/form-data") return "multipart";
  return undefined;
}

export type BodyRead =
  { ok: true; bytes: Uint8Array } | { ok: false; tooLarge: true } | { ok: false; tooLarge: false };

/**
 * Reads at most `limit` bytes, counting while streaming: Content-Length can lie or be absent
 * (chunked), so it only lets us refuse early, never lets us accept.
 */
export async function readLimitedBody(request: Request, limit = MAX_BODY_BYTES): Promise<BodyRead> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit) {
    await request.body?.cancel().catch(() => {});
    return { ok: false, tooLarge: true };
  }
  if (!request.body) return { ok: true, bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel().catch(() => {});
        return { ok: false, tooLarge: true };
      }
      chunks.push(value);
    }
  } catch {
    // The client went away or sent a broken chunked body.
    return { ok: false, tooLarge: false };
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return { ok: true, bytes };
}

export type ParsedBody = { ok: true; fields: Record<string, unknown> } | { ok: false };

/** JSON must be an object; forms keep the first value of each text field (files are ignored). */
export async function parseBody(kind: BodyKind, bytes: Uint8Array, contentType: string): Promise<ParsedBody> {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false };
  }
  if (kind === "json") {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return { ok: false };
    }
    if (!value || typeof value !== "object" || Array.isArray(value)) return { ok: false };
    return { ok: true, fields: value as Record<string, unknown> };
  }
  const fields: Record<string, unknown> = {};
  if (kind === "urlencoded") {
    for (const [k, v] of new URLSearchParams(text)) if (!(k in fields)) fields[k] = v;
    return { ok: true, fields };
  }
  try {
    // The bytes are already bounded, so letting undici parse the multipart framing is safe.
    const form = await new Response(bytes as BodyInit, {
      headers: { "content-type": contentType },
    }).formData();
    for (const [k, v] of form) if (typeof v === "string" && !(k in fields)) fields[k] = v;
    return { ok: true, fields };
  } catch {
    return { ok: false };
  }
}

/** The Host the browser addressed (falls back to the request URL, which Next builds from it). */
function requestHost(request: Request): string | undefined {
  const host = request.headers.get("host") ?? request.headers.get("x-forwarded-host")?.split(",")[0];
  if (host?.trim()) return host.trim().toLowerCase();
  try {
    return new URL(request.url).host.toLowerCase();
  } catch {
    return undefined;
  }
}

function originOf(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Same site as us: the configured SITE_URL, or the host this request was addressed to. */
function isOwnOrigin(candidate: URL, siteUrl: string, host: string | undefined): boolean {
  const site = originOf(siteUrl);
  if (site && candidate.origin === site.origin) return true;
  // Behind a TLS-terminating proxy the scheme we see can differ from the browser's; the host cannot.
  return host !== undefined && candidate.host.toLowerCase() === host;
}

export type OriginVerdict = "same-origin" | "cross-site" | "no-browser-signal";

/**
 * CSRF check. Browsers send Origin on every POST (and Sec-Fetch-Site, and usually Referer),
 * so one of them decides. A request with none of the three (curl, a server-side script) is not
 * a browser carrying a reader's cookies to us from another site — there is nothing to forge —
 * so it is let through as "no-browser-signal" and left to the rate limits, honeypot and validation.
 */
export function checkOrigin(request: Request, siteUrl: string): OriginVerdict {
  const host = requestHost(request);
  const origin = request.headers.get("origin");
  if (origin !== null) {
    // "null" is sent from sandboxed frames, data: URLs and some redirects: never us.
    const parsed = origin === "null" ? undefined : originOf(origin);
    return parsed && isOwnOrigin(parsed, siteUrl, host) ? "same-origin" : "cross-site";
  }
  const fetchSite = request.headers.get("sec-fetch-site")?.trim().toLowerCase();
  if (fetchSite) return fetchSite === "same-origin" || fetchSite === "none" ? "same-origin" : "cross-site";
  const referer = request.headers.get("referer");
  if (referer) {
    const parsed = originOf(referer);
    return parsed && isOwnOrigin(parsed, siteUrl, host) ? "same-origin" : "cross-site";
  }
  return "no-browser-signal";
}

/** A browser navigation (no-JS form post) is answered with a redirect; everything else with JSON. */
export function wantsRedirect(request: Request, kind: BodyKind | undefined): boolean {
  if (kind !== "urlencoded" && kind !== "multipart") return false;
  const accept = (request.headers.get("accept") ?? "").toLowerCase();
  if (accept.includes("application/json")) return false;
  return accept.includes("text/html") || request.headers.get("sec-fetch-mode")?.toLowerCase() === "navigate";
}

export const FALLBACK_RETURN_PATH = "/newsletter";

/**
 * Where a no-JS post goes back to: a same-origin path only (never an open redirect), from the
 * form's hidden field, else the same-origin Referer, else /newsletter. Internal paths (/_next,
 * /api) are refused: a reader never reads a page there.
 */
export function safeReturnPath(candidate: unknown, request: Request, siteUrl: string): string {
  const fromField = typeof candidate === "string" ? relativePath(candidate) : undefined;
  if (fromField) return fromField;
  const referer = request.headers.get("referer");
  if (referer) {
    const parsed = originOf(referer);
    if (parsed && isOwnOrigin(parsed, siteUrl, requestHost(request))) {
      const path = relativePath(parsed.pathname + parsed.search);
      if (path) return path;
    }
  }
  return FALLBACK_RETURN_PATH;
}

function relativePath(value: string): string | undefined {
  if (
    value.length > 512 ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    /[\\\u0000-\u001f\u007f]/.test(value)
  )
    return undefined;
  let url: URL;
  try {
    url = new URL(value, "http://masthead.invalid");
  } catch {
    return undefined;
  }
  if (url.origin !== "http://masthead.invalid") return undefined;
  if (/^\/(_|api(\/|$))/.test(url.pathname)) return undefined;
  // The outcome rides in the fragment, so any old fragment is dropped.
  return url.pathname + url.search;
}

// Shared with the admin login limit.
export { clientKey } from "../client-key";
