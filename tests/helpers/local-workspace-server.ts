import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { z } from "zod";
import {
  LOCAL_DEMO_API_KEY,
  startLocalWorkspaceServer,
  type LocalWorkspaceServer,
  type LocalWorkspaceServerOptions,
} from "@/lib/local-workspace";
import { outboxSchema, type Outbox } from "./workspace-controls";

/**
 * Talks to a local workspace over real HTTP with node:http, because fetch cannot set the Host
 * header and the Host subdomain selects the workspace (lib/local-workspace/README.md, API decision 10).
 */

export type Reply = {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json: () => unknown;
};

export type CallOptions = {
  method?: string;
  /** Subdomain workspace, e.g. "acme" → Host: acme.localhost:<port>. Omit for the default workspace. */
  workspace?: string;
  /** API key; `null` sends none. Default: the demo key. */
  key?: string | null;
  /** Accept header; `null` sends none. Default: application/json. */
  accept?: string | null;
  /** Objects are sent as JSON with Content-Type application/json; strings/Buffers as-is. */
  body?: unknown;
  contentType?: string | null;
  headers?: Record<string, string>;
  /** Gives up (rejects) after this many ms: for the "hang" fault. */
  timeoutMs?: number;
};

export function call(server: LocalWorkspaceServer, path: string, opts: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  headers.host = opts.workspace ? `${opts.workspace}.localhost:${server.port}` : `127.0.0.1:${server.port}`;
  const key = opts.key === undefined ? LOCAL_DEMO_API_KEY : opts.key;
  if (key !== null) headers["x-api-key"] = key;
  const accept = opts.accept === undefined ? "application/json" : opts.accept;
  if (accept !== null) headers.accept = accept;
  let payload: Buffer | undefined;
  if (opts.body !== undefined) {
    payload = Buffer.isBuffer(opts.body)
      ? opts.body
      : Buffer.from(typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body));
    const ct = opts.contentType === undefined ? "application/json" : opts.contentType;
    if (ct !== null) headers["content-type"] = ct;
    headers["content-length"] = String(payload.length);
  }
  Object.assign(headers, opts.headers);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: server.port, path, method: opts.method ?? "GET", headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          const text = body.toString("utf8");
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text,
            json: () => JSON.parse(text) as unknown,
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (opts.timeoutMs !== undefined)
      req.setTimeout(opts.timeoutMs, () => req.destroy(new Error("client timeout")));
    if (payload) req.write(payload);
    req.end();
  });
}

export async function startTestWorkspace(
  options: LocalWorkspaceServerOptions = {},
): Promise<LocalWorkspaceServer> {
  return startLocalWorkspaceServer({ port: 0, dataDir: ":memory:", log: () => {}, ...options });
}

// ---- Wire schemas, straight from the API document's resource tables -------------------------------

export const teamMemberSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    time_zone: z.string(),
    profile_image_url: z.string().nullable(),
    active: z.boolean(),
    organization_role: z.string(),
  })
  .strict();

export const paginationSchema = z
  .object({
    total_records: z.number().int().min(0),
    total_pages: z.number().int().min(0),
    current_page: z.number().int().min(1),
    page_size: z.number().int().min(1),
  })
  .strict();

export const listMembersSchema = z
  .object({ team_members: z.array(teamMemberSchema), pagination: paginationSchema })
  .strict();
export const memberEnvelopeSchema = z.object({ team_member: teamMemberSchema }).strict();
export const messageSchema = z.object({ message: z.string().min(1) }).strict();
export const errorSchema = z.object({ error: z.string().min(1) }).strict();

export const authorSchema = z
  .object({ id: z.uuid(), name: z.string(), profile_image_url: z.string(), email: z.string() })
  .strict();

export const blogPostV2Schema = z
  .object({
    slug: z.string(),
    title: z.string(),
    publication_date: z.iso.datetime({ offset: true }),
    authors: z.array(authorSchema),
    page_title: z.string(),
    meta_description: z.string(),
    keywords: z.array(z.string()),
    cover_image_url: z.string(),
    thumbnail_image_url: z.string(),
  })
  .strict();

export const blogPostV1Schema = z
  .object({
    slug: z.string(),
    title: z.string(),
    publication_date: z.iso.datetime({ offset: true }),
    author: authorSchema,
    page_title: z.string(),
    meta_description: z.string(),
    keywords: z.string(),
    cover_image_url: z.string(),
  })
  .strict();

export const blogListV2Schema = z
  .object({ blog_posts: z.array(blogPostV2Schema), blog_name: z.string() })
  .strict();
export const blogListV1Schema = z
  .object({ blog_posts: z.array(blogPostV1Schema), blog_name: z.string() })
  .strict();
export const slugsSchema = z.object({ slugs: z.array(z.string()) }).strict();

/** Asserts `{ error }` with exactly this status (and text when given); returns the text. */
export function expectError(reply: Reply, status: number, text?: string | RegExp): string {
  if (reply.status !== status) {
    throw new Error(`expected status ${status}, got ${reply.status}: ${reply.text}`);
  }
  const body = errorSchema.parse(reply.json());
  if (typeof text === "string" && body.error !== text)
    throw new Error(`expected error "${text}", got "${body.error}"`);
  if (text instanceof RegExp && !text.test(body.error))
    throw new Error(`expected error matching ${text}, got "${body.error}"`);
  return body.error;
}

export async function resetWorkspace(
  server: LocalWorkspaceServer,
  body?: { posts?: number; members?: number },
): Promise<void> {
  const r = await call(server, "/__local/reset", { method: "POST", key: null, body: body ?? {} });
  if (r.status !== 200) throw new Error(`reset failed: ${r.status} ${r.text}`);
}

export async function readOutbox(
  server: LocalWorkspaceServer,
  opts: { to?: string; workspace?: string } = {},
): Promise<Outbox> {
  const qs = opts.to ? `?to=${encodeURIComponent(opts.to)}` : "";
  const r = await call(server, `/__local/outbox${qs}`, { key: null, workspace: opts.workspace });
  if (r.status !== 200) throw new Error(`outbox failed: ${r.status} ${r.text}`);
  return outboxSchema.parse(r.json());
}

/** Reads width/height from a PNG's IHDR after checking the signature. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature)) throw new Error("not a PNG signature");
  if (bytes.toString("ascii", 12, 16) !== "IHDR") throw new Error("first chunk is not IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
