import type { IncomingMessage } from "node:http";
import ipaddr from "ipaddr.js";

// Local mode runs the demo with a public password, so it stays on this machine: the launcher listens
// on loopback, and the site's server judges each connection by its socket, never the Host header.

const toServe =
  "To serve the network, configure your workspace: set WORKSPACE_URL, WORKSPACE_API_KEY, SESSION_SECRET, ADMIN_USERS and SITE_URL.";

export const LOCAL_MODE_OFF_LOOPBACK = `This site runs in local mode (no WORKSPACE_URL), with the public demo password and secrets, and answers on its own machine only. ${toServe}`;

export const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** 127.0.0.0/8, ::1, and IPv4 loopback written as IPv6 (`::ffff:127.0.0.1`). */
function isLoopbackAddress(address: string | undefined): boolean {
  return Boolean(address && ipaddr.isValid(address) && ipaddr.process(address).range() === "loopback");
}

/** A loopback address, or `localhost` (loopback only, RFC 6761); any other name may resolve anywhere. */
function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.trim().toLowerCase();
  if (name === "localhost") return true;
  return isLoopbackAddress(name.startsWith("[") && name.endsWith("]") ? name.slice(1, -1) : name);
}

export type ListenPlan =
  { hostname: string | undefined; message: string; refused?: undefined } | { refused: string };

/** Where `npm start` / `npm run dev` listen: HOSTNAME (unset: every interface), loopback in local mode. */
export function listenPlan(opts: {
  hostnameEnv: string | undefined;
  localMode: boolean;
  port: string;
}): ListenPlan {
  const chosen = opts.hostnameEnv?.trim() || undefined;
  if (opts.localMode) {
    if (chosen && !isLoopbackHostname(chosen))
      return {
        refused:
          `HOSTNAME=${chosen} is not a loopback address, and local mode (no WORKSPACE_URL) runs with ` +
          `the public demo password and secrets, so it listens on this machine only. ${toServe} ` +
          `To run the demo here, unset HOSTNAME or set HOSTNAME=127.0.0.1.`,
      };
    const hostname = chosen ?? "127.0.0.1";
    return {
      hostname,
      message:
        `Listening on ${hostname}:${opts.port} only: local mode uses the public demo password and secrets. ` +
        `Configure your workspace (WORKSPACE_URL and the rest) to serve the network.`,
    };
  }
  if (chosen) return { hostname: chosen, message: `Listening on ${chosen}:${opts.port} (HOSTNAME).` };
  return { hostname: undefined, message: `Listening on every interface, port ${opts.port}.` };
}

export const OFF_LOOPBACK_REFUSED = "/api/local-only";

/** Both ends of the connection on this machine (a socket with neither known is not). */
export function isLoopbackConnection(
  socket: { localAddress?: string; remoteAddress?: string } | null | undefined,
): boolean {
  return isLoopbackAddress(socket?.localAddress) && isLoopbackAddress(socket?.remoteAddress);
}

export function localModeLoopbackOnly(request: Pick<IncomingMessage, "socket" | "url">): void {
  if (!isLoopbackConnection(request.socket)) request.url = OFF_LOOPBACK_REFUSED;
}
