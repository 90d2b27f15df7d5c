import { xmlText } from "./xml-text";

/*
 * The text repairs every string of the blog model goes through: the model and the keyword slugs
 * both use them.
 */

/** The URL when it is an absolute http(s) URL, else null. */
export const httpUrl = (value: string): string | null => {
  const v = value.trim();
  if (!v || !URL.canParse(v)) return null;
  const protocol = new URL(v).protocol;
  return protocol === "https:" || protocol === "http:" ? v : null;
};

// Characters no page, feed or sitemap can carry (U+0001, lone surrogates...) go first, so every
// string of the model is safe to write anywhere, and encodeURIComponent never throws on a slug.
export const clean = (value: string) => xmlText(value).replace(/\s+/g, " ").trim();
