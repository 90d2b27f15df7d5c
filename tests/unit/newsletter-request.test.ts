import { describe, expect, it } from "vitest";
import { checkSubscriberEmail } from "@/lib/newsletter/email";
import { ALL_OUTCOMES, outcomeFromKey, outcomeKey } from "@/lib/newsletter/outcomes";
import { requestHost } from "@/lib/http/client-key";
import { originVerdict as checkOrigin } from "@/lib/http/request-origin";
import { wantsRedirect } from "@/lib/newsletter/handler";
import { bodyKind, readLimitedBody } from "@/lib/http/request-body";
import { loadConfig as parseEnv } from "@/lib/config/startup";

const SITE = "https://news.example.org";
const req = (headers: Record<string, string>, url = `${SITE}/api/newsletter`) =>
  new Request(url, { method: "POST", headers });

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
