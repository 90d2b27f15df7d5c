import { fileURLToPath } from "node:url";
import { contentSecurityPolicy } from "./lib/config/content-security-policy.mjs";
import { distDir as buildFolder } from "./lib/config/defaults.mjs";
import { redisTargetFromVars } from "./lib/config/redis-target.mjs";
import { imageDiskCacheBytes, imageLocalIpAllowed, imageRemotePatterns } from "./lib/config/image-hosts.mjs";

// Read before any TypeScript runs: the variables come through the plain-JS readings the schema shares.
const isDev = process.env.NODE_ENV === "development";
const distDir = buildFolder(process.env);

const securityHeaders = [
  { key: "Content-Security-Policy", value: contentSecurityPolicy({ isDev }) },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
  // No HSTS here: these are fixed at build, and HSTS follows the running SITE_URL (lib/http/request-shaping.ts).
];

// The team's own SVGs (app/brand/) open as documents on this origin: no script runs, no cookies.
export const BRAND_FILE_HEADERS = [
  { key: "Content-Security-Policy", value: "script-src 'none'; sandbox" },
  { key: "X-Content-Type-Options", value: "nosniff" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  distDir,
  // One instance keeps Next's own cache; several share it through Redis (read when the server starts).
  ...(redisTargetFromVars(process.env)
    ? { cacheHandler: fileURLToPath(new URL("./lib/next-cache/cache-handler.mjs", import.meta.url)) }
    : {}),
  // The test suites build many times over; CI type-checks once (`npm run typecheck`) and sets this.
  typescript: { ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === "1" },
  reactStrictMode: true,
  poweredByHeader: false,
  // An ETag hashes every view in JavaScript, a large share of a cached view's CPU, for a rare 304.
  generateEtags: false,
  // One copy per process, not per bundle: one limiter class, queue, metrics registry and logger.
  serverExternalPackages: [
    "ioredis",
    "rate-limiter-flexible",
    "bullmq",
    "prom-client",
    "pino",
    "pino-pretty",
  ],
  experimental: {
    // Next copies up to 10 MB of a body per request before the proxy runs; proxy.ts never needs one.
    proxyClientMaxBodySize: 4096,
    globalNotFound: true,
  },
  images: {
    remotePatterns: imageRemotePatterns(process.env),
    // Next's default is half the free disk; read by the server, so it follows the running environment.
    maximumDiskCacheSize: imageDiskCacheBytes(process.env),
    // Each width is a ~120-byte URL in every srcset: covers show at most 736 px wide (sources 1200),
    // cards 22rem, avatars 32-96 px. Next's 16 default sizes tripled the post page's image markup.
    deviceSizes: [640, 828, 1200],
    imageSizes: [48, 96, 256, 384],
    // The local workspace serves from 127.0.0.1; a private image host needs IMAGE_ALLOW_PRIVATE_HOSTS=1.
    dangerouslyAllowLocalIP: imageLocalIpAllowed(process.env),
  },
  async headers() {
    // "/(.*)", not "/:path*": a named parameter makes Next compile every value holding ":" (the
    // policy's `data:`) as a template on every response. The brand rule is last: the last one wins.
    return [
      { source: "/(.*)", headers: securityHeaders },
      { source: "/brand/(.*)", headers: BRAND_FILE_HEADERS },
    ];
  },
};

export default nextConfig;
