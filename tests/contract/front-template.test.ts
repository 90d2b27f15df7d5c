import { spawn } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUpstream, type Received } from "../helpers/fake-upstream";
import { send, type Answer } from "../helpers/front-load";
import { startOfSecond } from "../helpers/until";
import { FRONT_TEMPLATE, startFront, type Front } from "../helpers/nginx";
import { freePort } from "../helpers/redis-server";

/*
 * The front's template on its own, against scriptable upstreams instead of Masthead, for what
 * the app does not show on demand: a response with Set-Cookie or no-store, a stale copy, an
 * instance that drops a POST it received, one that refuses connections. Debian's nginx, its own
 * temp folder and free ports (tests/helpers/nginx.ts). The whole stack is tests/e2e/front.spec.ts.
 */

type Upstream = Awaited<ReturnType<typeof startFakeUpstream>>;
const portOf = (u: Upstream) => new URL(u.apiBase).port;
/** Every answer a new HTML body, with the headers of the first path prefix the URL starts with. */
function answerWith(upstream: Upstream, headersByPrefix: Record<string, Record<string, string>>) {
  upstream.reply((req, res, i) => {
    const extra = Object.entries(headersByPrefix).find(([prefix]) => req.url.startsWith(prefix));
    res.writeHead(200, { "content-type": "text/html", ...extra?.[1] }).end(`answer ${i} for ${req.url}`);
  });
}

