import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import ipaddr from "ipaddr.js";
import type { ImageHost } from "../config/image-hosts.mjs";

// A post's cover for its preview image, without letting post data aim the server elsewhere (SSRF):
// only the configured image hosts; redirects followed by hand, every hop checked; the address checked
// in the socket's own DNS lookup (DNS rebinding included). The URL parser already made 0x7f.1 a dotted quad.

export type ResolvedAddress = { address: string; family: number };
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export type CoverFetchOptions = {
  hosts: ImageHost[];
  timeoutMs: number;
  maxBytes: number;
  /** Injectable so tests can give a name any address. */
  resolve?: Resolve;
};

const REDIRECT = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 3;

export const systemResolve: Resolve = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

/** A public unicast address: not loopback, private, link-local, unspecified, multicast, reserved... */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() turns IPv4-mapped IPv6 (::ffff:127.0.0.1) into the IPv4 address it carries.
  return ipaddr.process(address).range() === "unicast";
}

/** The socket's lookup: resolves, then refuses the connection if any address is not allowed. */
function guardedLookup(resolve: Resolve, privateAddressAllowed: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    const done = callback as (e: Error | null, address?: string | ResolvedAddress[], family?: number) => void;
    resolve(hostname).then((found) => {
      const family = typeof options === "object" && options.family ? options.family : 0;
      const usable = found.filter((a) => !family || a.family === family);
      const refused = !privateAddressAllowed && found.some((a) => !isPublicAddress(a.address));
      if (refused || usable.length === 0)
        done(new Error(`${hostname} resolves to an address covers are not fetched from`));
      else if (typeof options === "object" && options.all) done(null, usable);
      else done(null, usable[0]!.address, usable[0]!.family);
    }, done);
  };
}

type Hop = { status: number; location: string | null; body: Buffer | null };

function requestOnce(url: URL, host: ImageHost, opts: CoverFetchOptions, signal: AbortSignal): Promise<Hop> {
  return new Promise((resolvePromise, reject) => {
    const literal = url.hostname.replace(/^\[|\]$/g, "");
    // The socket skips the lookup for an IP literal, so it is checked here.
    if (net.isIP(literal) && !host.privateAddressAllowed && !isPublicAddress(literal)) {
      reject(new Error(`${literal} is not an address covers are fetched from`));
      return;
    }
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(
      url,
      {
        method: "GET",
        agent: false,
        signal,
        lookup: guardedLookup(opts.resolve ?? systemResolve, host.privateAddressAllowed),
        headers: { accept: "image/png,image/jpeg;q=0.9,*/*;q=0.1" },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          res.resume();
          resolvePromise({ status, location: res.headers.location ?? null, body: null });
          return;
        }
        const chunks: Buffer[] = [];
        let total = 0;
        res.on("data", (chunk: Buffer) => {
          total += chunk.byteLength;
          if (total > opts.maxBytes) {
            res.destroy();
            resolvePromise({ status, location: null, body: null });
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () => resolvePromise({ status, location: null, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** The bytes at `url`, or null (refused, failed, too large, too slow, not 2xx). */
export async function fetchCoverBytes(url: string, opts: CoverFetchOptions): Promise<Buffer | null> {
  const signal = AbortSignal.timeout(opts.timeoutMs);
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    return null;
  }
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const web = current.protocol === "http:" || current.protocol === "https:";
    const host = web ? opts.hosts.find((h) => h.origin === current.origin) : undefined;
    if (!host) return null;
    let result: Hop;
    try {
      result = await requestOnce(current, host, opts, signal);
    } catch {
      return null;
    }
    if (result.body) return result.body;
    if (!REDIRECT.has(result.status) || !result.location) return null;
    try {
      current = new URL(result.location, current);
    } catch {
      return null;
    }
  }
  return null;
}
