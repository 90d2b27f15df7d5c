import { isLoopbackAddress } from "../config/local-mode";
import type { IncomingMessage } from "node:http";

/*
 * Local mode runs with the public demo password, so it answers only on this machine, judged by
 * the connection itself (never the Host header, which a client writes): for a server started
 * some other way than the launcher, which refuses to listen elsewhere.
 */

/** The route that answers a local-mode request from off this machine (app/api/local-only). */
export const OFF_LOOPBACK_REFUSED = "/api/local-only";

/** Both ends of the connection on this machine (a socket with neither known is not). */
export function isLoopbackConnection(
  socket: { localAddress?: string; remoteAddress?: string } | null | undefined,
): boolean {
  return isLoopbackAddress(socket?.localAddress) && isLoopbackAddress(socket?.remoteAddress);
}

/** In local mode, a request from off this machine goes to the route that refuses it, whatever its path. */
export function localModeLoopbackOnly(request: Pick<IncomingMessage, "socket" | "url">): void {
  if (!isLoopbackConnection(request.socket)) request.url = OFF_LOOPBACK_REFUSED;
}