describe("deploy/nginx/masthead.conf.template", () => {
  it("has exactly the four documented placeholders; nginx's own variables survive the render", () => {
    const template = readFileSync(FRONT_TEMPLATE, "utf8");
    const placeholders = new Set(template.match(/\$\{[A-Za-z_]+\}/g));
    expect([...placeholders].sort()).toEqual([
      "${MASTHEAD_CACHE_DIR}",
      "${MASTHEAD_LISTEN}",
      "${MASTHEAD_PAGES_DIR}",
      "${MASTHEAD_UPSTREAMS}",
    ]);
  });

  describe("in front of one scripted instance", () => {
    let upstream: Upstream;
    let front: Front;
    beforeAll(async () => {
      upstream = await startFakeUpstream();
      front = await startFront({ upstreams: [`127.0.0.1:${portOf(upstream)}`] });
      expect(front.rendered).toContain("$proxy_add_x_forwarded_for");
      expect(front.rendered).not.toContain("${MASTHEAD_");
    });
    afterAll(async () => {
      await front?.stop();
      await upstream?.close();
    });

    it("passes the reader's address where TRUST_PROXY=1 reads it; X-Real-IP and Forwarded a reader writes are replaced", async () => {
      upstream.reply((_req, res) => res.writeHead(200, { "cache-control": "no-store" }).end("ok"));
      await send(`${front.url}/api/anything`, {
        headers: {
          "x-forwarded-for": "198.51.100.1",
          "x-real-ip": "198.51.100.2",
          forwarded: "for=198.51.100.3",
        },
      });
      // A page reaches the instance through the last good copies' server: the same headers.
      await send(`${front.url}/a-page`, {
        headers: {
          "x-forwarded-for": "198.51.100.1",
          "x-real-ip": "198.51.100.2",
          forwarded: "for=198.51.100.3",
          "accept-encoding": "gzip",
        },
      });
      expect(upstream.received).toHaveLength(2);
      for (const { headers: seen, url } of upstream.received) {
        expect(seen["x-forwarded-for"], url).toBe("198.51.100.1, 127.0.0.1");
        expect(seen["x-real-ip"], url).toBe("127.0.0.1");
        expect(seen.forwarded, url).toBeUndefined();
        expect(seen["x-forwarded-host"], url).toBe(`127.0.0.1:${front.port}`);
        expect(seen.host, url).toBe(`127.0.0.1:${front.port}`);
        expect(seen["accept-encoding"], url).toBeUndefined();
      }
    });

    it("lets one request per page and second reach an instance, however many readers ask at once", async () => {
      // A page that takes a moment to answer, so the readers' requests overlap its fetch.
      upstream.reply((req, res) => {
        setTimeout(() => res.writeHead(200, { "content-type": "text/html" }).end(`page ${req.url}`), 200);
      });
      const rounds = 2;
      for (let round = 0; round < rounds; round++) {
        await startOfSecond();
        const answers = await Promise.all(
          Array.from({ length: 40 }, (_, i) => send(`${front.url}/herd/${i % 2}`)),
        );
        expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
        expect(new Set(answers.map((a) => a.body))).toEqual(new Set(["page /herd/0", "page /herd/1"]));
      }
      const asked = (path: string) => upstream.received.filter((r) => r.url === path).length;
      expect([asked("/herd/0"), asked("/herd/1")], "requests that reached the instance").toEqual([
        rounds,
        rounds,
      ]);
    });

    it("stores a public page within the current second, and never one with Set-Cookie, no-store, private or a stale copy", async () => {
      answerWith(upstream, {
        "/cookie": { "set-cookie": "a=b" },
        "/no-store": { "cache-control": "private, no-cache, no-store" },
        "/stale": { "x-nextjs-cache": "STALE" },
        "/page": { "cache-control": "s-maxage=31536000" },
      });
      for (const path of ["/cookie", "/no-store", "/stale"]) {
        const first = await send(`${front.url}${path}`);
        const second = await send(`${front.url}${path}`);
        expect(first.body, path).not.toBe(second.body);
        expect(second.headers["x-masthead-cache"], path).toBe("MISS");
      }
      expect(upstream.received.filter((r) => r.url === "/cookie")).toHaveLength(2);

      await startOfSecond();
      const first = await send(`${front.url}/page`);
      const second = await send(`${front.url}/page`);
      expect(second.headers["x-masthead-cache"]).toBe("HIT");
      expect(second.body).toBe(first.body);
      // Next asked for a year: the front asks again as soon as the clock's second changes.
      await startOfSecond();
      const next = await send(`${front.url}/page`);
      expect(next.headers["x-masthead-cache"]).toBe("MISS");
      expect(next.body).not.toBe(first.body);
    });

    it("keys RSC payloads apart from HTML, and a signed-in admin bypasses the cache", async () => {
      upstream.reply((req, res) => {
        const rsc = req.headers.rsc === "1";
        res
          .writeHead(200, {
            "content-type": rsc ? "text/x-component" : "text/html",
            vary: "RSC, Next-Router-State-Tree, Next-Router-Prefetch",
          })
          .end(rsc ? `rsc ${req.headers["next-router-prefetch"] ?? ""}` : "<!doctype html>");
      });
      for (let i = 0; i < 3; i++) {
        expect((await send(`${front.url}/rsc-page`)).body).toBe("<!doctype html>");
        expect((await send(`${front.url}/rsc-page`, { headers: { rsc: "1" } })).body).toBe("rsc ");
        expect(
          (await send(`${front.url}/rsc-page`, { headers: { rsc: "1", "next-router-prefetch": "1" } })).body,
        ).toBe("rsc 1");
      }
      const admin = await send(`${front.url}/rsc-page`, { headers: { cookie: "masthead_admin=x" } });
      expect(admin.headers["x-masthead-cache"]).toBe("BYPASS");
    });

    it("keys a page on its path: 200 views with random query strings add at most 2 files and reach an instance no more than plain views", async () => {
      answerWith(upstream, {});
      const reached = (path: string) => upstream.received.filter((r) => r.url.split("?")[0] === path).length;
      // All at once, within about a second: what a plain view costs is one request a second.
      const views = async (url: (i: number) => string) => {
        await startOfSecond();
        await Promise.all(Array.from({ length: 200 }, (_, i) => send(url(i), { from: "127.0.0.60" })));
      };
      await views(() => `${front.url}/blog/plain-post`);
      const before = front.cachedFiles();
      await views((i) => `${front.url}/blog/a-post?r=${i}-${Math.random().toString(36).slice(2)}`);
      expect(front.cachedFiles() - before, "files added to the cache folders").toBeLessThanOrEqual(2);
      expect(reached("/blog/a-post"), "requests that reached the instance").toBeLessThanOrEqual(
        3 * reached("/blog/plain-post"),
      );

      // Where the app reads the query (lib/http/request-shaping.ts), each query has its own answer.
      for (const path of ["/newsletter/retry", "/_next/image"]) {
        for (const query of ["?x=1", "?x=2"])
          expect((await send(`${front.url}${path}${query}`)).body).toMatch(
            new RegExp(`for ${path}\\${query}$`),
          );
      }
      // An RSC request's `_rsc` is part of it (Next answers one without it with a redirect to it).
      const rsc = { headers: { rsc: "1" } };
      expect((await send(`${front.url}/rsc-q`, rsc)).body).toMatch(/for \/rsc-q$/);
      expect((await send(`${front.url}/rsc-q?_rsc=abc`, rsc)).body).toMatch(/for \/rsc-q\?_rsc=abc$/);

      // Another spelling of an image, which the instances redirect to their one spelling: never stored.
      upstream.reply((_req, res) => res.writeHead(308, { location: "/_next/image?url=x&w=640&q=75" }).end());
      const files = front.cachedFiles();
      for (let i = 0; i < 3; i++)
        expect((await send(`${front.url}/_next/image?url=x&w=640&q=75&r=1`)).status).toBe(308);
      expect(upstream.received).toHaveLength(3);
      expect(front.cachedFiles()).toBe(files);
    });

    it("limits one reader's requests that no copy answers; a hot page is never limited", async () => {
      answerWith(upstream, {});
      const misses = await Promise.all(
        Array.from({ length: 300 }, (_, i) => send(`${front.url}/flood/${i}`, { from: "127.0.0.61" })),
      );
      const refused = misses.filter((a) => a.status === 429);
      expect(refused.length, "refused at the front").toBeGreaterThanOrEqual(100);
      expect(refused[0]!.headers["retry-after"]).toBe("10");
      expect(upstream.received.length, "requests that reached the instance").toBeLessThanOrEqual(200);

      await startOfSecond();
      const hits = await Promise.all(
        Array.from({ length: 300 }, () => send(`${front.url}/hot-page`, { from: "127.0.0.62" })),
      );
      expect(hits.filter((a) => a.status !== 200)).toEqual([]);
    });

    it("refuses oversized bodies and floods with short answers in the asker's format", async () => {
      upstream.reply((_req, res) => res.writeHead(201, { "content-type": "application/json" }).end("{}"));
      const json = { "content-type": "application/json", accept: "application/json" };
      const fits = await send(`${front.url}/api/newsletter`, {
        method: "POST",
        headers: json,
        body: "x".repeat(4096),
      });
      expect(fits.status).toBe(201);
      const tooBig = await send(`${front.url}/api/newsletter`, {
        method: "POST",
        headers: json,
        body: "x".repeat(4097),
      });
      expect(tooBig.status).toBe(413);
      expect(JSON.parse(tooBig.body)).toEqual({
        error: expect.stringMatching(/^This request is too large\./),
      });
      expect(tooBig.headers["retry-after"]).toBeUndefined();
      const admin = await send(`${front.url}/api/admin/team-members`, {
        method: "POST",
        headers: json,
        body: "x".repeat(64_001),
      });
      expect(admin.status).toBe(413);

      const answers = await Promise.all(
        Array.from({ length: 60 }, () =>
          send(`${front.url}/api/admin/login`, { method: "POST", headers: json, body: "{}" }),
        ),
      );
      const refused = answers.filter((a) => a.status === 429);
      expect(refused.length).toBeGreaterThanOrEqual(45);
      expect(refused[0]!.headers["retry-after"]).toBe("10");
      expect(JSON.parse(refused[0]!.body).error).toMatch(/^Too many requests/);
      const page = await send(`${front.url}/search?q=x`, { headers: { accept: "text/html" } });
      expect(page.status).toBe(201);
    });
  });

  describe("when no instance answers", () => {
    let upstream: Upstream;
    let front: Front;
    beforeAll(async () => {
      upstream = await startFakeUpstream();
      front = await startFront({ upstreams: [`127.0.0.1:${portOf(upstream)} max_fails=0`] });
    });
    afterAll(async () => {
      await front?.stop();
      await upstream?.close();
    });

    it("serves a public page's last good copy, marked STALE; the admin, the API, search and what was never stored answer 503", async () => {
      answerWith(upstream, {
        "/private": { "cache-control": "private, no-store" },
        "/cookie": { "set-cookie": "a=b" },
        "/renders-again": { "x-nextjs-cache": "STALE" },
      });
      // A URL with a query string the page does not read never leaves a last good copy.
      const never = ["/private", "/cookie", "/admin/members", "/api/posts", "/search?q=x", "/queried?r=1"];
      for (const path of never) expect((await send(`${front.url}${path}`)).status, path).toBe(200);
      // Next's answer while it renders a page again (the page as it was a moment ago): never
      // stored at the edge, but better than nothing when no instance answers.
      const renderingAgain = await send(`${front.url}/renders-again`);
      expect(renderingAgain.headers["x-masthead-cache"]).toBe("MISS");
      // Two seconds' copies of the page: the later one is the last good copy.
      await send(`${front.url}/page`);
      await startOfSecond();
      const last = await send(`${front.url}/page`);
      expect(last.headers["x-masthead-cache"]).toBe("MISS");

      await upstream.close();
      await startOfSecond();
      for (let i = 0; i < 2; i++) {
        const copy = await send(`${front.url}/page`, { headers: { accept: "text/html" } });
        expect(copy.status).toBe(200);
        expect(copy.body).toBe(last.body);
        expect(copy.headers["x-masthead-cache"]).toBe("STALE");
      }
      // The page's copy answers it whatever query string it is asked with.
      const queried = await send(`${front.url}/page?utm_source=x`, { headers: { accept: "text/html" } });
      expect([queried.status, queried.body, queried.headers["x-masthead-cache"]]).toEqual([
        200,
        last.body,
        "STALE",
      ]);
      const copy = await send(`${front.url}/renders-again`);
      expect([copy.status, copy.body, copy.headers["x-masthead-cache"]]).toEqual([
        200,
        renderingAgain.body,
        "STALE",
      ]);
      for (const path of [...never, "/queried", "/never-seen"]) {
        const refused = await send(`${front.url}${path}`, { headers: { accept: "text/html" } });
        expect(refused.status, path).toBe(503);
        expect(refused.headers["retry-after"], path).toBe("5");
      }
      // The reader's 503 is a page of its own: styled for a phone and both colour schemes,
      // with nothing to fetch from the instances that are not answering.
      const page = await send(`${front.url}/never-seen`, { headers: { accept: "text/html" } });
      expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(page.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(page.body).toMatch(/<style>[^<]*prefers-color-scheme:dark[^<]*<\/style>/);
      expect(page.body).toContain("<h1>The site is restarting or busy</h1>");
      expect(page.body).not.toMatch(/<link|<script|src=/);
      // A signed-in admin is never given a stored page either.
      const admin = await send(`${front.url}/page`, { headers: { cookie: "masthead_admin=x" } });
      expect(admin.headers["x-masthead-cache"]).not.toBe("HIT");
    });
  });

  describe("in front of two instances", () => {
    let dropper: Upstream;
    let steady: Upstream;
    let front: Front;
    beforeAll(async () => {
      dropper = await startFakeUpstream();
      steady = await startFakeUpstream();
      const closed = await freePort();
      front = await startFront({
        upstreams: [
          `127.0.0.1:${closed} max_fails=0`,
          `127.0.0.1:${portOf(dropper)} max_fails=0`,
          `127.0.0.1:${portOf(steady)} max_fails=0`,
        ],
      });
    });
    afterAll(async () => {
      await front?.stop();
      await dropper?.close();
      await steady?.close();
    });

    it("retries what an instance never received, never a POST it received", async () => {
      // The dropper reads each request in full, then closes the connection without answering.
      dropper.reply((_req, res) => res.socket?.destroy());
      steady.reply((_req, res) => res.writeHead(200, { "cache-control": "no-store" }).end("ok"));
      const answers: Answer[] = [];
      for (let i = 0; i < 12; i++) {
        answers.push(
          await send(`${front.url}/api/newsletter`, {
            method: "POST",
            headers: { "content-type": "application/json", accept: "application/json" },
            body: JSON.stringify({ id: i }),
          }),
        );
      }
      const bodies = (rs: Received[]) => rs.filter((r) => r.method === "POST").map((r) => r.body);
      const dropped = bodies(dropper.received);
      const delivered = bodies(steady.received);
      expect(dropped.length, "some POSTs reached the dropping instance").toBeGreaterThan(0);
      expect(
        dropped.filter((b) => delivered.includes(b)),
        "none was sent again",
      ).toEqual([]);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(delivered.length);
      const failed = answers.filter((a) => a.status !== 200);
      expect(failed).toHaveLength(dropped.length);
      for (const a of failed) {
        expect(a.status).toBe(503);
        expect(a.headers["retry-after"]).toBe("5");
      }
      // The refused connections cost nothing: those POSTs all went on to an instance.
      expect(dropped.length + delivered.length).toBe(12);

      // A GET the dropper received is idempotent: asked again of the next instance.
      const views = await Promise.all(Array.from({ length: 6 }, () => send(`${front.url}/api/view`)));
      expect(views.map((v) => v.status)).toEqual([200, 200, 200, 200, 200, 200]);
    });
  });

  describe("the last good copies' socket", () => {
    let upstream: Upstream;
    let front: Front;
    beforeAll(async () => {
      upstream = await startFakeUpstream();
      answerWith(upstream, {});
      front = await startFront({ upstreams: [`127.0.0.1:${portOf(upstream)} max_fails=0`] });
    });
    afterAll(async () => {
      await front?.stop();
      await upstream?.close();
    });

    /** A request straight to the socket, as a local process that found it would send it. */
    const direct = (method: string, path: string, headers: Record<string, string> = {}, body = "") =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ socketPath: front.socket, method, path, headers }, (res) => {
          let text = "";
          res.on("data", (d) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.once("error", reject);
        req.end(body);
      });

    it("only nginx's workers can reach it: its folder is theirs alone (mode 0700)", async () => {
      expect(statSync(front.socket).isSocket()).toBe(true);
      const folder = statSync(`${front.dir}/cache`);
      expect(folder.mode & 0o777).toBe(0o700);
      if (process.getuid?.() !== 0) return; // only root can try as another user
      // Another local user (nobody) trying the socket.
      const child = spawn(
        process.execPath,
        [
          "-e",
          `require("node:net").connect(${JSON.stringify(front.socket)}).on("connect", () => { console.log("connected"); process.exit(0); }).on("error", (e) => { console.log(e.code); process.exit(0); });`,
        ],
        { uid: 65534, gid: 65534, stdio: ["ignore", "pipe", "pipe"] },
      );
      let out = "";
      child.stdout.on("data", (d: Buffer) => (out += d.toString()));
      await new Promise((resolve) => child.once("exit", resolve));
      expect(out.trim()).toBe("EACCES");
    });

    it("passes GET and HEAD of public pages only: no sign-in, API, admin, search or other method gets through", async () => {
      upstream.received.length = 0;
      const forged = { "x-forwarded-for": "203.0.113.77", "content-type": "application/json" };
      const refused = [
        ["POST", "/api/admin/login", JSON.stringify({ email: "admin@example.com", password: "x" })],
        ["GET", "/api/admin/team-members", ""],
        ["GET", "/admin", ""],
        ["GET", "/search?q=x", ""],
        ["GET", "/_next/static/chunks/x.js", ""],
        ["POST", "/a-page", "{}"],
        ["PUT", "/a-page", "{}"],
        ["DELETE", "/a-page", ""],
        ["OPTIONS", "/a-page", ""],
      ] as const;
      for (const [method, path, body] of refused) {
        const answer = await direct(method, path, forged, body);
        expect(answer.status, `${method} ${path}`).toBe(403);
      }
      expect(upstream.received.map((r) => `${r.method} ${r.url}`)).toEqual([]);
      // The one thing the public server sends it.
      expect((await direct("GET", "/a-page", forged)).status).toBe(200);
      expect(upstream.received.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /a-page"]);
    });

    it("the public server still hands anything but a read of a page to an instance itself", async () => {
      upstream.received.length = 0;
      const answer = await send(`${front.url}/a-form-page`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "a=1",
      });
      expect(answer.status).toBe(200);
      expect(upstream.received.map((r) => `${r.method} ${r.url} ${r.headers["x-forwarded-for"]}`)).toEqual([
        "POST /a-form-page 127.0.0.1",
      ]);
    });

    it("a socket left by an nginx killed with SIGKILL does not stop the next start", async () => {
      await front.kill9();
      expect(existsSync(front.socket), "the killed nginx left its socket").toBe(true);
      await front.restart();
      upstream.received.length = 0;
      const page = await send(`${front.url}/after-restart`);
      expect(page.status).toBe(200);
      expect(upstream.received.map((r) => r.url)).toEqual(["/after-restart"]);
    });
  });
});
