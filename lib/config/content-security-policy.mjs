/*
 * The Content-Security-Policy, in one place for next.config.mjs (every response) and proxy.ts
 * (the admin pages' stricter, per-request policy). Plain JavaScript: next.config.mjs is read
 * before any TypeScript runs.
 *
 * Public pages are static or ISR: the same bytes go to every reader, and Next's App Router puts
 * the page's data in inline <script> elements (self.__next_f.push) whose content differs per
 * page and per regeneration. A nonce must be new per response, so it forces dynamic rendering;
 * hashes would have to be computed per page and per regeneration into a header Next sends from
 * a fixed config. So public pages keep 'unsafe-inline' for scripts (docs/security.md).
 * The admin area renders per request anyway (it reads the session), so its pages get a nonce
 * and 'strict-dynamic' instead: no inline script runs there unless Next itself wrote it.
 */

/**
 * @param {{ isDev: boolean; nonce?: string }} opts
 * @returns {string}
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
