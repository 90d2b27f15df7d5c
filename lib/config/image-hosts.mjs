// One list for `next/image` and the cover loader: the (local) workspace, plus IMAGE_HOSTS, on public
// addresses unless IMAGE_ALLOW_PRIVATE_HOSTS (the local workspace is the one loopback host).

import { WHOLE_NUMBER_VARIABLES, envValue, isLocalMode } from "./defaults.mjs";

export function imageHosts(env) {
  const workspaceUrl = envValue(env, "WORKSPACE_URL");
  const localPort =
    envValue(env, "LOCAL_WORKSPACE_PORT") ?? WHOLE_NUMBER_VARIABLES.LOCAL_WORKSPACE_PORT.fallback;
  const privateAllowed = imagePrivateHostsAllowed(env);
  const named = (env.IMAGE_HOSTS ?? "").split(/[\s,]+/).filter(Boolean);
  const addresses = [
    ...(workspaceUrl
      ? [[workspaceUrl, privateAllowed]]
      : ["127.0.0.1", "localhost"].map((host) => [`http://${host}:${localPort}`, true])),
    ...named.map((host) => [host.includes("://") ? host : `https://${host}`, privateAllowed]),
  ];
  return addresses
    .filter(([address]) => URL.canParse(address))
    .map(([address, privateAddressAllowed]) => {
      const { origin, protocol, hostname, port } = new URL(address);
      return { origin, protocol, hostname, port, privateAddressAllowed };
    });
}

function imagePrivateHostsAllowed(env) {
  return /^(1|true|yes|on)$/i.test(envValue(env, "IMAGE_ALLOW_PRIVATE_HOSTS") ?? "");
}

/** `images.dangerouslyAllowLocalIP`. */
export function imageLocalIpAllowed(env) {
  return isLocalMode(env) || imagePrivateHostsAllowed(env);
}

/**
 * `images.remotePatterns`. Without IMAGE_QUERY_STRINGS=allow, `search: ""` matches only a URL with no
 * query string, so nobody can mint new optimised copies with `?v=N`.
 */
export function imageRemotePatterns(env) {
  const noQuery = envValue(env, "IMAGE_QUERY_STRINGS")?.toLowerCase() === "allow" ? {} : { search: "" };
  return imageHosts(env).map((h) => ({
    protocol: h.protocol.replace(":", ""),
    hostname: h.hostname,
    port: h.port,
    pathname: "/**",
    ...noQuery,
  }));
}

/** `images.maximumDiskCacheSize` from IMAGE_CACHE_MAX_MB (0 keeps no optimised copy on disk). */
export function imageDiskCacheBytes(env) {
  const { min, max, fallback } = WHOLE_NUMBER_VARIABLES.IMAGE_CACHE_MAX_MB;
  const raw = Number(envValue(env, "IMAGE_CACHE_MAX_MB") ?? fallback);
  // A value the schema refuses stops the server at start-up; the build keeps the default.
  const mb = Number.isInteger(raw) && raw >= min && raw <= max ? raw : fallback;
  return mb * 1024 * 1024;
}
