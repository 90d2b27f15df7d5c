import { z } from "zod";
import type { FaultInjector } from "./faults";
import type { RequestStats } from "./stats";
import type { Db } from "./store";

// Helpers shared by every route; every error body is `{ error }`, one field whatever went wrong.

const isJsonContentType = (value: string | null) =>
  value?.split(";")[0]?.trim().toLowerCase() === "application/json";

const MAX_BODY_BYTES = 1024 * 1024;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export { errorResponse, jsonResponse as json } from "../http/json-response";

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A standalone HTML page for what a person opens here: `body` is paragraphs of text, or escaped markup. */
export function htmlPage(status: number, title: string, body: string[] | string): Response {
  const html = typeof body === "string" ? body : body.map((p) => `<p>${escapeHtml(p)}</p>`).join("");
  return new Response(
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1a1a1a}h1{font-size:1.5rem}img{width:100%;height:auto;border-radius:8px}.meta{color:#57534e}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${html}
<p><small>Local workspace (development only)</small></p></main></body></html>`,
    { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } },
  );
}

const LOOPBACK_HOST = /^(localhost|[a-z0-9-]+\.localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i;

/**
 * Refuses a keyless /__local/* write a page the developer visits could send. Browsers say where a
 * request comes from, and cannot send JSON cross-site without a preflight this server never
 * grants; tests and scripts send neither header.
 */
export async function assertLocalWrite(request: Request): Promise<void> {
  const fetchSite = request.headers.get("sec-fetch-site")?.trim().toLowerCase();
  const origin = request.headers.get("origin");
  const originHost = origin !== null && URL.canParse(origin) ? new URL(origin).host : "";
  const type = request.headers.get("content-type");
  let refusal: HttpError | undefined;
  if (
    (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") ||
    // DNS rebinding makes another site's name point here: the page's host must be this one, on loopback.
    (origin !== null && (originHost !== new URL(request.url).host || !LOOPBACK_HOST.test(originHost)))
  )
    refusal = new HttpError(403, "Local endpoints only accept requests from this machine's own tools");
  else if (type !== null && !isJsonContentType(type))
    refusal = new HttpError(415, "Send local endpoint requests as JSON (Content-Type: application/json)");
  if (!refusal) return;
  await request.body?.cancel().catch(() => {});
  throw refusal;
}

/** A 406 unless Accept names `application/json` itself (wildcards do not count: the document requires it). */
export function requireAcceptJson(request: Request): void {
  const accepted = (request.headers.get("accept") ?? "").split(",").some((range) => {
    const [type, ...params] = range.split(";").map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    return type === "application/json" && (q === undefined || Number(q.slice(2)) > 0);
  });
  if (!accepted)
    throw new HttpError(406, "Not Acceptable: this endpoint requires the header Accept: application/json");
}

/**
 * The 413 for an oversized body, after draining it (a connection closed with unread data is reset:
 * the client would see ECONNRESET); past 16 MiB it asks for the connection to close instead.
 */
async function bodyTooLarge(reader: ReadableStreamDefaultReader<Uint8Array> | undefined): Promise<HttpError> {
  let dropped = 0;
  let drained = !reader;
  try {
    while (reader && !drained && dropped <= 16 * MAX_BODY_BYTES) {
      const { done, value } = await reader.read();
      drained = done;
      dropped += value?.byteLength ?? 0;
    }
    if (!drained) await reader?.cancel();
  } catch {
    // the client went away: nothing left to drain
  }
  return new HttpError(413, "Request body too large (limit 1 MiB)", drained ? {} : { connection: "close" });
}

async function readBodyText(request: Request): Promise<string> {
  const reader = request.body?.getReader();
  if (Number(request.headers.get("content-length")) > MAX_BODY_BYTES) throw await bodyTooLarge(reader);
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    // Checked while streaming: a missing or lying Content-Length must not let a client fill memory.
    if (size > MAX_BODY_BYTES) throw await bodyTooLarge(reader);
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A JSON object body: missing (unless `optional`: then `{}`) or malformed → 400; another
 * Content-Type → 415 (the document says JSON; local endpoints checked theirs before).
 */
export async function readJsonObject(request: Request, optional = false): Promise<Record<string, unknown>> {
  const text = await readBodyText(request);
  if (text.trim() === "") {
    if (optional) return {};
    throw new HttpError(400, "Request body is required (a JSON object)");
  }
  if (!optional && !isJsonContentType(request.headers.get("content-type")))
    throw new HttpError(415, "Unsupported Media Type: send the body with Content-Type: application/json");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, "Malformed JSON in request body");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new HttpError(400, "Request body must be a JSON object");
  }
  return parsed as Record<string, unknown>;
}

// What signup forms accept (zod's shape, as the site's own forms), at most 254 characters.
const emailSchema = z.email().max(254);

/** Emails are compared case-insensitively and stored lower-case. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** `value` as stored, or a 422 that quotes what was sent. */
export function requireEmail(value: unknown): string {
  const email = typeof value === "string" ? normalizeEmail(value) : "";
  if (!emailSchema.safeParse(email).success)
    throw new HttpError(422, `Invalid email address: ${JSON.stringify(value)}`);
  return email;
}

/** Everything a route handler may need, built once per request by the router. */
export type RouteContext = {
  db: Db;
  request: Request;
  url: URL;
  /** Origin the client used (scheme + Host), for absolute links and image URLs. */
  origin: string;
  /** Workspace named by the Host subdomain; undefined when it names none. */
  workspaceId: string | undefined;
  now: Date;
  params: Record<string, string>;
  services: {
    faults: FaultInjector;
    stats: RequestStats;
    reset(opts?: { posts?: number; members?: number }): void;
  };
};

/** Route handlers for /api/external/ run after authentication, so the workspace is known. */
export type ApiContext = RouteContext & { workspaceId: string };

export type RouteHandler<C extends RouteContext = RouteContext> = (ctx: C) => Response | Promise<Response>;
