import { fileURLToPath } from "node:url";
import { contentSecurityPolicy } from "./lib/config/content-security-policy.mjs";
import { DEFAULT_NEXT_DIST_DIR, envValue } from "./lib/config/defaults.mjs";
import { redisTargetFromVars } from "./lib/config/redis-target.mjs";
import { recordBuildId } from "./lib/next-cache/build-id.mjs";
import { imageDiskCacheBytes, imageLocalIpAllowed, imageRemotePatterns } from "./lib/config/image-hosts.mjs";

// Next reads this file before any TypeScript runs, so it reads the few variables it needs
// through lib/config/defaults.mjs, the same readings and defaults as the schema that validates
// them at start-up (lib/config/schema.ts).
const isDev = process.env.NODE_ENV === "development";
const distDir = envValue(process.env, "NEXT_DIST_DIR") ?? DEFAULT_NEXT_DIST_DIR;

const csp = contentSecurityPolicy({ isDev });

const securityHeaders = [
  { key: "Content-Security-Policy", value: csp },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
  // Strict-Transport-Security is not here: these headers are fixed when the site is built, and
  // HSTS must follow the SITE_URL it runs with (lib/http/request-shaping.ts).
];

/**
 * The site's logo and icon files (app/brand/) are the team's own SVGs, opened on their own as
 * documents on the site's origin: whatever the start-up check of SITE_CONFIG misses, no script
 * in them runs (`sandbox` also gives the document an opaque origin, so it holds no cookies).
 */
export const BRAND_FILE_HEADERS = [
  { key: "Content-Security-Policy", value: "script-src 'none'; sandbox" },
  { key: "X-Content-Type-Options", value: "nosniff" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Separate build folders let parallel builds (tests, benchmarks) share one checkout.
  distDir,
  // Each build's id is recorded for the cache shared through Redis (lib/next-cache/build-id.mjs).
  generateBuildId: () => recordBuildId(distDir),
  // One instance keeps Next's own cache. Several (REDIS_URL or a Sentinel group, read when the
  // server starts) share it through Redis with lib/next-cache/, Next's documented cache-handler
  // interface.
  ...(redisTargetFromVars(process.env)
    ? { cacheHandler: fileURLToPath(new URL("./lib/next-cache/cache-handler.mjs", import.meta.url)) }
    : {}),
  reactStrictMode: true,
  poweredByHeader: false,
  // No ETag on pages: Next computes one by hashing the whole page in JavaScript, char by char, on
  // every view of a prerendered page, a large share of a cached view's CPU (docs/performance.md,
  // "Serving"). All it bought was a 304 instead of a compressed page when a browser revalidates
  // one it holds. Assets under /_next/static are immutable and cached for a year either way.
  generateEtags: false,
  // One copy per process of what lib/state shares between Next's bundles (its engine lives on
  // globalThis): bundled into each route type, a limiter built by one bundle would reject with
  // a RateLimiterRes class the others do not recognise.
  // bullmq too: the delivery worker (started by instrumentation) and the route share one queue;
  // prom-client and pino too: one metrics registry and one logger per process, and pino's
  // pretty printer stays plain Node code (lib/observability/).
  serverExternalPackages: [
    "ioredis",
    "rate-limiter-flexible",
    "bullmq",
    "prom-client",
    "pino",
    "pino-pretty",
  ],
  experimental: {
    // What the proxy may be given of a body (Next's default is 10 MB, copied per request before
    // the proxy runs). proxy.ts never matches a request that carries one; this holds if it ever does.
    proxyClientMaxBodySize: 4096,
    // app/global-not-found.tsx answers unmatched URLs; see that file for the bytes it saves.
    globalNotFound: true,
  },
  images: {
    // One list with the preview image's cover loader (lib/config/image-hosts.mjs). Without
    // IMAGE_QUERY_STRINGS=allow no query string is accepted: `cover.png?v=N` would otherwise
    // make a new optimised copy on disk for every N.
    remotePatterns: imageRemotePatterns(process.env),
    // The optimised copies on disk, least recently used dropped first (Next's default is half the
    // free disk). Read by the server from this file, so it follows the running environment.
    maximumDiskCacheSize: imageDiskCacheBytes(process.env),
    // Candidate widths: every one is a ~120-byte URL in each <img srcset>. Covers show at most
    // 46rem (736 px) wide, card images at most 22rem, avatars at 32-96 px; 640/828/1200 cover
    // phones at 1-3x and a desktop's 2x, and Next never upscales past the source (covers are
    // 1200 px wide). Next's defaults (16 sizes up to 3840) tripled the post page's image markup.
    deviceSizes: [640, 828, 1200],
    imageSizes: [48, 96, 256, 384],
    // The local workspace serves images from 127.0.0.1, which Next refuses by default; a team's
    // own image host on a private network is allowed only with IMAGE_ALLOW_PRIVATE_HOSTS=1.
    dangerouslyAllowLocalIP: imageLocalIpAllowed(process.env),
  },
  async headers() {
    // "/(.*)", not "/:path*": with no named parameter Next sends the values as they are, while
    // a parameter makes it compile every value containing ":" (the policy's `data:`) as a path
    // template on every response (a cost docs/performance.md, "Serving", would show).
    // The brand rule comes last: where two rules set one header, Next sends the last.
    return [
      { source: "/(.*)", headers: securityHeaders },
      { source: "/brand/(.*)", headers: BRAND_FILE_HEADERS },
    ];
  },
};

export default nextConfig;
