import "server-only";

/*
 * Reading an untrusted request body with a byte bound, the same way in every route handler
 * (newsletter, admin): the bound holds while the body streams in, not only by Content-Length.
 */

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
