export type ImageHost = {
  /** `protocol//host[:port]`, as URL.origin writes it. */
  origin: string;
  protocol: string;
  hostname: string;
  port: string;
  /** Only the local workspace in local mode may be on a loopback or private address. */
  privateAddressAllowed: boolean;
};
export function imageHosts(env: Record<string, string | undefined>): ImageHost[];
export function imageQueryStringsAllowed(env: Record<string, string | undefined>): boolean;
export function imageRemotePatterns(
  env: Record<string, string | undefined>,
): { protocol: string; hostname: string; port: string; pathname: string; search?: string }[];
export function imageDiskCacheBytes(env: Record<string, string | undefined>): number;
