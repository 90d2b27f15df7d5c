import http from "node:http";
import { freePort } from "./redis-server";

/*
 * The one public address a team's proxy gives its instances, reduced to what a test needs: every
 * request (method, path, headers, body) goes to the instance chosen now, and the answer comes
 * back as it is. A browser then keeps one origin (what a passkey and SITE_URL are bound to)
 * while the test chooses which instance answers.
 */

export type SwitchableFront = {
  port: number;
  /** http://localhost:PORT: a host name, as WebAuthn's RP ID must be (never an IP address). */
  url: string;
  /** Sends every later request to `target` (e.g. http://127.0.0.1:3001). */
  route(target: string): void;
  stop(): Promise<void>;
};

export async function startSwitchableFront(): Promise<SwitchableFront> {
  const port = await freePort();
  let target: URL | null = null;
  const server = http.createServer((req, res) => {
    if (!target) {
      res.writeHead(502).end("no instance chosen");
      return;
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port,
    url: `http://localhost:${port}`,
    route(next) {
      target = new URL(next);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
