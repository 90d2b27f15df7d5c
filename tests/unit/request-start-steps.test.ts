import { channel } from "node:diagnostics_channel";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it, vi } from "vitest";
import { peerAddress, peerAddressStamp, PEER_ADDRESS_HEADER } from "@/lib/http/client-key";
import { installRequestStart, SERVER_ACTIONS_REFUSED } from "@/lib/http/request-start";
import { forgetProcessMemo } from "@/lib/memo/process-memo.mjs";
import { BUSY_PATH, refuseEarly, searchRefusal } from "@/lib/search/refuse-early";

/*
 * The one subscriber on `http.server.request.start` (lib/http/request-start.ts) runs the
 * peer-address stamp first, on the target as the client sent it, then its own rewrites, then the
 * steps features hand it: the search refusal sees the target Next will see, and sends a refused
 * search to the busy page before Next renders anything.
 */

function publish(request: {
  method: string;
  url: string;
  headers: Record<string, string>;
  socket?: { remoteAddress: string };
}) {
  const response = { setHeader: vi.fn() };
  channel("http.server.request.start").publish({
    request: request as unknown as IncomingMessage,
    response: response as unknown as ServerResponse,
  });
  return { request, response };
}

const stamped = (headers: Record<string, string>) => peerAddress({ headers: new Headers(headers) });

describe("the request-start subscriber", () => {
  const arrived: string[] = [];
  const seen: string[] = [];
  forgetProcessMemo("http.requestStart");
  installRequestStart(
    {},
    {
      onArrival: [peerAddressStamp, (request) => void arrived.push(request.url ?? "")],
      afterRewrites: [
        (request) => void seen.push(request.url ?? ""),
        searchRefusal(() => ({ trustProxy: 1 })),
      ],
    },
  );

  it("runs a feature's step after its own rewrites, and the stamp before them", () => {
    arrived.length = 0;
    seen.length = 0;
    publish({ method: "GET", url: "/blog/a-post?zz=1", headers: {} });
    publish({ method: "POST", url: "/blog/a-post", headers: { "next-action": "abc" } });
    expect(arrived).toEqual(["/blog/a-post?zz=1", "/blog/a-post"]);
    expect(seen).toEqual(["/blog/a-post", SERVER_ACTIONS_REFUSED]);
  });

  it("stamps the requests that may read a client key as the client sent them", () => {
    const write = publish({
      method: "POST",
      url: "/blog/a-post",
      headers: {},
      socket: { remoteAddress: "192.0.2.1" },
    });
    expect(stamped(write.request.headers)).toBe("192.0.2.1");
    // A page view asking for a server action is sent to a route handler, but was not stamped:
    // which requests are stamped is decided on the target the client sent, before the rewrites.
    const action = publish({
      method: "GET",
      url: "/",
      headers: { "next-action": "abc" },
      socket: { remoteAddress: "192.0.2.1" },
    });
    expect(action.request.url).toBe(SERVER_ACTIONS_REFUSED);
    expect(action.request.headers[PEER_ADDRESS_HEADER]).toBeUndefined();
  });

  // With no X-Forwarded-For the key is the stamped connection address.
  it("stamps a search before the search refusal reads its client key", () => {
    refuseEarly("198.51.100.78", 30);
    const refused = publish({
      method: "GET",
      url: "/search?q=static",
      headers: {},
      socket: { remoteAddress: "198.51.100.78" },
    });
    expect(stamped(refused.request.headers)).toBe("198.51.100.78");
    expect(refused.request.url).toBe(BUSY_PATH);
  });

  it("sends a search the limit refused to the busy page, and no one else's", () => {
    refuseEarly("198.51.100.77", 30);
    const refused = publish({
      method: "GET",
      url: "/search?q=static",
      headers: { "x-forwarded-for": "198.51.100.77" },
    });
    expect(refused.request.url).toBe(BUSY_PATH);
    const other = publish({
      method: "GET",
      url: "/search?q=static",
      headers: { "x-forwarded-for": "192.0.2.9" },
    });
    expect(other.request.url).toBe("/search?q=static");
    // Without an https SITE_URL no HSTS header is set.
    expect(other.response.setHeader).not.toHaveBeenCalled();
  });
});
