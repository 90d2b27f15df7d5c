/*
 * The image hosts the site may load images from: `next/image` (next.config.mjs) and the preview
 * image's cover loader (lib/blog/cover-fetch.ts) both read this one list. Plain JavaScript because
 * next.config.mjs is read before any TypeScript runs; lib/config/schema.ts validates the same variables.
 *
 * - local mode (no WORKSPACE_URL): the local workspace on 127.0.0.1/localhost:LOCAL_WORKSPACE_PORT,
 *   the one host allowed to be on a loopback address (it is ours, and configured);
 * - a real workspace: its origin; plus every IMAGE_HOSTS entry (e.g. a CDN serving covers).
 *   These must resolve to public addresses (server-side request forgery), unless
 *   IMAGE_ALLOW_PRIVATE_HOSTS=1 says they are the team's own hosts on a private network.
 */

import { DEFAULT_LOCAL_WORKSPACE_PORT, WHOLE_NUMBER_VARIABLES, envValue, isLocalMode } from "./defaults.mjs";

/**
 * @param {Record<string, string | undefined>} env
 * @returns {{ origin: string; protocol: string; hostname: string; port: string; privateAddressAllowed: boolean }[]}
 */
export function imageHosts(env) {
  const workspaceUrl = envValue(env, "WORKSPACE_URL");
  const localPort = envValue(env, "LOCAL_WORKSPACE_PORT") ?? String(DEFAULT_LOCAL_WORKSPACE_PORT);
  const privateAllowed = imagePrivateHostsAllowed(env);
  /** @type {{ origin: string; privateAddressAllowed: boolean }[]} */
  const entries = [];
  if (!workspaceUrl) {
    for (const host of ["127.0.0.1", "localhost"])
      entries.push({ origin: `http://${host}:${localPort}`, privateAddressAllowed: true });
  } else if (URL.canParse(workspaceUrl)) {
    entries.push({ origin: new URL(workspaceUrl).origin, privateAddressAllowed: privateAllowed });
  }
  for (const host of (env.IMAGE_HOSTS ?? "").split(/[\s,]+/).filter(Boolean)) {
    entries.push({
      origin: host.includes("://") ? host : `https://${host}`,
      privateAddressAllowed: privateAllowed,
    });
  }
  return entries
    .filter((e) => URL.canParse(e.origin))
    .map((e) => {
      const u = new URL(e.origin);
      return {
        origin: u.origin,
        protocol: u.protocol,
        hostname: u.hostname,
        port: u.port,
        privateAddressAllowed: e.privateAddressAllowed,
      };
    });
}

/**
 * IMAGE_ALLOW_PRIVATE_HOSTS=1 (or true, yes, on): the configured image hosts may resolve to
 * private, loopback or link-local addresses (a staging workspace on a private network). Next's
 * optimiser (`images.dangerouslyAllowLocalIP`) and the preview images' cover loader both follow it;
 * without it both refuse such a host, and the server warns at start-up (lib/blog/private-image-hosts.ts).
 * Local mode always allows it: the local workspace is on 127.0.0.1.
 * @param {Record<string, string | undefined>} env
 */
export function imagePrivateHostsAllowed(env) {
  return /^(1|true|yes|on)$/i.test(envValue(env, "IMAGE_ALLOW_PRIVATE_HOSTS") ?? "");
}

/**
 * `images.dangerouslyAllowLocalIP` for next.config.mjs: in local mode, or with IMAGE_ALLOW_PRIVATE_HOSTS.
 * @param {Record<string, string | undefined>} env
 */
export function imageLocalIpAllowed(env) {
  return isLocalMode(env) || imagePrivateHostsAllowed(env);
}

/**
 * IMAGE_QUERY_STRINGS=allow lets image URLs on the allowed hosts carry a query string (signed
 * CDN URLs need one); by default none may, so nobody can mint new optimised copies with `?v=N`.
 * @param {Record<string, string | undefined>} env
 */
export function imageQueryStringsAllowed(env) {
  return envValue(env, "IMAGE_QUERY_STRINGS")?.toLowerCase() === "allow";
}

/**
 * The same list as `images.remotePatterns` for next.config.mjs. `search: ""` matches only a URL
 * with no query string (Next compares it with the URL's `search`).
 * @param {Record<string, string | undefined>} env
 */
export function imageRemotePatterns(env) {
  const noQuery = imageQueryStringsAllowed(env) ? {} : { search: "" };
  return imageHosts(env).map((h) => ({
    protocol: h.protocol.replace(":", ""),
    hostname: h.hostname,
    port: h.port,
    pathname: "/**",
    ...noQuery,
  }));
}

/**
 * `images.maximumDiskCacheSize` in bytes, from IMAGE_CACHE_MAX_MB (0 keeps no optimised copy on disk).
 * @param {Record<string, string | undefined>} env
 */
export function imageDiskCacheBytes(env) {
  const { min, max, fallback } = WHOLE_NUMBER_VARIABLES.IMAGE_CACHE_MAX_MB;
  const raw = Number(envValue(env, "IMAGE_CACHE_MAX_MB") ?? fallback);
  // A value the schema refuses stops the server at start-up; the build keeps the default.
  const mb = Number.isInteger(raw) && raw >= min && raw <= max ? raw : fallback;
  return mb * 1024 * 1024;
}
