import { describe, expect, it } from "vitest";
import { asksForServerAction, withoutUnreadQuery } from "@/lib/http/request-start";

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
    // Without an RSC header Next checks no `_rsc`, and would store its text in the page.
    ["/blog/a-post?zz=1&_rsc=1a2b3", "/blog/a-post"],
    ["/blog/a-post?%5Frsc=MARKZZZZ", "/blog/a-post"],
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
    // Next's cache-busting parameter of RSC requests stays (Next checks it), alone.
    ["/blog/a-post?zz=1&_rsc=1a2b3", "/blog/a-post?_rsc=1a2b3"],
    ["/blog/a-post?%5Frsc=AbCd-_0123456789", "/blog/a-post?_rsc=AbCd-_0123456789"],
    ["/blog/a-post?_rsc=", "/blog/a-post?_rsc="],
    // Never longer, nor other characters, than Next's own digest.
    [`/blog/a-post?_rsc=MARK${"Z".repeat(16_000)}`, "/blog/a-post"],
    ["/blog/a-post?_rsc=%3Cscript%3E", "/blog/a-post"],
  ])("an RSC request: %s → %s", (url, expected) => {
    expect(withoutUnreadQuery(url, "1")).toBe(expected);
  });

  it.each([
    ["/_next/image?url=%2Fa.png%2312&w=640&q=75", "/_next/image?url=%2Fa.png&w=640&q=75"],
    [
      "/_next/image?url=https%3A%2F%2Fimg.example%2Fcover.png%23x&w=1200&q=75",
      "/_next/image?url=https%3A%2F%2Fimg.example%2Fcover.png&w=1200&q=75",
    ],
  ])("an image's fragment is dropped: %s → %s", (url, expected) => {
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

/*
 * Which requests Next would take for a server action (Masthead has none): they are sent to a
 * route that refuses them before Next prints the unknown action on stdout.
 */
describe("asksForServerAction", () => {
  const form = "application/x-www-form-urlencoded";
  it.each([
    ["POST", "/", { "next-action": "abc" }],
    ["GET", "/api/newsletter", { "next-action": "" }],
    ["POST", "/blog/a-post", { "content-type": "multipart/form-data; boundary=x" }],
    ["POST", "/", { "content-type": form }],
    ["POST", "/api/../blog", { "content-type": form }],
    ["POST", "/no-such-page", { "content-type": "Multipart/Form-Data; boundary=x" }],
  ])("%s %s %j: yes", (method, url, headers) => {
    expect(asksForServerAction({ method, url, headers })).toBe(true);
  });
  it.each([
    ["POST", "/api/newsletter", { "content-type": form }],
    ["POST", "/api/admin/login", { "content-type": "multipart/form-data; boundary=x" }],
    ["POST", "/blog/a-post", { "content-type": "application/json" }],
    ["GET", "/", { "content-type": form }],
  ])("%s %s %j: no", (method, url, headers) => {
    expect(asksForServerAction({ method, url, headers })).toBe(false);
  });
});
