import { describe, expect, it } from "vitest";
import { checkSubscriberEmail } from "@/lib/newsletter/email";
import { ALL_OUTCOMES, outcomeFromKey, outcomeKey } from "@/lib/newsletter/outcomes";
import { PEER_ADDRESS_HEADER, requestHost, stampPeerAddress } from "@/lib/http/client-key";
import { checkOrigin, clientKey, wantsRedirect } from "@/lib/newsletter/request";
import { bodyKind, readLimitedBody } from "@/lib/http/request-body";
import { parseEnv } from "@/lib/config/schema";

const SITE = "https://news.example.org";
const req = (headers: Record<string, string>, url = `${SITE}/api/newsletter`) =>
  new Request(url, { method: "POST", headers });

describe("clientKey (which client the rate limit counts)", () => {
  const fromSocket = (address: string, headers: Record<string, string> = {}) => {
    const r = req(headers);
    stampPeerAddress(r.headers, address);
    return r;
  };
  it("without a trusted proxy uses the connection's address and ignores a client's own X-Forwarded-For", () => {
    expect(clientKey(fromSocket("192.0.2.1", { "x-forwarded-for": "1.1.1.1, 2.2.2.2" }), 0)).toBe(
      "192.0.2.1",
    );
    expect(clientKey(fromSocket("::ffff:127.0.0.1"), 0)).toBe("127.0.0.1");
    expect(clientKey(fromSocket("::1"), 0)).toBe("::1");
  });
  it("a made-up peer header, or none, is one shared unknown client, never the header's value", () => {
    expect(clientKey(req({ "x-forwarded-for": "2.2.2.2" }), 0)).toBe("unknown-client");
    expect(clientKey(req({ [PEER_ADDRESS_HEADER]: "guess 9.9.9.9" }), 0)).toBe("unknown-client");
    expect(clientKey(req({ [PEER_ADDRESS_HEADER]: "9.9.9.9" }), 0)).toBe("unknown-client");
  });
  it("with N appending proxies uses the Nth entry from the right; 'true' (overwriting proxy) the leftmost", () => {
    const r = fromSocket("10.0.0.9", { "x-forwarded-for": "6.6.6.6, 1.1.1.1, 10.0.0.2" });
    expect(clientKey(r, 1)).toBe("10.0.0.2");
    expect(clientKey(r, 2)).toBe("1.1.1.1");
    expect(clientKey(r, Number.MAX_SAFE_INTEGER)).toBe("6.6.6.6");
    // A trusted proxy that sent no header: the connection it came from.
    expect(clientKey(fromSocket("10.0.0.9"), 1)).toBe("10.0.0.9");
  });
  it("bounds hostile keys", () => {
    expect(clientKey(req({ "x-forwarded-for": "x".repeat(500) }), 1)).toHaveLength(64);
  });
});

describe("requestHost (the origin checks' idea of this site's host)", () => {
  it("believes X-Forwarded-Host only behind a trusted proxy", () => {
    const r = req({ host: "internal:3000", "x-forwarded-host": "evil.example" });
    expect(requestHost(r, 0)).toBe("internal:3000");
    expect(requestHost(r, 1)).toBe("evil.example");
    expect(requestHost(req({ host: "Site.Example" }), 1)).toBe("site.example");
  });
  it("TRUST_PROXY parses to hops and refuses nonsense", () => {
    expect(parseEnv({}).trustProxy).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "true" }).trustProxy).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseEnv({ TRUST_PROXY: "false" }).trustProxy).toBe(0);
    expect(() => parseEnv({ TRUST_PROXY: "maybe" })).toThrow(/TRUST_PROXY/);
  });
});

