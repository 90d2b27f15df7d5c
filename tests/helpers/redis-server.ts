import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createServer, connect } from "node:net";
import { stopProcess } from "./stop-process";
import { until } from "./until";

/*
 * A throwaway Redis for tests and benchmarks: Debian's redis-server on a free loopback port,
 * no persistence, stopped by PID. Never a system service, and nothing is left running.
 * `.ci/run` installs redis-server; REDIS_SERVER_BIN overrides the binary.
 */

export type TestRedis = {
  port: number;
  url: string;
  /** Stops the server (SIGTERM, then SIGKILL after 2 s). Safe to call twice. */
  stop: () => Promise<void>;
  /** Starts it again on the same port (after stop), for outage-and-recovery tests. */
  restart: () => Promise<void>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A free port below the system's ephemeral range (32768 and up on Linux). A data server is
 * killed and restarted on its port; a port from the ephemeral range could meanwhile be handed to
 * another suite's `listen(0)` or outgoing connection, one below it is not.
 */
export async function restartablePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/** Sends PING until the server answers PONG, or rejects after `timeoutMs`. */
export function waitForPong(port: number, timeoutMs: number): Promise<void> {
  const pong = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect({ host: "127.0.0.1", port }, () => socket.write("PING\r\n"));
      socket.setTimeout(500, () => socket.destroy());
      socket.on("data", (data) => {
        socket.destroy();
        resolve(data.toString().startsWith("+PONG"));
      });
      socket.on("error", () => resolve(false));
      socket.on("close", () => resolve(false));
    });
  return until(pong, { what: `redis-server on port ${port} to answer PING`, timeoutMs });
}

function launch(port: number): ChildProcess {
  const bin = process.env.REDIS_SERVER_BIN || "redis-server";
  const child = spawn(
    bin,
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--loglevel",
      "warning",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  child.on("error", (error) => {
    console.error(
      `[test-redis] could not start ${bin} (${error.message}); install Debian's redis-server (apt-get install redis-server)`,
    );
  });
  return child;
}

/** Fails at once, with the command to run, where there is no redis-server to start. */
export function requireRedisServer(): void {
  const bin = process.env.REDIS_SERVER_BIN || "redis-server";
  const probe = spawnSync(bin, ["--version"], { encoding: "utf8" });
  if (probe.status === 0) return;
  throw new Error(
    [
      `The shared-state tests start their own Redis, and ${bin} could not be run.`,
      "  Debian/Ubuntu:  sudo apt-get install redis-server   (no service needs to run)",
      "  macOS:          brew install redis",
      "  Or point REDIS_SERVER_BIN at a redis-server binary.",
    ].join("\n"),
  );
}

export async function startTestRedis(options: { port?: number } = {}): Promise<TestRedis> {
  requireRedisServer();
  const port = options.port ?? (await restartablePort());
  let child: ChildProcess | null = launch(port);
  const kill = () => child?.kill("SIGKILL");
  process.once("exit", kill);
  await waitForPong(port, 10_000);
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      await stopProcess(child, 2_000);
      child = null;
    },
    restart: async () => {
      await stopProcess(child, 2_000);
      child = launch(port);
      await waitForPong(port, 10_000);
    },
  };
}
