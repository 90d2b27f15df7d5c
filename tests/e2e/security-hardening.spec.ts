import http from "node:http";
import net from "node:net";
import os from "node:os";
import { expect, test } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { startSecondServer } from "../helpers/e2e-second-server";

/*
 * Security hardening against the running site: what an outsider on the same network or with a
 * browser can reach. The per-module regression tests live beside the code's other tests
 * (unit/contract); these check the assembled site.
 */

function connect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(3_000, () => {
      socket.destroy();
      resolve("timeout");
    });
    socket.once("connect", () => {
      socket.destroy();
      resolve("open");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
  });
}

test("in local mode (demo password and secrets) the site listens on loopback only", async () => {
  test.skip(Boolean(process.env.HOSTNAME), "HOSTNAME is set: the site listens where it says");
  test.skip(Boolean(process.env.WORKSPACE_URL), "not local mode");
  const external = Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && !a.internal && a.family === "IPv4");
  test.skip(!external, "this machine has no non-loopback IPv4 address to try");
  expect(await connect("127.0.0.1", E2E_PORT)).toBe("open");
  expect(await connect(external!.address, E2E_PORT)).not.toBe("open");
});

/** The demo admin's sign-in, posted to `address` as a browser on `localhost` would (Host and Origin say localhost). */
function demoSignIn(
  address: string,
  port: number,
): Promise<{ status: number; cookies: string[]; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: address,
        port,
        method: "POST",
        path: "/api/admin/login",
        headers: {
          host: `localhost:${port}`,
          origin: `http://localhost:${port}`,
          "content-type": "application/json",
          accept: "application/json",
        },
      },
      (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, cookies: res.headers["set-cookie"] ?? [], body }),
        );
      },
    );
    req.once("error", reject);
    req.end(JSON.stringify({ email: "admin@example.com", password: "masthead-demo" }));
  });
}

test("no demo sign-in succeeds off loopback, even on a local-mode server started on every interface", async () => {
  test.skip(Boolean(process.env.WORKSPACE_URL), "not local mode");
  const external = Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && !a.internal && a.family === "IPv4");
  test.skip(!external, "this machine has no non-loopback IPv4 address to try");
  test.setTimeout(120_000);
  // `next start -H 0.0.0.0` directly: what the launcher refuses to do, done another way.
  const server = await startSecondServer(
    { WORKSPACE_URL: undefined, HOSTNAME: undefined },
    { hostname: "0.0.0.0" },
  );
  try {
    const fromNetwork = await demoSignIn(external!.address, server.port);
    expect(fromNetwork.status).toBe(403);
    expect(fromNetwork.cookies).toEqual([]);
    expect(fromNetwork.body).toContain("WORKSPACE_URL");
    // The control: the same sign-in from this machine is let in.
    const here = await demoSignIn("127.0.0.1", server.port);
    expect(here.status).toBe(200);
    expect(here.cookies.join(";")).toMatch(/masthead/i);
  } finally {
    await server.stop();
  }
});

test("a brand file is served sandboxed: no script, an opaque origin, nosniff", async ({ page, request }) => {
  const res = await request.get("/brand/icon");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-security-policy"]).toBe("script-src 'none'; sandbox");
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  // Opened on its own, as a link to it would be: the document is not the site's origin, so
  // nothing in it could read the admin API with a signed-in admin's cookies.
  await page.goto("/brand/icon");
  expect(await page.evaluate(() => self.origin)).toBe("null");
});

test("addresses that name no post, tag or author are answered from the prerendered not-found page, not rendered", async ({
  request,
}) => {
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  // While the blog store holds no current copy (after a start or a revalidation) the route
  // decides, and its render refreshes the copy: a few unknown addresses may be rendered first.
  // From then on the site's server answers them (lib/launcher/server.ts).
  let warm = "";
  for (let i = 0; i < 5 && warm !== "HIT"; i++) {
    const res = await request.get(`/blog/warm-up-${run}-${i}`);
    expect(res.status()).toBe(404);
    warm = res.headers()["x-nextjs-cache"] ?? "";
  }
  for (const path of [
    `/blog/no-such-${run}`,
    `/tags/no-such-${run}`,
    `/authors/no-such-${run}`,
    `/blog/page/9${run.length}99999`,
  ]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(await res.text(), path).toContain("Page not found");
    // Served from the cache like any prerendered page: nothing was rendered for this address.
    expect(res.headers()["x-nextjs-cache"], path).toBe("HIT");
  }
  const og = await request.get(`/og/blog/no-such-${run}`);
  expect(og.status()).toBe(404);
  expect(og.headers()["content-type"]).toMatch(/^text\/plain/);
  // Real addresses are untouched.
  const blog = await (await request.get("/blog")).text();
  const post = /href="(\/blog\/[^"/?#]+)"/.exec(blog.replace(/href="\/blog\/page[^"]*"/g, ""))?.[1];
  expect(post).toBeTruthy();
  expect((await request.get(post!)).status()).toBe(200);
  expect((await request.get(`/og${post!}`)).status()).toBe(200);
});

