/*
 * Text that is safe to put into an XML document (feeds, sitemaps). XML 1.0 allows only
 * #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]: a single U+0001 or a
 * lone surrogate anywhere makes the whole document unreadable for a strict parser, and no
 * escaping can express them. They carry nothing a reader could see, so they are removed.
 */

// With the `u` flag a lone surrogate is one code point outside every allowed range.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlText(value: string): string {
  return value.replace(NOT_XML_CHAR, "");
}

/** True when every character of `value` may appear in an XML 1.0 document. */
export function isXmlText(value: string): boolean {
  return xmlText(value) === value;
}
