import { createRequire } from "node:module";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HSTS_VALUE, sendsHsts } from "@/lib/http/request-shaping";

/*
 * The security headers as next.config.mjs computes them for each environment. The e2e suite
 * (tests/e2e/security.spec.ts) checks them on real responses of the http e2e server; HSTS, which
 * only belongs on a production site served over https, on a second server (tests/e2e/abuse.spec.ts).
 */

const saved = { ...process.env };
// Next's own matcher for header rules (next/dist/server/lib/router-utils/filesystem.js).
const { getPathMatch } = createRequire(import.meta.url)(
  "next/dist/shared/lib/router/utils/path-match.js",
) as {
  getPathMatch: (
    source: string,
    opts: { strict: boolean; removeUnnamedParams: boolean },
  ) => (path: string) => Record<string, unknown> | false;
};

type Header = { key: string; value: string };
type NextConfigModule = {
  default: { headers: () => Promise<{ source: string; headers: Header[] }[]>; poweredByHeader?: boolean };
};

async function loadConfig(): Promise<NextConfigModule> {
  // @ts-expect-error -- next.config.mjs is plain JavaScript with no type declarations
  return (await import("../../next.config.mjs")) as NextConfigModule;
}

async function headersFor(vars: Record<string, string | undefined>): Promise<Record<string, string>> {
  vi.resetModules();
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  const mod = await loadConfig();
  const rules = await mod.default.headers();
  const all = rules.find((r) => r.source === "/(.*)");
  expect(all, "a header rule for every path").toBeTruthy();
  // Matched the way Next matches header rules: every path, the root too, and with no named
  // parameter, so Next sends the values as written instead of compiling them per response.
  const match = getPathMatch(all!.source, { strict: true, removeUnnamedParams: true });
  for (const path of ["/", "/blog/a-post", "/admin/members", "/_next/static/x.js"])
    expect(match(path), path).toEqual({});
  return Object.fromEntries(all!.headers.map((h) => [h.key.toLowerCase(), h.value]));
}

afterEach(() => {
  process.env = { ...saved };
});

describe("next.config.mjs security headers", () => {
  // HSTS is decided when the server starts (lib/http/request-shaping.ts), not here: these headers
  // are frozen into the build. tests/e2e/abuse.spec.ts runs a build made without SITE_URL with one.
  it.each([
    ["production over https", { NODE_ENV: "production", SITE_URL: "https://www.example.org" }],
    ["production with no SITE_URL (local mode)", { NODE_ENV: "production", SITE_URL: undefined }],
  ])("no HSTS frozen into the build (%s)", async (_name, vars) => {
    const h = await headersFor(vars);
    expect(h["strict-transport-security"]).toBeUndefined();
  });

  it("HSTS at run time: two years with subdomains, only for an https SITE_URL outside development", () => {
    expect(Number(/max-age=(\d+)/.exec(HSTS_VALUE)![1])).toBeGreaterThanOrEqual(31_536_000);
    expect(HSTS_VALUE).toContain("includeSubDomains");
    expect(sendsHsts({ NODE_ENV: "production", SITE_URL: " https://www.example.org " })).toBe(true);
    expect(sendsHsts({ NODE_ENV: "production", SITE_URL: "http://localhost:3000" })).toBe(false);
    expect(sendsHsts({ NODE_ENV: "production" })).toBe(false);
    expect(sendsHsts({ NODE_ENV: "development", SITE_URL: "https://www.example.org" })).toBe(false);
  });

  it("the rest are the same everywhere: CSP, nosniff, referrer policy, no framing", async () => {
    for (const vars of [
      { NODE_ENV: "production", SITE_URL: "https://www.example.org" },
      { NODE_ENV: "production", SITE_URL: undefined },
    ]) {
      const h = await headersFor(vars);
      const csp = h["content-security-policy"] ?? "";
      const directives = Object.fromEntries(
        csp
          .split(";")
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
      expect(directives["default-src"]).toEqual(["'self'"]);
      expect(directives["frame-ancestors"]).toEqual(["'none'"]);
      expect(directives["object-src"]).toEqual(["'none'"]);
      expect(directives["base-uri"]).toEqual(["'self'"]);
      expect(directives["form-action"]).toEqual(["'self'"]);
      expect(directives["connect-src"]).toEqual(["'self'"]);
      // No eval outside development; no third-party script origins at all.
      expect(directives["script-src"]).not.toContain("'unsafe-eval'");
      expect(directives["script-src"]!.every((s: string) => s.startsWith("'"))).toBe(true);
      expect(h["x-content-type-options"]).toBe("nosniff");
      expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(h["x-frame-options"]).toBe("DENY");
    }
  });

  it("development allows eval for React's tooling, and only there", async () => {
    const h = await headersFor({ NODE_ENV: "development", SITE_URL: undefined });
    expect(h["content-security-policy"]).toContain("'unsafe-eval'");
  });

  it("does not advertise the framework", async () => {
    vi.resetModules();
    const mod = await loadConfig();
    expect(mod.default.poweredByHeader).toBe(false);
  });

  it("brand files (the team's logo and icon) run no script: a sandboxing policy and nosniff, sent last", async () => {
    vi.resetModules();
    const rules = await (await loadConfig()).default.headers();
    // Where two rules set one header, Next sends the last rule's value.
    const applied: Record<string, string> = {};
    for (const rule of rules) {
      const match = getPathMatch(rule.source, { strict: true, removeUnnamedParams: true });
      if (match("/brand/logo") === false) continue;
      for (const h of rule.headers) applied[h.key.toLowerCase()] = h.value;
    }
    expect(applied["content-security-policy"]).toBe("script-src 'none'; sandbox");
    expect(applied["x-content-type-options"]).toBe("nosniff");
    const brand = rules.find((r) => r.source === "/brand/(.*)")!;
    expect(getPathMatch(brand.source, { strict: true, removeUnnamedParams: true })("/brand/icon")).toEqual(
      {},
    );
    expect(getPathMatch(brand.source, { strict: true, removeUnnamedParams: true })("/blog/brand")).toBe(
      false,
    );
  });
});
