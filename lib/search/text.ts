// How text becomes search terms: one for the index, the query and the highlighter alike.

/** Whitespace and Unicode punctuation separate words; symbols do not ("C++" stays one word). */
const WORD_SEPARATOR = /[\n\r\p{Z}\p{P}]+/u;
/** The same, capturing, to split text into alternating words and separators for highlighting. */
const WORD_SEPARATOR_CAPTURE = /([\n\r\p{Z}\p{P}]+)/u;

export function tokenize(text: string): string[] {
  return text.split(WORD_SEPARATOR).filter(Boolean);
}

/** Lowercase, accents folded ("Café" is found by "cafe"), compatibility forms unified. */
export function normalizeTerm(word: string): string | null {
  // Plain ASCII (most words) needs no Unicode work: a large part of indexing time otherwise.
  if (/^[\x20-\x7e]*$/.test(word)) return word.toLowerCase() || null;
  const term = word
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
  return term || null;
}

export type Segment = { text: string; match: boolean };

/** Runs of `text`, each word in `terms` marked: plain strings, rendered as React text, never as HTML. */
export function highlightSegments(text: string, terms: ReadonlySet<string>): Segment[] {
  const out: Segment[] = [];
  const push = (part: string, match: boolean) => {
    const last = out[out.length - 1];
    if (last && last.match === match) last.text += part;
    else out.push({ text: part, match });
  };
  // A capturing split alternates word, separator, word, ...: odd positions are separators.
  text.split(WORD_SEPARATOR_CAPTURE).forEach((part, i) => {
    if (!part) return;
    const term = i % 2 === 0 ? normalizeTerm(part) : null;
    push(part, term !== null && terms.has(term));
  });
  return out;
}
