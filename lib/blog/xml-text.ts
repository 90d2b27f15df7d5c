/*
 * Text safe to put into an XML document (feeds, sitemaps): XML 1.0 cannot express some characters
 * (U+0001, lone surrogates) even escaped, and one makes the whole document unreadable to a strict
 * parser. They carry nothing a reader could see, so they are removed.
 */

// With the `u` flag a lone surrogate is one code point outside every allowed range.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlText(value: string): string {
  return value.replace(NOT_XML_CHAR, "");
}
