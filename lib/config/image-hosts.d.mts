export type ImageHost = {
  /** `protocol//host[:port]`, as URL.origin writes it. */
  origin: string;
  protocol: string;
  hostname: string;
  port: string;
  /** The local workspace in local mode, or every host with IMAGE_ALLOW_PRIVATE_HOSTS=1, may be on a loopback or private address. */
  privateAddressAllowed: boolean;
};
export function imageHosts(env: Record<string, string | undefined>): ImageHost[];
export function imagePrivateHostsAllowed(env: Record<string, string | undefined>): boolean;
export function imageLocalIpAllowed(env: Record<string, string | undefined>): boolean;
export function imageQueryStringsAllowed(env: Record<string, string | undefined>): boolean;
export function imageRemotePatterns(
  env: Record<string, string | undefined>,
): { protocol: string; hostname: string; port: string; pathname: string; search?: string }[];
export function imageDiskCacheBytes(env: Record<string, string | undefined>): number;
