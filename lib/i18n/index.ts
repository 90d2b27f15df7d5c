import { de } from "./de";
import { en } from "./en";
import { es } from "./es";
import { fr } from "./fr";
import type { Catalogue, MessageOverrides } from "./catalogue";
export {
  dateTimeFormatter,
  isValidTimeZone,
  splitSlots,
  translator,
  type Params,
  type Translate,
  type Words,
} from "./translate";

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
