import { z } from "zod";
import { MESSAGE_KEYS, allowedPlaceholders, isMessageKey, placeholdersOf, type Phrase } from "../i18n";
import { Refusal, addProblem, checked, quoted, textValue } from "./variable";

const languageNames = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });
/** ISO 639-1 codes Intl can name, for "french" → "fr" suggestions. */
let twoLetterCodes: { code: string; name: string }[] | undefined;
function codeNamed(word: string): string | undefined {
  twoLetterCodes ??= Array.from({ length: 26 * 26 }, (_, i) =>
    String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26)),
  ).flatMap((code) => {
    const name = languageNames.of(code);
    return name && name !== code ? [{ code, name: name.toLowerCase() }] : [];
  });
  const wanted = word.toLowerCase();
  return twoLetterCodes.find((c) => c.name === wanted)?.code;
}

// Intl can name its language: "french" is a well-formed tag (5 to 8 letter subtags are allowed).
export const language = checked(textValue(), (tag) => {
  let canonical: string | undefined;
  try {
    [canonical] = Intl.getCanonicalLocales(tag);
  } catch {
    // not a well-formed tag
  }
  const primary = canonical?.split("-")[0];
  if (canonical && primary && /^[a-z]{2,3}$/.test(primary) && languageNames.of(primary)) return canonical;
  const code = codeNamed(tag);
  return new Refusal(
    `${quoted(tag)} is not a BCP 47 language tag${canonical ? " naming a language Intl knows" : ""}.`,
    code
      ? `write "${code}" (${languageNames.of(code)}), or another BCP 47 tag, e.g. "fr", "de-CH" or "pt-BR".`
      : undefined,
  );
});

const phrase = z.union(
  [
    z.string().min(1, "is empty."),
    z.strictObject({
      zero: z.string().optional(),
      one: z.string().optional(),
      two: z.string().optional(),
      few: z.string().optional(),
      many: z.string().optional(),
      other: z.string().min(1, "is empty."),
    }),
  ],
  { error: 'is neither text nor plural forms ({ "one": "...", "other": "..." }).' },
);

/** Known keys only, and no placeholder the phrase does not fill. */
export const messages = z
  .record(z.string(), phrase, { error: "is not an object of phrase keys and words." })
  .superRefine((record, ctx) => {
    for (const [key, value] of Object.entries(record)) {
      if (!isMessageKey(key)) {
        const near = MESSAGE_KEYS.filter((k) => k.split(".")[0] === key.split(".")[0]).slice(0, 6);
        addProblem(
          ctx,
          [key],
          "is not an interface phrase Masthead knows.",
          near.length
            ? `use one of the keys of lib/i18n/en.ts, e.g. ${near.map((k) => `"${k}"`).join(", ")}.`
            : "use one of the keys of lib/i18n/en.ts (the English words of every phrase).",
        );
        continue;
      }
      const allowed = allowedPlaceholders(key);
      const unknown = [...placeholdersOf(value as Phrase)].filter((p) => !allowed.has(p));
      if (unknown.length)
        addProblem(
          ctx,
          [key],
          `uses ${unknown.map((p) => `{${p}}`).join(", ")}, which this phrase does not fill.`,
          allowed.size
            ? `use only ${[...allowed].map((p) => `{${p}}`).join(", ")}, or none.`
            : "write it without {placeholders}.",
        );
    }
  });
