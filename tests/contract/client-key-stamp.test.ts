import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { peerAddress, peerAddressStamp, PEER_ADDRESS_HEADER } from "@/lib/http/client-key";
import { installRequestStart } from "@/lib/http/request-start";
import { forgetProcessMemo } from "@/lib/memo/process-memo.mjs";

/*
 * The connection-address stamp over real HTTP (node:http, as under `next start`): on the
 * requests that may read a client key (writes, route handlers, admin, search), never on page
 * views, which pay nothing for it. Installed as under instrumentation.ts: the first step of the
 * one request-start subscriber.
 */

let server: Server;
let base: string;
const seen: { method: string; url: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  forgetProcessMemo("http.requestStart");
  installRequestStart({}, { onArrival: [peerAddressStamp] });
  server = createServer((req, res) => {
    seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
    res.end("ok");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
});

async function headersFor(method: string, path: string): Promise<IncomingHttpHeaders> {
  await (
    await fetch(base + path, { method, headers: { [PEER_ADDRESS_HEADER]: "forged 203.0.113.9" } })
  ).text();
  const request = seen.findLast((s) => s.url === path && s.method === method);
  if (!request) throw new Error(`${method} ${path} did not arrive`);
  return request.headers;
}

const stamped = (headers: IncomingHttpHeaders) =>
  peerAddress({ headers: new Headers(headers as Record<string, string>) });

describe("the connection-address stamp", () => {
  it.each([
    ["POST", "/api/newsletter"],
    ["POST", "/blog/anything"],
    ["GET", "/api/health/ready"],
    ["GET", "/admin/members"],
    ["GET", "/search?q=static"],
  ])("%s %s carries the connection's own address, not what the client sent", async (method, path) => {
    expect(stamped(await headersFor(method, path))).toBe("127.0.0.1");
  });

  it.each([
    ["GET", "/blog/shipping-a-static-blog-that-feels-live"],
    ["GET", "/"],
    ["HEAD", "/feed.xml"],
    ["GET", "/searching-for-something"],
  ])("%s %s is not stamped (and what the client sent is not believed)", async (method, path) => {
    const headers = await headersFor(method, path);
    expect(headers[PEER_ADDRESS_HEADER]).toBe("forged 203.0.113.9");
    expect(stamped(headers)).toBeUndefined();
  });
});
