/*
 * The image hosts the site may load images from, one list for `next/image` and the preview
 * image's cover loader; plain JavaScript because next.config.mjs reads it. Local mode: the local
 * workspace (the one host allowed on loopback); else the workspace's origin; plus IMAGE_HOSTS.
 * These must resolve to public addresses unless IMAGE_ALLOW_PRIVATE_HOSTS says otherwise.
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
 * IMAGE_ALLOW_PRIVATE_HOSTS=1: the image hosts may resolve to private addresses (a staging
 * workspace on a private network), for Next's optimiser and the cover loader alike.
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
 * IMAGE_QUERY_STRINGS=allow: image URLs may carry a query string (signed CDN URLs); by default
 * none may, so nobody can mint new optimised copies with `?v=N`.
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
