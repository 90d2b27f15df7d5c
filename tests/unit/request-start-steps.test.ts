import { channel } from "node:diagnostics_channel";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it, vi } from "vitest";
import { installRequestStart, SERVER_ACTIONS_REFUSED } from "@/lib/http/request-start";
import { forgetProcessMemo } from "@/lib/memo/process-memo.mjs";
import { BUSY_PATH, refuseEarly, searchRefusal } from "@/lib/search/refuse-early";

/*
 * The one subscriber on `http.server.request.start` (lib/http/request-start.ts) runs the steps
 * features hand it after its own rewrites: the search refusal sees the target Next will see,
 * and sends a refused search to the busy page before Next renders anything.
 */

function publish(request: { method: string; url: string; headers: Record<string, string> }) {
  const response = { setHeader: vi.fn() };
  channel("http.server.request.start").publish({
    request: request as unknown as IncomingMessage,
    response: response as unknown as ServerResponse,
  });
  return { request, response };
}

describe("the request-start subscriber", () => {
  const seen: string[] = [];
  forgetProcessMemo("http.requestStart");
  installRequestStart({}, [
    (request) => void seen.push(request.url ?? ""),
    searchRefusal(() => ({ trustProxy: 1, networkPrefixes: { ipv4: 24, ipv6: 64 } })),
  ]);

  it("runs a feature's step after its own rewrites", () => {
    seen.length = 0;
    publish({ method: "GET", url: "/blog/a-post?zz=1", headers: {} });
    publish({ method: "POST", url: "/blog/a-post", headers: { "next-action": "abc" } });
    expect(seen).toEqual(["/blog/a-post", SERVER_ACTIONS_REFUSED]);
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
