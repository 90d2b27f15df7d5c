import "server-only";

// The bound holds while the body streams in. The local workspace keeps its own loop (it runs without Next).

export type BodyKind = "json" | "urlencoded" | "multipart";

export function bodyKind(request: Request): BodyKind | undefined {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json") return "json";
  if (type === "application/x-www-form-urlencoded") return "urlencoded";
  if (type === "multipart/form-data") return "multipart";
  return undefined;
}

export type BodyRead = { ok: true; bytes: Uint8Array } | { ok: false; tooLarge: boolean };

/** Counted while streaming: Content-Length only lets us refuse early. */
export async function readLimitedBody(request: Request, limit: number): Promise<BodyRead> {
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
  return { ok: true, bytes: Buffer.concat(chunks, total) };
}

/** For each route to word in its own voice (415, 413, 400, 400). */
export type BodyProblem = "unsupported_type" | "too_large" | "unreadable" | "malformed";

export type ParsedRequestBody<T> =
  { ok: true; kind: BodyKind; value: T } | { ok: false; problem: BodyProblem };

const ALL_KINDS: readonly BodyKind[] = ["json", "urlencoded", "multipart"];

/** Strict UTF-8, then any JSON value or a form's first text value of each field. */
export async function readBody(
  request: Request,
  limit: number,
  accept: readonly BodyKind[] = ALL_KINDS,
): Promise<ParsedRequestBody<unknown>> {
  const kind = bodyKind(request);
  if (!kind || !accept.includes(kind)) {
    await request.body?.cancel().catch(() => {});
    return { ok: false, problem: "unsupported_type" };
  }
  const read = await readLimitedBody(request, limit);
  if (!read.ok) return { ok: false, problem: read.tooLarge ? "too_large" : "unreadable" };
  const value = await parseBytes(kind, read.bytes, request.headers.get("content-type") ?? "");
  return value === MALFORMED ? { ok: false, problem: "malformed" } : { ok: true, kind, value };
}

export async function readFields(
  request: Request,
  limit: number,
): Promise<ParsedRequestBody<Record<string, unknown>>> {
  const read = await readBody(request, limit);
  if (!read.ok) return read;
  const { value } = read;
  if (!value || typeof value !== "object" || Array.isArray(value)) return { ok: false, problem: "malformed" };
  return { ok: true, kind: read.kind, value: value as Record<string, unknown> };
}

const MALFORMED = Symbol("malformed");

async function parseBytes(kind: BodyKind, bytes: Uint8Array, contentType: string): Promise<unknown> {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return MALFORMED;
  }
  if (kind === "json") {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return MALFORMED;
    }
  }
  const fields: Record<string, string> = {};
  if (kind === "urlencoded") {
    for (const [k, v] of new URLSearchParams(text)) if (!(k in fields)) fields[k] = v;
    return fields;
  }
  try {
    // The bytes are already bounded, so letting undici parse the multipart framing is safe.
    const form = await new Response(bytes as BodyInit, {
      headers: { "content-type": contentType },
    }).formData();
    for (const [k, v] of form) if (typeof v === "string" && !(k in fields)) fields[k] = v;
    return fields;
  } catch {
    return MALFORMED;
  }
}
