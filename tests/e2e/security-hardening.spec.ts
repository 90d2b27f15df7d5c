import net from "node:net";
import os from "node:os";
import { expect, test } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";

/*
 * Security hardening against the running site (issue "Security hardening"): what an outsider on
 * the same network or with a browser can reach. The per-module regression tests live beside the
 * code's other tests (unit/contract); these check the assembled site.
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

test("addresses that name no post, tag or author are answered from the prerendered not-found page, not rendered", async ({
  request,
}) => {
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  // The first unknown address after a start may be rendered: it is what loads the blog's addresses.
  expect((await request.get(`/blog/warm-up-${run}`)).status()).toBe(404);
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
