/*
 * For next.config.mjs (every response) and proxy.ts (the admin's per-request policy). Static and ISR
 * pages carry Next's inline data scripts, which differ per page and regeneration: a nonce would force
 * dynamic rendering, and hashes cannot go into a header fixed at build, so public pages keep
 * 'unsafe-inline' (docs/security.md). The admin renders per request anyway: a nonce and 'strict-dynamic'.
 */
export function contentSecurityPolicy({ isDev, nonce }) {
  const eval_ = isDev ? " 'unsafe-eval'" : "";
  const scripts = nonce
    ? `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${eval_}`
    : `script-src 'self' 'unsafe-inline'${eval_}`;
  return [
    "default-src 'self'",
    scripts,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}
