import { isLoopbackAddress } from "../config/local-mode";
import type { IncomingMessage } from "node:http";

/*
 * Local mode runs with the public demo password and secrets (lib/config/local-mode.ts), so it
 * answers only to people on this machine. The launcher refuses to listen anywhere else; this is
 * the check for a server started some other way (`next start -H 0.0.0.0`, a custom server): it
 * looks at the connection itself, never at the Host header, which a client writes.
 */

/** The route that answers a local-mode request from off this machine (app/api/local-only). */
export const OFF_LOOPBACK_REFUSED = "/api/local-only";

/**
 * Both ends of the connection on this machine: the address it was accepted on (the socket's
 * own) and the peer's. A socket with neither known (a test double, a closed socket) is not.
 */
export function isLoopbackConnection(
  socket: { localAddress?: string; remoteAddress?: string } | null | undefined,
): boolean {
  return isLoopbackAddress(socket?.localAddress) && isLoopbackAddress(socket?.remoteAddress);
}

/**
 * In local mode, a request on a connection from off this machine goes to the route that
 * refuses it, whatever its path and method: nothing of the demo (sign-in, revalidation,
 * pages) answers it. The site's server (lib/launcher/server.ts) runs it first, in local mode only.
 */
export function localModeLoopbackOnly(request: Pick<IncomingMessage, "socket" | "url">): void {
  if (!isLoopbackConnection(request.socket)) request.url = OFF_LOOPBACK_REFUSED;
}
