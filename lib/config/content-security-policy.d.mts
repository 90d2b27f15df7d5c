/** The site's Content-Security-Policy; with a nonce, the strict per-request policy of the admin pages. */
export function contentSecurityPolicy(opts: { isDev: boolean; nonce?: string }): string;
