// For the requests this process makes to itself (the warm-up); unset in a build or a test.
export const SERVER_ORIGIN_VARIABLE = "MASTHEAD_SERVER_ORIGIN";

export function loopbackOrigin(hostname: string | undefined, port: number): string {
  const everywhere = !hostname || hostname === "0.0.0.0" || hostname === "::";
  const host = everywhere ? "127.0.0.1" : hostname.includes(":") ? `[${hostname}]` : hostname;
  return `http://${host}:${port}`;
}

export function serverOrigin(): string | undefined {
  return process.env[SERVER_ORIGIN_VARIABLE] || undefined;
}
