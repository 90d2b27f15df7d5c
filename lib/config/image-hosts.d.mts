type Env = Record<string, string | undefined>;
export type ImageHost = {
  /** `protocol//host[:port]`, as URL.origin writes it. */
  origin: string;
  protocol: string;
  hostname: string;
  port: string;
  /** The local workspace in local mode, or every host with IMAGE_ALLOW_PRIVATE_HOSTS=1. */
  privateAddressAllowed: boolean;
};
export function imageHosts(env: Env): ImageHost[];
export function imageLocalIpAllowed(env: Env): boolean;
export function imageRemotePatterns(
  env: Env,
): { protocol: string; hostname: string; port: string; pathname: string; search?: string }[];
export function imageDiskCacheBytes(env: Env): number;
