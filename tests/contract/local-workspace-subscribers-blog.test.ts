import { inflateSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { ALREADY_SUBSCRIBED, LOCAL_ACME_API_KEY } from "@/lib/local-workspace";
import {
  blogListV1Schema,
  blogListV2Schema,
  call,
  expectError,
  messageSchema,
  pngSize,
  readOutbox,
  slugsSchema,
} from "../helpers/local-workspace-server";
import { localWorkspaceForSuite } from "../helpers/workspace-fixture";

const SUBSCRIBE = "/api/external/v2/email-subscriptions";

const fixture = localWorkspaceForSuite({ resetBeforeEach: true });
let origin: string;
beforeAll(() => {
  origin = `http://127.0.0.1:${fixture.server.port}`;
});

function subscribe(email: unknown, opts: { workspace?: string; key?: string } = {}) {
  return call(fixture.server, SUBSCRIBE, { method: "POST", body: { email }, accept: null, ...opts });
}

/** Follows an outbox link over HTTP, as a person clicking it would. */
function follow(link: string) {
  const url = new URL(link);
  return call(fixture.server, url.pathname + url.search, { key: null, accept: "text/html" });
}

describe("email subscriptions (API decision 3)", () => {
  it("201 { message } saying a verification email was sent, and records it in the outbox", async () => {
    const r = await subscribe("Reader@Example.com");
    expect(r.status).toBe(201);
    const { message } = messageSchema.parse(r.json());
    expect(message).toMatch(/verification email has been sent/i);
    expect(message).toContain("reader@example.com");
    expect(message).toMatch(/verify/i);
    const { emails } = await readOutbox(fixture.server);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to: "reader@example.com", kind: "verification" });
    expect(emails[0]!.subject).toContain("The Masthead Journal");
    expect(emails[0]!.link).toMatch(new RegExp(`^${origin}/__local/verify\\?token=[\\w-]+$`));
  });

  it("runs the whole lifecycle: unverified again → new email; verify; then 422 already subscribed", async () => {
    expect((await subscribe("life@example.com")).status).toBe(201);
    expect((await subscribe("LIFE@example.com")).status).toBe(201);
    const { emails } = await readOutbox(fixture.server, { to: "life@example.com" });
    expect(emails).toHaveLength(2);
    expect(emails[0]!.id).toBeGreaterThan(emails[1]!.id); // newest first
    expect(emails[0]!.link).not.toBe(emails[1]!.link);

    const page = await follow(emails[0]!.link);
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.text).toMatch(/subscription confirmed/i);
    expect(page.text).toContain("life@example.com");

    expectError(await subscribe("life@example.com"), 422, ALREADY_SUBSCRIBED);
    expectError(await subscribe("Life@Example.COM"), 422, ALREADY_SUBSCRIBED);
    // No new verification email for a verified address.
    expect((await readOutbox(fixture.server, { to: "life@example.com" })).emails).toHaveLength(2);
  });

  it("explains used, unknown and missing verification tokens in HTML", async () => {
    await subscribe("once@example.com");
    const [mail] = (await readOutbox(fixture.server)).emails;
    expect((await follow(mail!.link)).status).toBe(200);
    const used = await follow(mail!.link);
    expect(used.status).toBe(400);
    expect(used.text).toMatch(/already been used/);
    const unknown = await call(fixture.server, "/__local/verify?token=nope", { key: null });
    expect(unknown.status).toBe(404);
    expect(unknown.headers["content-type"]).toMatch(/^text\/html/);
    expect(unknown.text).toMatch(/not valid/);
    const missing = await call(fixture.server, "/__local/verify", { key: null });
    expect(missing.status).toBe(400);
    expect(missing.text).toMatch(/no token/);
  });

  it("an older unused link still verifies", async () => {
    await subscribe("two@example.com");
    await subscribe("two@example.com");
    const { emails } = await readOutbox(fixture.server);
    expect((await follow(emails[1]!.link)).status).toBe(200);
    expectError(await subscribe("two@example.com"), 422, ALREADY_SUBSCRIBED);
  });

  it.each([["not-an-email"], ["a@b"], ["two@@example.com"], [""], [42], [null]])(
    "422 for email %j",
    async (email) => {
      expectError(await subscribe(email), 422, /email/i);
      expect((await readOutbox(fixture.server)).emails).toHaveLength(0);
    },
  );

  it("422 when the email field is missing", async () => {
    expectError(
      await call(fixture.server, SUBSCRIBE, { method: "POST", body: { address: "a@example.com" } }),
      422,
      "email is required",
    );
  });

  it("keeps subscribers and the outbox per workspace, with links on the caller's origin", async () => {
    await subscribe("both@example.com");
    await subscribe("both@example.com", { workspace: "acme", key: LOCAL_ACME_API_KEY });
    const acme = await readOutbox(fixture.server, { workspace: "acme" });
    expect(acme.emails).toHaveLength(1);
    expect(acme.emails[0]!.subject).toContain("Acme Field Notes");
    expect(
      acme.emails[0]!.link.startsWith(`http://acme.localhost:${fixture.server.port}/__local/verify?token=`),
    ).toBe(true);
    // Verifying on the default workspace does not subscribe the address on acme.
    const [demoMail] = (await readOutbox(fixture.server)).emails;
    await follow(demoMail!.link);
    expectError(await subscribe("both@example.com"), 422, ALREADY_SUBSCRIBED);
    expect((await subscribe("both@example.com", { workspace: "acme", key: LOCAL_ACME_API_KEY })).status).toBe(
      201,
    );
  });
});

