import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

/*
 * Preview-image covers cannot be used to make the server fetch internal addresses (SSRF).
 * Two real HTTP servers on loopback: "images", configured as the local workspace (the one host
 * allowed on a loopback address in local mode), and "internal", a service nobody configured.
 * What each server received is the outcome checked: the internal one must see no request at all.
 */

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);

type Served = { url: string; port: number; hits: string[]; close: () => Promise<void> };

async function serve(
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): Promise<Served> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

let images: Served;
let internal: Served;
let loadCover: (url: string) => Promise<string | null>;

beforeAll(async () => {
  internal = await serve((_req, res) => {
    res.writeHead(200, { "content-type": "image/png" });
    res.end(PNG);
  });
  images = await serve((req, res) => {
    const to = new URL(req.url ?? "/", "http://x").searchParams.get("to");
    if (to) {
      res.writeHead(302, { location: to });
      res.end();
      return;
    }
    res.writeHead(200, { "content-type": "image/png" });
    res.end(PNG);
  });
  delete process.env.WORKSPACE_URL;
  delete process.env.IMAGE_HOSTS;
  process.env.LOCAL_WORKSPACE_PORT = String(images.port);
  ({ loadCover } = await import("@/lib/blog/og"));
});

afterAll(async () => {
  await images?.close();
  await internal?.close();
});

beforeEach(() => {
  images.hits.length = 0;
  internal.hits.length = 0;
});

describe("the preview image's cover loader (local mode)", () => {
  it("loads a cover from the configured image host (the local workspace)", async () => {
    expect(await loadCover(`${images.url}/cover.png`)).toMatch(/^data:image\/png;base64,/);
    expect(images.hits).toEqual(["/cover.png"]);
  });

  it.each([
    ["loopback, another port", (p: number) => `http://127.0.0.1:${p}/secret.png`],
    ["localhost, another port", (p: number) => `http://localhost:${p}/secret.png`],
    ["0.0.0.0", (p: number) => `http://0.0.0.0:${p}/secret.png`],
    ["decimal IPv4", (p: number) => `http://2130706433:${p}/secret.png`],
    ["hex IPv4", (p: number) => `http://0x7f.0.0.1:${p}/secret.png`],
    ["IPv4-mapped IPv6", (p: number) => `http://[::ffff:127.0.0.1]:${p}/secret.png`],
  ])("refuses an unconfigured address (%s) without sending it anything", async (_name, at) => {
    expect(await loadCover(at(internal.port))).toBeNull();
    expect(internal.hits).toEqual([]);
  });

  it("re-checks every redirect hop: a configured host redirecting inside gets nothing fetched there", async () => {
    for (const to of [
      `http://127.0.0.1:${internal.port}/secret.png`,
      `http://0.0.0.0:${internal.port}/secret.png`,
      `http://2130706433:${internal.port}/secret.png`,
      `http://169.254.169.254/latest/meta-data/`,
    ]) {
      expect(await loadCover(`${images.url}/r?to=${encodeURIComponent(to)}`), to).toBeNull();
    }
    expect(internal.hits).toEqual([]);
    // A redirect that stays on the configured host is still followed.
    expect(await loadCover(`${images.url}/r?to=${encodeURIComponent("/cover.png")}`)).toMatch(
      /^data:image\/png/,
    );
  });
});

describe("addresses after DNS resolution", () => {
  it("refuses a configured public host name that resolves to a loopback, private or link-local address", async () => {
    const { fetchCoverBytes } = await import("@/lib/blog/cover-fetch");
    const host = {
      origin: `http://img.example.test:${internal.port}`,
      protocol: "http:",
      hostname: "img.example.test",
      port: String(internal.port),
      privateAddressAllowed: false,
    };
    for (const address of [
      "127.0.0.1",
      "10.0.0.8",
      "192.168.1.2",
      "169.254.169.254",
      "0.0.0.0",
      "::1",
      "::ffff:127.0.0.1",
      "fd00::1",
    ]) {
      const bytes = await fetchCoverBytes(`${host.origin}/secret.png`, {
        hosts: [host],
        timeoutMs: 2_000,
        maxBytes: 1024,
        resolve: async () => [{ address, family: address.includes(":") ? 6 : 4 }],
      });
      expect(bytes, address).toBeNull();
    }
    expect(internal.hits).toEqual([]);
    // The same name resolving to a public address is fetched (here: the test server, via a public-looking answer
    // is not possible on loopback, so the check is that a configured private host is reached).
    const allowed = await fetchCoverBytes(`${host.origin}/ok.png`, {
      hosts: [{ ...host, privateAddressAllowed: true }],
      timeoutMs: 2_000,
      maxBytes: 1024,
      resolve: async () => [{ address: "127.0.0.1", family: 4 }],
    });
    expect(allowed?.equals(PNG)).toBe(true);
    expect(internal.hits).toEqual(["/ok.png"]);
  });

  it("classifies addresses", async () => {
    const { isPublicAddress } = await import("@/lib/blog/cover-fetch");
    for (const a of [
      "127.0.0.1",
      "0.0.0.0",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "::1",
      "::",
      "fe80::1",
      "fc00::1",
      "::ffff:10.0.0.1",
      "224.0.0.1",
      "not-an-ip",
    ])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111"])
      expect(isPublicAddress(a), a).toBe(true);
  });
});
