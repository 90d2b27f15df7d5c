/**
 * The headers of a JSON POST as the site's own pages send it: JSON both ways, and the Origin of
 * the site's public address (the admin and newsletter routes refuse a write from elsewhere).
 */
export function jsonPostHeaders(origin: string, more: Record<string, string> = {}): Record<string, string> {
  return { "content-type": "application/json", accept: "application/json", origin, ...more };
}
