// XML 1.0 cannot express some characters (U+0001, lone surrogates) even escaped, and one makes a
// whole feed or sitemap unreadable to a strict parser; they carry nothing visible, so they are removed.

// With the `u` flag a lone surrogate is one code point outside every allowed range.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlText(value: string): string {
  return value.replace(NOT_XML_CHAR, "");
}

/** The URL when it is an absolute http(s) URL, else null. */
export const httpUrl = (value: string): string | null => {
  const v = value.trim();
  const protocol = URL.parse(v)?.protocol;
  return protocol === "https:" || protocol === "http:" ? v : null;
};

// Every string of the model is then safe to write anywhere, and encodeURIComponent never throws on a slug.
export const clean = (value: string) => xmlText(value).replace(/\s+/g, " ").trim();