describe("outbox (API decision 9)", () => {
  it("lists newest first, filters by ?to= case-insensitively", async () => {
    await subscribe("a@example.com");
    await call(fixture.server, "/api/external/v2/team-members", {
      method: "POST",
      body: { emails: ["b@example.com"] },
    });
    await subscribe("c@example.com");
    const all = await readOutbox(fixture.server);
    expect(all.emails.map((e) => [e.to, e.kind])).toEqual([
      ["c@example.com", "verification"],
      ["b@example.com", "invitation"],
      ["a@example.com", "verification"],
    ]);
    expect((await readOutbox(fixture.server, { to: "B@EXAMPLE.COM" })).emails.map((e) => e.to)).toEqual([
      "b@example.com",
    ]);
    expect((await readOutbox(fixture.server, { to: "nobody@example.com" })).emails).toEqual([]);
  });

  it("needs no API key and 404s for a host naming no workspace", async () => {
    expect((await call(fixture.server, "/__local/outbox", { key: null, accept: null })).status).toBe(200);
    expectError(
      await call(fixture.server, "/__local/outbox", { key: null, workspace: "nope" }),
      404,
      /workspace/,
    );
  });
});

describe("blog posts", () => {
  async function v2(workspace?: string) {
    const r = await call(fixture.server, "/api/external/v2/blog-posts", {
      accept: null,
      workspace,
      key: workspace === "acme" ? LOCAL_ACME_API_KEY : undefined,
    });
    expect(r.status).toBe(200);
    return blogListV2Schema.parse(r.json());
  }

  it("v2: { blog_posts, blog_name } with the demo content's variety", async () => {
    const body = await v2();
    expect(body.blog_name).toBe("The Masthead Journal");
    const posts = body.blog_posts;
    expect(posts.length).toBeGreaterThanOrEqual(14);
    expect(new Set(posts.map((p) => p.slug)).size).toBe(posts.length);
    const authors = new Set(posts.flatMap((p) => p.authors.map((a) => a.id)));
    expect(authors.size).toBeGreaterThanOrEqual(4);
    expect(posts.some((p) => p.authors.length === 2)).toBe(true);
    expect(posts.every((p) => p.authors.length >= 1)).toBe(true);
    const keywords = posts.flatMap((p) => p.keywords);
    expect(keywords).toEqual(expect.arrayContaining(["Remote Work", "C++", "UX & Design"]));
    for (const p of posts) {
      expect(p.keywords.length).toBeGreaterThanOrEqual(1);
      expect(p.keywords.length).toBeLessThanOrEqual(4);
      expect(p.title.length).toBeGreaterThan(5);
      expect(p.page_title).toContain(p.title);
      expect(p.meta_description.length).toBeGreaterThan(20);
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    // Keywords overlap across posts (tag pages need more than one post).
    const counts = new Map<string, number>();
    for (const k of keywords) counts.set(k, (counts.get(k) ?? 0) + 1);
    expect([...counts.values()].filter((n) => n >= 2).length).toBeGreaterThanOrEqual(3);
    // Spread over months.
    const dates = posts.map((p) => Date.parse(p.publication_date));
    expect(Math.max(...dates) - Math.min(...dates)).toBeGreaterThan(60 * 86_400_000);
    expect(Math.max(...dates)).toBeLessThanOrEqual(Date.now());
  });

  it("v2: newest first (API decision 7)", async () => {
    const dates = (await v2()).blog_posts.map((p) => Date.parse(p.publication_date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it("v2: absolute image URLs on the caller's origin; some thumbnails are empty strings", async () => {
    const posts = (await v2()).blog_posts;
    for (const p of posts) {
      expect(p.cover_image_url).toBe(`${origin}/__local/images/covers/${p.slug}.png`);
      if (p.thumbnail_image_url !== "")
        expect(p.thumbnail_image_url).toBe(`${origin}/__local/images/thumbs/${p.slug}.png`);
      for (const a of p.authors) {
        expect(a.profile_image_url).toBe(`${origin}/__local/images/avatars/${a.id}.png`);
        expect(a.email).toMatch(/@/);
      }
    }
    const empty = posts.filter((p) => p.thumbnail_image_url === "").length;
    expect(empty).toBeGreaterThanOrEqual(1);
    expect(empty).toBeLessThanOrEqual(2);
  });

  it("slugs: { slugs } in the same order as the posts", async () => {
    const r = await call(fixture.server, "/api/external/v2/blog-posts/slugs", { accept: null });
    expect(r.status).toBe(200);
    expect(slugsSchema.parse(r.json()).slugs).toEqual((await v2()).blog_posts.map((p) => p.slug));
  });

  it("v1: single author (the first), comma-separated keywords, no thumbnail", async () => {
    const r = await call(fixture.server, "/api/external/v1/blog_posts", { accept: null });
    expect(r.status).toBe(200);
    const body = blogListV1Schema.parse(r.json());
    const current = await v2();
    expect(body.blog_name).toBe(current.blog_name);
    expect(body.blog_posts.map((p) => p.slug)).toEqual(current.blog_posts.map((p) => p.slug));
    body.blog_posts.forEach((p, i) => {
      const p2 = current.blog_posts[i]!;
      expect(p.author).toEqual(p2.authors[0]);
      expect(p.keywords.split(",").map((k) => k.trim())).toEqual(p2.keywords);
      expect(p).not.toHaveProperty("thumbnail_image_url");
      expect(p).toMatchObject({
        title: p2.title,
        publication_date: p2.publication_date,
        cover_image_url: p2.cover_image_url,
      });
    });
  });

  it("each workspace has its own blog", async () => {
    const acme = await v2("acme");
    expect(acme.blog_name).toBe("Acme Field Notes");
    const demoSlugs = new Set((await v2()).blog_posts.map((p) => p.slug));
    expect(acme.blog_posts.length).toBeGreaterThan(0);
    expect(acme.blog_posts.every((p) => !demoSlugs.has(p.slug))).toBe(true);
    expect(
      acme.blog_posts[0]!.cover_image_url.startsWith(`http://acme.localhost:${fixture.server.port}/`),
    ).toBe(true);
  });
});

describe("generated images", () => {
  /** Full structural check: signature, chunk CRCs, IHDR, and IDAT inflating to the right size. */
  function assertValidPng(bytes: Buffer, width: number, height: number) {
    expect(pngSize(bytes)).toEqual({ width, height });
    let offset = 8;
    const idat: Buffer[] = [];
    const types: string[] = [];
    while (offset < bytes.length) {
      const len = bytes.readUInt32BE(offset);
      const type = bytes.toString("ascii", offset + 4, offset + 8);
      const data = bytes.subarray(offset + 8, offset + 8 + len);
      const crc = bytes.readUInt32BE(offset + 8 + len);
      expect(crc).toBe(crc32(bytes.subarray(offset + 4, offset + 8 + len)));
      if (type === "IDAT") idat.push(data);
      types.push(type);
      offset += 12 + len;
    }
    expect(types[0]).toBe("IHDR");
    expect(types.at(-1)).toBe("IEND");
    expect(bytes[24]).toBe(8); // bit depth
    expect(bytes[25]).toBe(2); // RGB
    expect(inflateSync(Buffer.concat(idat)).length).toBe((width * 3 + 1) * height);
  }

  function crc32(buf: Buffer): number {
    let c = ~0;
    for (const byte of buf) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
    }
    return ~c >>> 0;
  }

  async function fetchImage(url: string) {
    const u = new URL(url);
    const r = await call(fixture.server, u.pathname, {
      key: null,
      accept: "image/*",
      workspace: u.hostname.endsWith(".localhost") ? u.hostname.split(".")[0] : undefined,
    });
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("image/png");
    expect(r.headers["cache-control"]).toMatch(/max-age=\d{6,}/);
    return r.body;
  }

  it("serves every cover, thumbnail and avatar of the blog as a valid PNG of the documented size", async () => {
    const body = blogListV2Schema.parse((await call(fixture.server, "/api/external/v2/blog-posts")).json());
    const post = body.blog_posts.find((p) => p.thumbnail_image_url !== "")!;
    assertValidPng(await fetchImage(post.cover_image_url), 1200, 630);
    assertValidPng(await fetchImage(post.thumbnail_image_url), 400, 300);
    assertValidPng(await fetchImage(post.authors[0]!.profile_image_url), 128, 128);
    const urls = new Set(
      body.blog_posts.flatMap((p) => [
        p.cover_image_url,
        p.thumbnail_image_url,
        ...p.authors.map((a) => a.profile_image_url),
      ]),
    );
    urls.delete("");
    for (const url of urls) expect(pngSize(await fetchImage(url)).width).toBeGreaterThan(0);
  });

  it("serves member avatars", async () => {
    const r = await call(fixture.server, "/api/external/v2/team-members");
    const { team_members } = r.json() as { team_members: { profile_image_url: string | null }[] };
    const url = team_members.find((m) => m.profile_image_url)!.profile_image_url!;
    assertValidPng(await fetchImage(url), 128, 128);
  });

  it("is deterministic per key and differs between keys", async () => {
    const a = await fetchImage(`${origin}/__local/images/covers/caching-without-tears.png`);
    const b = await fetchImage(`${origin}/__local/images/covers/caching-without-tears.png`);
    const c = await fetchImage(`${origin}/__local/images/covers/time-zones-are-a-team-sport.png`);
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });

  it("404s for images nothing links to", async () => {
    const posts = blogListV2Schema.parse(
      (await call(fixture.server, "/api/external/v2/blog-posts")).json(),
    ).blog_posts;
    const noThumb = posts.find((p) => p.thumbnail_image_url === "")!;
    expectError(
      await call(fixture.server, `/__local/images/thumbs/${noThumb.slug}.png`, { key: null }),
      404,
      "Image not found",
    );
    expectError(
      await call(fixture.server, "/__local/images/covers/no-such-post.png", { key: null }),
      404,
      "Image not found",
    );
    expectError(
      await call(fixture.server, "/__local/images/avatars/00000000-0000-4000-8000-000000000000.png", {
        key: null,
      }),
      404,
      "Image not found",
    );
    // Percent-escapes are decoded once, by the router: "%25" is a literal "%", not a 500.
    expectError(
      await call(fixture.server, "/__local/images/covers/%25.png", { key: null }),
      404,
      "Image not found",
    );
    expectError(await call(fixture.server, "/__local/images/other/x.png", { key: null }), 404);
    expectError(
      await call(fixture.server, "/__local/images/covers/caching-without-tears.jpg", { key: null }),
      404,
    );
  });

  it("answers HEAD with headers only", async () => {
    const r = await call(fixture.server, "/__local/images/covers/caching-without-tears.png", {
      method: "HEAD",
      key: null,
    });
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("image/png");
    expect(Number(r.headers["content-length"])).toBeGreaterThan(1000);
    expect(r.body.length).toBe(0);
  });
});
