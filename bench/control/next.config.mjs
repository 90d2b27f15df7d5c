/**
 * Next's defaults, except what lets the captured pages' images load as they do on Masthead (the
 * serving bench runs Lighthouse on both): the same candidate widths (Next refuses any other `w`)
 * and the local workspace's image host on 127.0.0.1, which Next refuses by default. Nothing here
 * changes how a page is served.
 */
const nextConfig = {
  images: {
    remotePatterns: [{ protocol: "http", hostname: "127.0.0.1" }],
    dangerouslyAllowLocalIP: true,
    deviceSizes: [640, 828, 1200],
    imageSizes: [48, 96, 256, 384],
  },
};

export default nextConfig;
