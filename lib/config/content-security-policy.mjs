// Public pages carry Next's per-page inline scripts: a nonce would force dynamic rendering and hashes
// cannot go in a header fixed at build, so 'unsafe-inline' (docs/security.md); the admin gets a nonce.
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
