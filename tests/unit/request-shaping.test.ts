import { describe, expect, it } from "vitest";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  asksForServerAction,
  canonicalImageUrl,
  shapeRequest,
  shapedTarget,
} from "@/lib/http/request-shaping";

/*
 * The request target Next sees (lib/http/request-shaping.ts): one spelling of its path, and no
 * query string on pages that do not read one, so a visitor's query string can never be rendered
 * into a cached page for everyone.
 */
describe("shapedTarget", () => {
  it.each([
    ["/blog/a-post?zzpoison=x", "/blog/a-post"],
    ["/?utm_source=feed&utm_medium=rss", "/"],
    ["/tags/design/page/2?x=1", "/tags/design/page/2"],
    ["/og/blog/a-post?v=2", "/og/blog/a-post"],
    ["/feed.xml?", "/feed.xml"],
    // Without an RSC header Next checks no `_rsc`, and would store its text in the page.
    ["/blog/a-post?zz=1&_rsc=1a2b3", "/blog/a-post"],
    ["/blog/a-post?%5Frsc=MARKZZZZ", "/blog/a-post"],
    // Paths that only look like a route that reads its query: decided, and passed on, normalised.
    ["/search/../blog/a-post?zz=1", "/blog/a-post"],
    ["/api/%2e%2e/blog/a-post?zz=1", "/blog/a-post"],
    ["/searching?q=x", "/searching"],
    ["/administrator?x=1", "/administrator"],
    ["//blog/a-post?zz=1", "//blog/a-post"],
    // Whatever later steps decide on a search or a blog address sees its one spelling.
    ["/./search?q=x", "/search?q=x"],
    ["/x/../search?q=x", "/search?q=x"],
    ["/blog/./a-post", "/blog/a-post"],
    // An absolute-form target is resolved on the site's own host (its Host header), never the URL's.
    ["http://example.org/blog/a-post?zz=1", "/blog/a-post"],
    ["http://evil.example/admin/account", "/admin/account"],
  ])("%s → %s", (url, expected) => {
    expect(shapedTarget(url)).toBe(expected);
  });

  it.each([
    "*",
    "evil.example:443",
    "mailto:a@example.org",
    "blog/a-post",
    // Escapes that do not decode: Next would answer them with a bare 500.
    "/blog/%E0%A4%A",
    "/og/blog/%ZZ?x=1",
    // An image path ending in `/` names no image file; a lenient host would serve the file anyway.
    "/_next/image?url=%2Fbrand%2Flogo.png%2F&w=640&q=75",
    `/_next/image?url=${encodeURIComponent("http://127.0.0.1:4010/covers/a.png//")}&w=640&q=75`,
  ])("%s names nothing here: refused", (url) => {
    expect(shapedTarget(url)).toBeUndefined();
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
    expect(shapedTarget(url, "1")).toBe(expected);
  });

  it.each([
    ["/_next/image?url=%2Fa.png%2312&w=640&q=75", "/_next/image?url=%2Fa.png&w=640&q=75"],
    [
      "/_next/image?url=https%3A%2F%2Fimg.example%2Fcover.png%23x&w=1200&q=75",
      "/_next/image?url=https%3A%2F%2Fimg.example%2Fcover.png&w=1200&q=75",
    ],
  ])("an image's fragment is dropped: %s → %s", (url, expected) => {
    expect(shapedTarget(url)).toBe(expected);
  });

  it.each([
    "/blog/a-post",
    "/_next/image?url=http%3A%2F%2F127.0.0.1%3A4010%2Fcovers%2Fa.png&w=640&q=75",
    "/search?q=static+blog&page=2",
    "/admin/login?next=%2Fadmin%2Fmembers",
    "/admin?x=1",
    "/api/admin/team-members?page=2",
    "/api/newsletter?x=1",
    "/_next/image?url=%2Fa.png&w=640&q=75",
    "/_next/static/chunks/a.js?dpl=abc",
  ])("%s is left as it is", (url) => {
    expect(shapedTarget(url)).toBe(url);
  });
});

