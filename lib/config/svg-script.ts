/*
 * An SVG the site serves from its own origin (SITE_CONFIG's logo or icon) is a document: opened
 * on its own in a browser, any script in it runs with the site's cookies and can read the admin
 * API. So a brand SVG that can run script is refused at start, with what was found. The brand
 * routes also serve every file under a policy that runs no script at all (next.config.mjs,
 * BRAND_FILE_HEADERS), so what this check misses still cannot run; this is the clear message
 * at start rather than a logo that silently does nothing.
 *
 * What runs script in an SVG: <script>; event-handler attributes (onload=, onclick=, onbegin=
 * on animations); javascript: (or vbscript:) URLs in links and animated attributes; and
 * <foreignObject>, which embeds HTML (and, with it, iframes and HTML's own handlers). Internal
 * entities (<!ENTITY>) could spell any of these where a plain reading would not see them, and a
 * logo never needs them.
 */

/** A character reference's character; one naming no character is dropped. */
const character = (code: number) => (code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "");

/** Numeric and the few named character references a URL can be hidden behind. */
function decodeReferences(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => character(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => character(Number(dec)))
    .replace(/&colon;/gi, ":")
    .replace(/&tab;|&newline;/gi, "");
}

const CHECKS: { found: string; test: (raw: string, compact: string) => boolean }[] = [
  { found: "a <script> element", test: (raw) => /<(?:[\w-]+:)?script[\s>/]/i.test(raw) },
  { found: "a <foreignObject> element", test: (raw) => /<(?:[\w-]+:)?foreignObject[\s>/]/i.test(raw) },
  {
    found: "an event-handler attribute (on…=)",
    test: (raw) => /[\s"'/](?:[\w-]+:)?on[a-z]+\s*=/i.test(raw),
  },
  { found: "a javascript: URL", test: (_, compact) => /(?:java|vb)script:/.test(compact) },
  { found: "an entity declaration (<!ENTITY)", test: (raw) => /<!ENTITY/i.test(raw) },
];

/** What in `svg` could run script, or null when nothing does. */
export function svgScriptFound(svg: string): string | null {
  // Browsers ignore tabs, newlines and other control characters inside a URL's scheme.
  const compact = decodeReferences(svg)
    .replace(/[\u0000-\u0020]+/g, "")
    .toLowerCase();
  return CHECKS.find((c) => c.test(svg, compact))?.found ?? null;
}
