import { en } from "./en";

/** A phrase: text with {placeholders}, or its plural forms, chosen by Intl.PluralRules from `count`. */
export type PluralForms = Partial<Record<Exclude<Intl.LDMLPluralRule, "other">, string>> & { other: string };
export type Phrase = string | PluralForms;

export type MessageKey = keyof typeof en;
/** A whole catalogue: every key of the English one. */
export type Catalogue = { readonly [K in MessageKey]: Phrase };
/** The phrases a team overrides (SITE_CONFIG `messages`). */
export type MessageOverrides = Partial<Record<MessageKey, Phrase>>;

export const MESSAGE_KEYS = Object.keys(en) as MessageKey[];

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/** The placeholders a phrase uses, in every plural form. */
export function placeholdersOf(phrase: Phrase): Set<string> {
  const texts = typeof phrase === "string" ? [phrase] : Object.values(phrase);
  return new Set(texts.flatMap((t) => [...(t ?? "").matchAll(PLACEHOLDER)].map((m) => m[1]!)));
}

/** The English phrase's placeholders: the ones an override of `key` may use. */
export function allowedPlaceholders(key: MessageKey): Set<string> {
  return placeholdersOf(en[key]);
}

/** Another language's words for one part of the English catalogue: every key, none more. */
export type Translation<T> = { readonly [K in keyof T]: Phrase };
