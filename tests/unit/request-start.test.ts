import { describe, expect, it } from "vitest";
import { withoutUnreadQuery } from "@/lib/http/request-start";

/*
 * Which query strings reach Next (lib/http/request-start.ts): none on pages that do not read
 * one, so a visitor's query string can never be rendered into a cached page for everyone.
 */
describe("withoutUnreadQuery", () => {
  it.each([
    ["/blog/a-post?zzpoison=x", "/blog/a-post"],
    ["/?utm_source=feed&utm_medium=rss", "/"],
    ["/tags/design/page/2?x=1", "/tags/design/page/2"],
    ["/og/blog/a-post?v=2", "/og/blog/a-post"],
    ["/feed.xml?", "/feed.xml"],
    // Next's cache-busting parameter of RSC requests stays (Next checks it), alone.
    ["/blog/a-post?zz=1&_rsc=1a2b3", "/blog/a-post?_rsc=1a2b3"],
    // Paths that only look like a route that reads its query, once normalised as Next does.
    ["/search/../blog/a-post?zz=1", "/search/../blog/a-post"],
    ["/api/%2e%2e/blog/a-post?zz=1", "/api/%2e%2e/blog/a-post"],
    ["/searching?q=x", "/searching"],
    ["/administrator?x=1", "/administrator"],
    ["//blog/a-post?zz=1", "//blog/a-post"],
    ["http://example.org/blog/a-post?zz=1", "http://example.org/blog/a-post"],
  ])("%s → %s", (url, expected) => {
    expect(withoutUnreadQuery(url)).toBe(expected);
  });

  it.each([
    "/blog/a-post",
    "/search?q=static+blog&page=2",
    "/admin/login?next=%2Fadmin%2Fmembers",
    "/admin?x=1",
    "/api/admin/team-members?page=2",
    "/api/newsletter?x=1",
    "/_next/image?url=%2Fa.png&w=640&q=75",
    "/_next/static/chunks/a.js?dpl=abc",
  ])("%s is left as it is", (url) => {
    expect(withoutUnreadQuery(url)).toBe(url);
  });
});
