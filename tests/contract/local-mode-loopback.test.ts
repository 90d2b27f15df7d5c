import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isLoopbackConnection, localModeLoopbackOnly, OFF_LOOPBACK_REFUSED } from "@/lib/config/local-mode";
import { dockerRuntimeStage, ROOT } from "../helpers/deploy-units";
import { freePort } from "../helpers/redis-server";

/*
 * Local mode (the public demo password and secrets) never leaves this machine: the image's own
 * command without a real workspace's configuration stops, naming what to set, before anything
 * listens; and a server listening on every interface anyway answers a connection from off this
 * machine with the refusal, judged by the connection, not by the Host header the client wrote.
 */

const FIVE = ["WORKSPACE_URL", "WORKSPACE_API_KEY", "SESSION_SECRET", "ADMIN_USERS", "SITE_URL"];

/** This machine's first non-loopback IPv4 address: what another machine on its network would connect to. */
const external = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && !a.internal && a.family === "IPv4")?.address;

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

describe("the Docker image without a real workspace's configuration", () => {
  it("stops with the message naming the five variables, before starting the local workspace", async () => {
    const image = dockerRuntimeStage();
    expect(image.env.HOSTNAME).toBe("0.0.0.0");
    const [port, workspacePort] = [await freePort(), await freePort()];
    // The image's environment and command, and nothing else (no env file); only the ports are
    // this test's own, so a stray start could not collide with another suite.
    const env = {
      PATH: process.env.PATH,
      ...image.env,
      PORT: String(port),
      LOCAL_WORKSPACE_PORT: String(workspacePort),
      NEXT_DIST_DIR: ".next-no-such-build",
    } as unknown as NodeJS.ProcessEnv;
    const child = spawn(process.execPath, image.cmd.slice(1), {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        resolve(null);
      }, 30_000);
      child.once("exit", (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    expect(code, output).toBe(1);
    expect(output).toContain("HOSTNAME=0.0.0.0");
    for (const name of FIVE) expect(output).toContain(name);
    expect(await portIsFree(workspacePort)).toBe(true);
    expect(await portIsFree(port)).toBe(true);
  }, 40_000);
});

describe("a local-mode server listening on every interface", () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    // The site's server runs the step first in local mode (lib/launcher/server.ts); this one
    // answers with the target Next would see, and how the request's connection was judged.
    server = http.createServer((req, res) => {
      localModeLoopbackOnly(req);
      res.end(JSON.stringify({ url: req.url, loopback: isLoopbackConnection(req.socket) }));
    });
    await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (host: string, hostHeader: string) =>
    new Promise<{ url: string; loopback: boolean }>((resolve, reject) => {
      const req = http.request(
        { host, port, method: "POST", path: "/api/admin/login", headers: { host: hostHeader } },
        (res) => {
          let body = "";
          res.on("data", (d) => (body += d));
          res.on("end", () => resolve(JSON.parse(body)));
        },
      );
      req.once("error", reject);
      req.end("{}");
    });

  it("serves a connection from this machine, whatever its Host header", async () => {
    expect(await post("127.0.0.1", `localhost:${port}`)).toEqual({ url: "/api/admin/login", loopback: true });
    expect(await post("127.0.0.1", "anything.example")).toEqual({ url: "/api/admin/login", loopback: true });
  });

  it.skipIf(!external)(
    "refuses a connection from the network, even one that says Host: localhost",
    async () => {
      for (const hostHeader of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`])
        expect(await post(external!, hostHeader)).toEqual({ url: OFF_LOOPBACK_REFUSED, loopback: false });
    },
  );
});
