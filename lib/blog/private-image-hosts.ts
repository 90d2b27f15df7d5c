import net from "node:net";
import type { ImageHost } from "../config/image-hosts.mjs";
import { isPublicAddress, systemResolve, type Resolve } from "./cover-fetch";

// Next's optimiser and the cover loader refuse private addresses silently (the images are just
// missing), so a server checks its image hosts once at start and says what to set if they are the team's.

export type PrivateImageHost = { origin: string; addresses: string[] };

/** The hosts that Next would refuse: private addresses, and no IMAGE_ALLOW_PRIVATE_HOSTS. */
export async function privateImageHosts(
  hosts: ImageHost[],
  resolve: Resolve = systemResolve,
): Promise<PrivateImageHost[]> {
  const checked = await Promise.all(
    hosts
      .filter((h) => !h.privateAddressAllowed)
      .map(async (h): Promise<PrivateImageHost> => {
        const name = h.hostname.replace(/^\[|\]$/g, "");
        // A name that does not resolve now is not this check's to report: it may be up later.
        const found = net.isIP(name) ? [{ address: name }] : await resolve(name).catch(() => []);
        return {
          origin: h.origin,
          addresses: found.map((a) => a.address).filter((a) => !isPublicAddress(a)),
        };
      }),
  );
  return checked.filter((h) => h.addresses.length > 0);
}

/** The start-up warning for those hosts, or null when there are none. */
export function privateImageHostsWarning(found: PrivateImageHost[]): string | null {
  if (found.length === 0) return null;
  const list = found.map((h) => `${h.origin} (${h.addresses.join(", ")})`).join("; ");
  return (
    `Image host${found.length > 1 ? "s" : ""} ${list} resolve${found.length > 1 ? "" : "s"} to a private address: ` +
    "covers and avatars from it will not show (Next's image optimiser and the preview images refuse it). " +
    "If the host is yours, on a private network, set IMAGE_ALLOW_PRIVATE_HOSTS=1 and restart."
  );
}
