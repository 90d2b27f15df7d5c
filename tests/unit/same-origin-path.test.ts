import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeNextPath } from "@/lib/admin/validation";
import { isSameOriginPath, sameOriginPath } from "@/lib/http/same-origin-path";

/*
 * The one check behind every post-form redirect (admin `next`, newsletter return path): whatever
 * comes in, what comes out resolves to this origin in a browser.
 */

// Resolving against two unrelated origins must give the same origin as the base each time.
function staysOnOrigin(path: string): boolean {
  return ["https://a.example", "http://b.example:8080"].every((base) => new URL(path, base).origin === base);
}

const pathish = fc.array(
  fc.constantFrom(
    "/",
    "//",
    ".",
    "..",
    "%2e",
    "%2E",
    "%2e%2e",
    "\\",
    "evil.com",
    "admin",
    "login",
    "?",
    "#",
    "a",
    "%2f",
    "@",
    ":",
  ),
  { maxLength: 12 },
);

describe("sameOriginPath", () => {
  it("never returns a path that leaves the origin, for hostile path-like input", () => {
    fc.assert(
      fc.property(pathish, fc.string(), (parts, tail) => {
        for (const input of [parts.join(""), "/" + parts.join(""), "/admin/" + parts.join("") + tail]) {
          const out = sameOriginPath(input);
          if (out === undefined) continue;
          expect(isSameOriginPath(out)).toBe(true);
          expect(staysOnOrigin(out)).toBe(true);
          expect(out.startsWith("//")).toBe(false);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("safeNextPath always answers an admin path on this origin", () => {
    fc.assert(
      fc.property(pathish, (parts) => {
        for (const input of ["/admin/" + parts.join(""), "/admin" + parts.join("")]) {
          const out = safeNextPath(input);
          expect(staysOnOrigin(out)).toBe(true);
          expect(out).toMatch(/^\/admin(\/|\?|$)/);
          expect(out).not.toMatch(/^\/admin\/login(\/|\?|$)/);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps ordinary paths and queries as they are", () => {
    expect(sameOriginPath("/blog/post?page=2")).toBe("/blog/post?page=2");
    expect(sameOriginPath("/blog?x=1#frag")).toBe("/blog?x=1");
    expect(sameOriginPath("/a/./b/../c")).toBe("/a/c");
    expect(sameOriginPath("/a/..//evil.com")).toBeUndefined();
    expect(sameOriginPath("/%2e%2e//evil.com")).toBeUndefined();
    expect(sameOriginPath("/" + "a".repeat(3000))).toBeUndefined();
  });
});
