import type { MessageKey, Phrase } from "./catalogue";

/*
 * Phrases to text, with no catalogue in this module: the server imports it through index.ts,
 * and the admin's client components import it alone, with only the words their page was given.
 */

/** The phrases a translator reads, in `language` (dates, numbers and plural forms follow it), and the site's time zone. */
export type Words = { language: string; timeZone: string; phrases: Partial<Record<MessageKey, Phrase>> };

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
export function translator(m: Omit<Words, "timeZone">): Translate {
  const rules = new Intl.PluralRules(m.language);
  const numbers = new Intl.NumberFormat(m.language);
  return (key, params = {}) => {
    const count = typeof params.count === "number" ? params.count : undefined;
    return pick(m.phrases[key] ?? key, count, rules).replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => {
      const value = params[name];
      if (value === undefined) return whole;
      return typeof value === "number" ? numbers.format(value) : value;
    });
  };
}

/** A time zone Intl knows ("Europe/Berlin", "UTC"): the one check for the site's and a member's. */
export function isValidTimeZone(value: string): boolean {
  if (!value || value.length > 100) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A moment as the admin reads it: in the site's language and time zone (SITE_CONFIG), the zone named. */
export function dateTimeFormatter(language: string, timeZone: string): (when: number | string) => string {
  const format = new Intl.DateTimeFormat(language, {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  });
  return (when) => format.format(new Date(when));
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