describe("shapeRequest", () => {
  function shaped(method: string, url: string) {
    const request = { method, url, headers: {}, socket: {} } as unknown as IncomingMessage;
    const sent: { status?: number; body?: string; location?: string } = {};
    const response = {
      setHeader() {},
      writeHead(status: number, headers: Record<string, string>) {
        sent.status = status;
        sent.location = headers.location;
        return this;
      },
      end(body?: string) {
        sent.body = body;
      },
    } as unknown as ServerResponse;
    return { answered: shapeRequest(request, response, false, []), url: request.url, sent };
  }

  it("hands on the normalised target, which is what every later step reads", () => {
    expect(shaped("GET", "/./search?q=x")).toMatchObject({ answered: false, url: "/search?q=x" });
  });

  it("sends an image asked in any other spelling to its one spelling (Next's own), which it passes", () => {
    const canonical = "/_next/image?url=%2Fa.png&w=640&q=75";
    expect(shaped("GET", canonical)).toMatchObject({ answered: false, url: canonical });
    for (const other of [
      "/_next/image?w=640&url=%2Fa.png&q=75",
      "/_next/image?url=%2Fa.png&w=640&q=75&r=1",
      "/_next/image?url=/a.png&w=640&q=75",
      "/_next/image?url=%2F%61.png&w=640&q=75",
    ]) {
      const { answered, sent } = shaped("GET", other);
      expect([answered, sent.status, sent.location], other).toEqual([true, 308, canonical]);
    }
  });

  it.each(["/a'(b).png", "/a b.png", 'http://127.0.0.1:4010/c/"x"<y>.png', "/%7e*!~.png"])(
    "an image's one spelling is stable: %s is redirected once",
    (image) => {
      const first = shaped("GET", `/_next/image?q=75&w=640&url=${encodeURIComponent(image)}`);
      expect(first.sent.status).toBe(308);
      expect(shaped("GET", first.sent.location!)).toMatchObject({
        answered: false,
        url: first.sent.location,
      });
    },
  );

  it("answers a target that names nothing here with a 400 itself", () => {
    const { answered, sent } = shaped("OPTIONS", "*");
    expect(answered).toBe(true);
    expect(sent.status).toBe(400);
    expect(sent.body).toMatch(/^Bad request/);
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

/*
 * One key per image: Next keys its optimised copies by the `url` text, so every spelling of one
 * image is asked for in one canonical form.
 */
describe("canonicalImageUrl", () => {
  const local = [
    { protocol: "http:", hostname: "127.0.0.1", port: "4010" },
    { protocol: "http:", hostname: "localhost", port: "4010" },
  ];
  const canonical = "http://127.0.0.1:4010/covers/a-post.png";
  it.each([
    ["userinfo", "http://u1@127.0.0.1:4010/covers/a-post.png"],
    ["userinfo with a password", "http://u:p@127.0.0.1:4010/covers/a-post.png"],
    ["percent-encoded letters", "http://127.0.0.1:4010/%63overs/a-%70ost.png"],
    ["lower-case escapes of letters", "http://127.0.0.1:4010/covers/%61-post.png"],
    ["localhost for 127.0.0.1", "http://localhost:4010/covers/a-post.png"],
    ["an upper-case host", "http://LOCALHOST:4010/covers/a-post.png"],
    ["a trailing ?", "http://127.0.0.1:4010/covers/a-post.png?"],
    ["a fragment", "http://127.0.0.1:4010/covers/a-post.png#7"],
    ["dot segments", "http://127.0.0.1:4010/x/../covers/a-post.png"],
    ["all at once", "http://u@LocalHost:4010/%63overs/a-post.png?#x"],
  ])("%s: one URL", (_what, url) => {
    expect(canonicalImageUrl(url, local)).toBe(canonical);
  });

  it.each([
    // Reserved characters keep their escapes (in upper case): decoding them could change the path.
    ["http://127.0.0.1:4010/covers/a%2fb.png", "http://127.0.0.1:4010/covers/a%2Fb.png"],
    ["http://127.0.0.1:4010/covers/a%20b.png", "http://127.0.0.1:4010/covers/a%20b.png"],
    // A real query stays (Next's remotePatterns decide whether it is allowed).
    ["https://cdn.example/a.png?v=2", "https://cdn.example/a.png?v=2"],
    // Relative images: the same rules for their path.
    ["/brand/%6Cogo.png?", "/brand/logo.png"],
    ["/brand/logo.png#x", "/brand/logo.png"],
  ])("%s → %s", (url, expected) => {
    expect(canonicalImageUrl(url, local)).toBe(expected);
  });

  it("rewrites the optimiser's request to the canonical URL", () => {
    const asked = `/_next/image?url=${encodeURIComponent("http://u@localhost:4010/%63overs/a-post.png?")}&w=640&q=75`;
    expect(shapedTarget(asked, undefined, local)).toBe(
      `/_next/image?url=${encodeURIComponent(canonical)}&w=640&q=75`,
    );
  });
});
