import ipaddr from "ipaddr.js";

/*
 * Local mode (no WORKSPACE_URL) runs the demo with public password and secrets: anyone who reaches
 * it can sign in, so it stays on this machine (lib/launcher/listen.ts, lib/http/loopback.ts).
 */

/** What a real workspace's configuration takes: setting them is how a site leaves local mode. */
export const REAL_WORKSPACE_VARIABLES = [
  "WORKSPACE_URL",
  "WORKSPACE_API_KEY",
  "SESSION_SECRET",
  "ADMIN_USERS",
  "SITE_URL",
] as const;

const toServe = `To serve the network, configure your workspace: set ${REAL_WORKSPACE_VARIABLES.slice(0, -1).join(", ")} and ${REAL_WORKSPACE_VARIABLES.at(-1)}.`;

/** Said to a client that reached local mode from off this machine. */
export const LOCAL_MODE_OFF_LOOPBACK = `This site runs in local mode (no WORKSPACE_URL), with the public demo password and secrets, and answers on its own machine only. ${toServe}`;

/** Why the launcher will not listen on `hostname` in local mode. */
export function localModeListenRefusal(hostname: string): string {
  return (
    `HOSTNAME=${hostname} is not a loopback address, and local mode (no WORKSPACE_URL) runs with ` +
    `the public demo password and secrets, so it listens on this machine only. ${toServe} ` +
    `To run the demo here, unset HOSTNAME or set HOSTNAME=127.0.0.1.`
  );
}

/** 127.0.0.0/8, ::1, and IPv4 loopback written as IPv6 (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === "loopback";
}

/**
 * A HOSTNAME that only this machine can reach: a loopback address, or `localhost` (which
 * resolves to loopback only, RFC 6761). Any other name may resolve anywhere.
 */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.trim().toLowerCase();
  if (name === "localhost") return true;
  return isLoopbackAddress(name.startsWith("[") && name.endsWith("]") ? name.slice(1, -1) : name);
}