test("admin pages get a per-request nonce policy: no 'unsafe-inline', and an injected inline script does not run", async ({
  page,
  request,
}) => {
  const policies = new Set<string>();
  for (let i = 0; i < 2; i++) {
    const res = await request.get("/admin/login");
    expect(res.status()).toBe(200);
    const csp = res.headers()["content-security-policy"] ?? "";
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc).toContain("'strict-dynamic'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1]!;
    policies.add(nonce);
    // Every script Next wrote carries it.
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, tag).toContain(`nonce="${nonce}"`);
  }
  expect(policies.size, "a new nonce per response").toBe(2);

  // In Chromium, a script injected into the page's HTML (what stored XSS would do) does not run,
  // while the page's own scripts (carrying the nonce) do: the form is hydrated and validates.
  await page.route("**/admin/login", async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace("</body>", "<script>window.__injected = 1</script></body>");
    await route.fulfill({ response, body });
  });
  const blocked: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
  });
  await page.goto("/admin/login");
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { __injected?: number }).__injected ?? null),
  ).toBeNull();
  await expect.poll(() => blocked.length).toBeGreaterThan(0);
});

/** One request written on a raw socket, as a client that does not follow browsers' habits sends it. */
function rawRequest(lines: string[]): Promise<{ status: number; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port: E2E_PORT }, () =>
      socket.write(`${lines.join("\r\n")}\r\n\r\n`),
    );
    let text = "";
    socket.on("data", (d: Buffer) => (text += d.toString("latin1")));
    socket.on("close", () => {
      const head = text.split("\r\n\r\n")[0] ?? "";
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head });
    });
    socket.on("error", reject);
  });
}

test("odd request targets get a clear answer on the site's own host: OPTIONS * a 400, an absolute-form target resolved here", async () => {
  const host = `Host: localhost:${E2E_PORT}`;
  const star = await rawRequest(["OPTIONS * HTTP/1.1", host, "Connection: close"]);
  expect(star.status, star.head).toBe(400);

  const absolute = await rawRequest([
    "GET http://evil.example/admin/account HTTP/1.1",
    host,
    "Connection: close",
  ]);
  expect(absolute.status, absolute.head).toBe(307);
  const location = /^location: (.*)$/im.exec(absolute.head)?.[1] ?? "";
  expect(location).not.toContain("evil.example");
  expect(new URL(location, `http://localhost:${E2E_PORT}`).pathname).toBe("/admin/login");
});

test("an admin page asked with an empty body (Content-Length: 0) still gets the nonce policy", async () => {
  const csp = await new Promise<string>((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: E2E_PORT, path: "/admin/login", headers: { "content-length": "0" } },
      (res) => {
        res.resume();
        resolve(String(res.headers["content-security-policy"] ?? ""));
      },
    );
    req.once("error", reject);
    req.end();
  });
  const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
  expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
});

test("a request body trickled slowly is cut off well before Node's default five minutes", async () => {
  test.setTimeout(60_000);
  const body = JSON.stringify({ email: "slow@example.org" }).padEnd(120, " ");
  const started = Date.now();
  const answer = new Promise<{ status: number; ms: number }>((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port: E2E_PORT }, () => {
      socket.write(
        [
          "POST /api/newsletter HTTP/1.1",
          `Host: localhost:${E2E_PORT}`,
          "Content-Type: application/json",
          `Content-Length: ${body.length}`,
          "",
          "",
        ].join("\r\n"),
      );
      let i = 0;
      const trickle = setInterval(() => socket.write(body[i++ % body.length]!), 1_000);
      // Not answered within 30 s: counted as held.
      const giveUp = setTimeout(() => socket.destroy(), 30_000);
      let text = "";
      socket.on("data", (d: Buffer) => (text += d.toString("latin1")));
      socket.on("close", () => {
        clearInterval(trickle);
        clearTimeout(giveUp);
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), ms: Date.now() - started });
      });
    });
    socket.on("error", () => {});
  });
  const { status, ms } = await answer;
  expect(status, `answered after ${ms} ms`).toBe(408);
  expect(ms).toBeLessThan(25_000);
});

test("an image URL spelt with a trailing slash is refused, and another spelling of the request redirected, so neither makes a second copy", async ({
  request,
}) => {
  const html = await (await request.get("/blog")).text();
  const src = /\/_next\/image\?url=[^"\s]+/.exec(html)?.[0]?.replaceAll("&amp;", "&");
  expect(src, "an optimised image on /blog").toBeTruthy();
  const asked = new URL(src!, "http://x");
  expect((await request.get(`${asked.pathname}${asked.search}`)).status()).toBe(200);
  // Any other spelling of the request (another order, a parameter Next does not read) is sent to
  // the one Next's own pages use: a front or CDN before the site stores that one only.
  const canonical = `${asked.pathname}${asked.search}`;
  for (const other of [
    `${canonical}&r=1`,
    canonical.replace(/^(\/_next\/image\?)(url=[^&]+)&(.*)$/, "$1$3&$2"),
  ]) {
    const res = await request.get(other, { maxRedirects: 0 });
    expect([res.status(), res.headers().location], other).toEqual([308, canonical]);
  }
  for (const suffix of ["/", "//"]) {
    asked.searchParams.set("url", `${new URL(src!, "http://x").searchParams.get("url")}${suffix}`);
    const res = await request.get(`${asked.pathname}${asked.search}`);
    expect(res.status(), `${asked.search}`).toBe(400);
  }
});