describe("checkOrigin", () => {
  it("accepts our SITE_URL origin or the addressed Host; refuses others and 'null'", () => {
    expect(checkOrigin(req({ origin: SITE }), SITE, 0)).toBe("same-origin");
    expect(
      checkOrigin(req({ origin: "http://internal:3000", host: "internal:3000" }), SITE, 0, "remote"),
    ).toBe("same-origin");
    expect(checkOrigin(req({ origin: "https://evil.example" }), SITE, 0)).toBe("cross-site");
    expect(checkOrigin(req({ origin: "null" }), SITE, 0)).toBe("cross-site");
    expect(checkOrigin(req({ origin: "https://news.example.org.evil.example" }), SITE, 0)).toBe("cross-site");
  });
  it("a client's own X-Forwarded-Host does not make a foreign origin ours, unless a trusted proxy set it", () => {
    const forged = {
      origin: "https://evil.example",
      host: "news.example.org",
      "x-forwarded-host": "evil.example",
    };
    expect(checkOrigin(req(forged), SITE, 0)).toBe("cross-site");
    expect(checkOrigin(req(forged), SITE, 1, "remote")).toBe("same-origin");
  });
  it("local mode writes only for loopback names and SITE_URL's host (DNS rebinding is another site)", () => {
    const rebound = { origin: "http://rebind.evil.example:3000", host: "rebind.evil.example:3000" };
    expect(checkOrigin(req(rebound), SITE, 0, "remote")).toBe("same-origin");
    expect(checkOrigin(req(rebound), SITE, 0, "local")).toBe("cross-site");
    // Not even a browser signal can vouch for a host this server is not meant to be reached by.
    expect(
      checkOrigin(
        req({ host: "rebind.evil.example:3000", "sec-fetch-site": "same-origin" }),
        SITE,
        0,
        "local",
      ),
    ).toBe("cross-site");
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "news.example.org"]) {
      expect(checkOrigin(req({ origin: `http://${host}`, host }), SITE, 0, "local"), host).toBe(
        "same-origin",
      );
    }
  });
  it("falls back to Sec-Fetch-Site, then Referer; nothing at all is not a browser", () => {
    expect(checkOrigin(req({ "sec-fetch-site": "same-origin" }), SITE, 0)).toBe("same-origin");
    expect(checkOrigin(req({ "sec-fetch-site": "cross-site" }), SITE, 0)).toBe("cross-site");
    expect(checkOrigin(req({ referer: `${SITE}/blog` }), SITE, 0)).toBe("same-origin");
    expect(checkOrigin(req({ referer: "https://evil.example/" }), SITE, 0)).toBe("cross-site");
    expect(checkOrigin(req({}), SITE, 0)).toBe("no-browser-signal");
  });
});

describe("request shape", () => {
  it("redirects only browser form navigations", () => {
    const form = (h: Record<string, string>) =>
      req({ "content-type": "application/x-www-form-urlencoded", ...h });
    expect(wantsRedirect(form({ accept: "text/html" }), "urlencoded")).toBe(true);
    expect(wantsRedirect(form({ "sec-fetch-mode": "navigate" }), "urlencoded")).toBe(true);
    expect(wantsRedirect(form({ accept: "*/*" }), "urlencoded")).toBe(false);
    expect(wantsRedirect(form({ accept: "application/json, text/html" }), "urlencoded")).toBe(false);
    expect(wantsRedirect(req({ accept: "text/html" }), "json")).toBe(false);
    expect(bodyKind(req({ "content-type": "Application/JSON; charset=utf-8" }))).toBe("json");
    expect(bodyKind(req({ "content-type": "text/plain" }))).toBeUndefined();
  });
  it("counts body bytes while streaming, whatever Content-Length says", async () => {
    const ok = await readLimitedBody(new Request(SITE, { method: "POST", body: "x".repeat(100) }), 4096);
    expect(ok.ok).toBe(true);
    const big = await readLimitedBody(new Request(SITE, { method: "POST", body: "x".repeat(5000) }), 4096);
    expect(big).toEqual({ ok: false, tooLarge: true });
  });
});

describe("email validation and outcome keys", () => {
  it("trims and keeps a good address; explains a bad one", () => {
    expect(checkSubscriberEmail("  Reader@Example.org ")).toEqual({ ok: true, email: "Reader@Example.org" });
    expect(checkSubscriberEmail(undefined)).toEqual({ ok: false, reason: "empty" });
    expect(checkSubscriberEmail({})).toEqual({ ok: false, reason: "shape" });
  });
  it("every outcome has a unique fragment key that maps back to it", () => {
    const keys = ALL_OUTCOMES.map(outcomeKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const o of ALL_OUTCOMES) expect(outcomeFromKey(outcomeKey(o))).toEqual(o);
    expect(outcomeFromKey("<script>")).toBeUndefined();
  });
});
