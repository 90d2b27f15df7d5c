/*
 * Where this process's own server answers, for the requests it makes to itself (the warm-up
 * renders): recorded by the site's server before Next starts; unset in a build or a test.
 */

export const SERVER_ORIGIN_VARIABLE = "MASTHEAD_SERVER_ORIGIN";

/** The origin that reaches a server listening on `hostname` (every interface when unset) and `port`. */
export function loopbackOrigin(hostname: string | undefined, port: number): string {
  const everywhere = !hostname || hostname === "0.0.0.0" || hostname === "::";
  const host = everywhere ? "127.0.0.1" : hostname.includes(":") ? `[${hostname}]` : hostname;
  return `http://${host}:${port}`;
}

export function serverOrigin(): string | undefined {
  return process.env[SERVER_ORIGIN_VARIABLE] || undefined;
}
