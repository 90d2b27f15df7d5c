import { de } from "./de";
import { en } from "./en";
import { es } from "./es";
import { fr } from "./fr";
import type { Catalogue, MessageKey, MessageOverrides, Phrase } from "./catalogue";

export {
  MESSAGE_KEYS,
  allowedPlaceholders,
  isMessageKey,
  placeholdersOf,
  type Catalogue,
  type MessageKey,
  type MessageOverrides,
  type Phrase,
  type PluralForms,
} from "./catalogue";

/*
 * The interface's words in the site's one language (SITE_CONFIG `language`): the shipped
 * catalogue of that language, then the team's own phrases over it. One language per
 * deployment, fixed when the site is built, so a page is rendered once with its words in it:
 * nothing is negotiated per request and nothing of the catalogue reaches the browser beyond the
 * words a page shows.
 */

/** The shipped catalogues, by primary language subtag. */
export const CATALOGUES: Readonly<Record<string, Catalogue>> = { en, fr, de, es };

export type Messages = {
  /** The canonical BCP 47 tag dates, numbers and plural forms are written in. */
  language: string;
  /** The shipped catalogue used ("en" when the language has none). */
  catalogue: string;
  /** False when the language has no catalogue and the words fall back to English. */
  shipped: boolean;
  phrases: Catalogue;
};

/** The catalogue of `language` ("fr-CA" reads "fr"), or English; then the team's phrases. */
export function resolveMessages(language: string, overrides: MessageOverrides = {}): Messages {
  const primary = language.split("-")[0]!.toLowerCase();
  const shipped = Object.hasOwn(CATALOGUES, primary);
  const catalogue = shipped ? primary : "en";
  return { language, catalogue, shipped, phrases: { ...CATALOGUES[catalogue]!, ...overrides } };
}

/** The start-up warning for a language without a catalogue, or null. */
export function fallbackWarning(m: Messages): string | null {
  if (m.shipped) return null;
  return `SITE_CONFIG language "${m.language}" has no shipped catalogue (${Object.keys(CATALOGUES).join(", ")}): the interface's words are English, except the phrases the site configuration overrides in "messages"; dates and numbers are written in "${m.language}".`;
}

export type Params = Record<string, string | number>;
/** A phrase with its placeholders filled; placeholders without a value are left for `slots`. */
export type Translate = (key: MessageKey, params?: Params) => string;

function pick(phrase: Phrase, count: number | undefined, rules: Intl.PluralRules): string {
  if (typeof phrase === "string") return phrase;
  if (count === undefined) return phrase.other;
  const form = count === 0 && phrase.zero !== undefined ? "zero" : rules.select(count);
  return phrase[form] ?? phrase.other;
}

/** `t(key, params)` over resolved messages; numbers are written with Intl.NumberFormat. */
export function translator(m: Messages): Translate {
  const rules = new Intl.PluralRules(m.language);
  const numbers = new Intl.NumberFormat(m.language);
  return (key, params = {}) => {
    const count = typeof params.count === "number" ? params.count : undefined;
    return pick(m.phrases[key], count, rules).replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => {
      const value = params[name];
      if (value === undefined) return whole;
      return typeof value === "number" ? numbers.format(value) : value;
    });
  };
}

/** Text split at its remaining {slots}: strings and slot names, for a page to fill with markup. */
export function splitSlots(text: string): ({ text: string } | { slot: string })[] {
  const parts: ({ text: string } | { slot: string })[] = [];
  let last = 0;
  for (const m of text.matchAll(/\{([A-Za-z]+)\}/g)) {
    if (m.index > last) parts.push({ text: text.slice(last, m.index) });
    parts.push({ slot: m[1]! });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
