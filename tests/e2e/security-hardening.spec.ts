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
