import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { ImageHost } from "./image-hosts.mjs";
import { Refusal, checked, quoted, textValue } from "./variable";

const IMAGE_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
};
export const IMAGE_FILE_TYPES = Object.keys(IMAGE_TYPES).join(" ");
const IMAGE_MAX_BYTES = 1024 * 1024;

export type SiteImage = {
  /** /brand/logo or /brand/icon for a file, the address itself otherwise. */
  src: string;
  file: string | null;
  type: string | null;
};

/*
 * An SVG opened alone on the site's origin runs its script with the site's cookies. The brand routes'
 * policy runs none anyway (BRAND_FILE_HEADERS); this says so at start instead of a logo that silently
 * does nothing. Script runs from <script>, on…=, javascript: and <foreignObject>; entities hide them.
 */

const character = (code: number) => (code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "");

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

function svgScriptFound(svg: string): string | null {
  // Browsers ignore tabs, newlines and other control characters inside a URL's scheme.
  const compact = decodeReferences(svg)
    .replace(/[\u0000-\u0020]+/g, "")
    .toLowerCase();
  return CHECKS.find((c) => c.test(svg, compact))?.found ?? null;
}

export function image(kind: "logo" | "logo-dark" | "icon", dir: string, hosts: ImageHost[]) {
  return checked(textValue().min(1, "is empty."), (raw): SiteImage | Refusal => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(raw)) {
      const url = URL.canParse(raw) ? new URL(raw) : null;
      if (!url || (url.protocol !== "https:" && url.protocol !== "http:"))
        return new Refusal(`${quoted(raw)} is neither a file path nor an http(s) address.`);
      if (!hosts.some((h) => h.origin === url.origin))
        return new Refusal(
          `${quoted(raw)} is not on an allowed image host (${hosts.map((h) => h.origin).join(", ") || "none"}).`,
          `add ${url.host} to IMAGE_HOSTS, or copy the image next to the SITE_CONFIG file and give its path.`,
        );
      if (/\.svg$/i.test(url.pathname))
        return new Refusal(
          `${quoted(raw)} is an SVG address; the image optimiser does not serve SVG.`,
          "copy the SVG next to the SITE_CONFIG file and give its path.",
        );
      return { src: url.href, file: null, type: null };
    }
    const file = path.resolve(dir, raw);
    const type = IMAGE_TYPES[path.extname(file).toLowerCase()];
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile())
      return new Refusal(
        `${quoted(raw)} names no file (looked for ${file}; relative paths start at the SITE_CONFIG file).`,
      );
    if (!type) return new Refusal(`${quoted(raw)} is not a ${IMAGE_FILE_TYPES} file.`);
    if (stat.size > IMAGE_MAX_BYTES)
      return new Refusal(`${quoted(raw)} is ${Math.ceil(stat.size / 1024)} KB; at most 1,024 KB are served.`);
    if (type === "image/svg+xml") {
      const found = svgScriptFound(readFileSync(file, "utf8"));
      if (found)
        return new Refusal(
          `${quoted(raw)} (${file}) holds ${found}: an SVG served from the site runs its script with the site's cookies.`,
          "export the logo again as a plain drawing (no script, event handlers, links to javascript: or embedded HTML), or use a PNG.",
        );
    }
    return { src: `/brand/${kind}`, file, type };
  });
}
