import { beforeAll, describe, expect, it } from "vitest";
import { isSameOriginWrite, newsletterOriginAllows, originVerdict } from "@/lib/http/request-origin";

/*
 * The two origin policies of lib/http/request-origin.ts side by side: one reading of the headers,
 * and where the admin and the newsletter differ on purpose (a request with no browser signal).
 */
const SITE = "https://news.example.org";

beforeAll(() => {
  // env() reads this once, lazily, on the first admin check below.
  process.env.SITE_URL = SITE;
  delete process.env.TRUST_PROXY;
});

const post = (headers: Record<string, string>, method = "POST") =>
  new Request(`${SITE}/api/x`, { method, headers: { host: "news.example.org", ...headers } });

const CASES: { name: string; headers: Record<string, string>; admin: boolean; newsletter: boolean }[] = [
  { name: "Origin of this site", headers: { origin: SITE }, admin: true, newsletter: true },
  {
    name: "Origin of another site",
    headers: { origin: "https://evil.example" },
    admin: false,
    newsletter: false,
  },
  {
    name: "Origin: null, even with Sec-Fetch-Site: same-origin",
    headers: { origin: "null", "sec-fetch-site": "same-origin" },
    admin: false,
    newsletter: false,
  },
  {
    name: "no Origin, Sec-Fetch-Site: same-origin",
    headers: { "sec-fetch-site": "same-origin" },
    admin: true,
    newsletter: true,
  },
  {
    name: "no Origin, Sec-Fetch-Site: cross-site",
    headers: { "sec-fetch-site": "cross-site" },
    admin: false,
    newsletter: false,
  },
  { name: "only a same-site Referer", headers: { referer: `${SITE}/admin` }, admin: true, newsletter: true },
  {
    name: "only a foreign Referer",
    headers: { referer: "https://evil.example/x" },
    admin: false,
    newsletter: false,
  },
  // The one difference on purpose: nothing says where it comes from (curl, a script).
  { name: "no browser signal at all", headers: {}, admin: false, newsletter: true },
];

describe("origin policies", () => {
  for (const c of CASES) {
    it(`${c.name}: admin ${c.admin ? "allows" : "refuses"}, newsletter ${c.newsletter ? "allows" : "refuses"}`, () => {
      expect(isSameOriginWrite(post(c.headers))).toBe(c.admin);
      expect(newsletterOriginAllows(originVerdict(post(c.headers), SITE, 0))).toBe(c.newsletter);
    });
  }

  it("admin reads (GET, HEAD) pass whatever they carry; the check is for writes", () => {
    expect(isSameOriginWrite(post({ origin: "https://evil.example" }, "GET"))).toBe(true);
    expect(isSameOriginWrite(post({}, "HEAD"))).toBe(true);
    expect(isSameOriginWrite(post({}, "DELETE"))).toBe(false);
  });
});
