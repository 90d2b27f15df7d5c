import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { method: string; url: string; headers: IncomingHttpHeaders; body: string };
export type Reply = (req: Received, res: ServerResponse, index: number) => void;

/**
 * A scriptable HTTP upstream for the failure modes a real workspace can show
 * (hangs, 429/503, garbage). Records every request it receives.
 */
export async function startFakeUpstream() {
  const received: Received[] = [];
  let reply: Reply = (_req, res) => res.writeHead(500).end();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      received.push(r);
      reply(r, res, received.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}/api/external`,
    received,
    reply(fn: Reply) {
      reply = fn;
      received.length = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(body));
}
