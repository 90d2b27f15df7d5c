import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, type ConfigProblem } from "@/lib/config/schema";
import { cutAtWord } from "@/lib/config/site";
import { loadConfig } from "@/lib/config/startup";
import {
  CATALOGUES,
  MESSAGE_KEYS,
  fallbackWarning,
  placeholdersOf,
  resolveMessages,
  dateTimeFormatter,
  splitSlots,
  translator,
} from "@/lib/i18n";
import { en } from "@/lib/i18n/en";

/* The interface's words: catalogues, the team's phrases over them, the fallback, and `language`. */

function siteFile(content: unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), "masthead-i18n-"));
  const file = path.join(dir, "site.json");
  writeFileSync(file, JSON.stringify(content));
  return file;
}

function siteProblems(content: unknown): ConfigProblem[] {
  try {
    loadConfig({ SITE_CONFIG: siteFile(content) });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error("expected a ConfigError");
}

const siteOf = (content: unknown) => loadConfig({ SITE_CONFIG: siteFile(content) }).site;

describe("the shipped catalogues", () => {
  it("ship en, fr, de and es, each with every phrase and no placeholder English lacks", () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual(["de", "en", "es", "fr"]);
    for (const [language, catalogue] of Object.entries(CATALOGUES)) {
      expect(Object.keys(catalogue).sort(), language).toEqual([...MESSAGE_KEYS].sort());
      for (const key of MESSAGE_KEYS) {
        const allowed = placeholdersOf(en[key]);
        for (const p of placeholdersOf(catalogue[key]))
          expect(allowed.has(p), `${language} ${key} {${p}}`).toBe(true);
      }
    }
  });

  it("are each in their own words: most French, German and Spanish phrases differ from the English", () => {
    for (const language of ["fr", "de", "es"]) {
      const same = MESSAGE_KEYS.filter(
        (k) => JSON.stringify(CATALOGUES[language]![k]) === JSON.stringify(en[k]),
      );
      // Words that are the same in both (Blog, Newsletter, the feed formats, the separator, "min").
      expect(same.length, `${language}: ${same.join(", ")}`).toBeLessThan(MESSAGE_KEYS.length / 15);
    }
  });
});

describe("the admin's phrases", () => {
  const ADMIN_KEYS = MESSAGE_KEYS.filter((k) => k.startsWith("admin."));

  it("are in every catalogue with exactly the English placeholders, in each plural form", () => {
    expect(ADMIN_KEYS.length).toBeGreaterThan(200);
    const sorted = (p: Set<string>) => [...p].sort();
    for (const [language, catalogue] of Object.entries(CATALOGUES))
      for (const key of ADMIN_KEYS) {
        const phrase = catalogue[key];
        const forms = typeof phrase === "string" ? [phrase] : Object.values(phrase);
        // A plural phrase may leave {count} out of a form ("one" reads "a signup" in some languages) but no other placeholder.
        const wanted = sorted(placeholdersOf(en[key])).filter(
          (p) => typeof phrase === "string" || p !== "count",
        );
        for (const form of forms)
          expect(
            sorted(placeholdersOf(form!)).filter((p) => wanted.includes(p)),
            `${language} ${key}`,
          ).toEqual(wanted);
      }
  });

  it("say counts, dates and plural forms in the site's language", () => {
    const de = translator(resolveMessages("de"));
    expect(de("admin.members.count", { count: 1234, page: 1, pages: 42 })).toBe(
      "1.234 Mitglieder · Seite 1 von 42",
    );
    expect(de("admin.members.count", { count: 1, page: 1, pages: 1 })).toBe("1 Mitglied · Seite 1 von 1");
    const when = Date.UTC(2026, 10, 29, 3, 21);
    expect(dateTimeFormatter("de", "UTC")(when)).toBe("29. Nov. 2026, 03:21 UTC");
    expect(dateTimeFormatter("en", "UTC")(when)).toBe("Nov 29, 2026, 03:21 AM UTC");
    // The site's time zone: Berlin is an hour ahead of UTC in November.
    expect(dateTimeFormatter("de", "Europe/Berlin")(when)).toBe("29. Nov. 2026, 04:21 MEZ");
  });

  it("are overridden from the site file like the reader's, with the same checks", () => {
    const t = translator(
      siteOf({ language: "de", messages: { "admin.dashboard.title": "Cockpit" } }).messages,
    );
    expect(t("admin.dashboard.title")).toBe("Cockpit");
    expect(t("admin.members.title")).toBe("Mitglieder");
    const [bad] = siteProblems({ messages: { "admin.members.removed": "{wer} ist weg." } });
    expect(bad!.problem).toBe("uses {wer}, which this phrase does not fill.");
    expect(bad!.fix).toBe("use only {name}, or none.");
  });
});

describe("translator", () => {
  it("fills placeholders, writes numbers and picks plural forms in the site's language", () => {
    const fr = translator(resolveMessages("fr"));
    expect(fr("home.allPosts", { count: 16 })).toBe("Les 16 articles →");
    expect(fr("listing.posts", { count: 1 })).toBe("1 article");
    expect(fr("listing.posts", { count: 0 })).toBe("0 article"); // French counts 0 as one
    expect(fr("listing.posts", { count: 1234 })).toBe(`${new Intl.NumberFormat("fr").format(1234)} articles`);
    const en = translator(resolveMessages("en"));
    expect(en("listing.posts", { count: 0 })).toBe("0 posts");
    expect(en("listing.posts", { count: 1234 })).toBe("1,234 posts");
    expect(en("search.metaTitle", { query: "{count}" })).toBe("Search: {count}");
  });

  it("leaves unfilled placeholders as slots for markup, in the sentence's own order", () => {
    const de = translator(resolveMessages("de"));
    expect(splitSlots(de("post.published"))).toEqual([{ text: "Veröffentlicht am " }, { slot: "date" }]);
    expect(splitSlots(de("notFound.next"))).toEqual([
      { slot: "browse" },
      { text: " oder " },
      { slot: "home" },
      { text: "." },
    ]);
  });
});

describe("resolveMessages: the catalogue, then the team's phrases", () => {
  it("reads a regional tag's language (fr-CA reads fr) without a warning", () => {
    const m = resolveMessages("fr-CA");
    expect(m).toMatchObject({ language: "fr-CA", catalogue: "fr", shipped: true });
    expect(fallbackWarning(m)).toBeNull();
  });

  it("falls back to English plus the team's phrases for a language without a catalogue, with a warning", () => {
    const m = resolveMessages("pt-BR", { "home.latest": "Últimos posts" });
    expect(m).toMatchObject({ language: "pt-BR", catalogue: "en", shipped: false });
    const t = translator(m);
    expect(t("home.latest")).toBe("Últimos posts");
    expect(t("home.topics")).toBe("Topics");
    // Dates and numbers are still the language's own.
    expect(t("listing.posts", { count: 1234 })).toBe(`${new Intl.NumberFormat("pt-BR").format(1234)} posts`);
    expect(fallbackWarning(m)).toMatch(
      /"pt-BR" has no shipped catalogue \(en, fr, de, es\).*English.*"messages"/,
    );
  });

  it("puts a team's phrase and plural forms over a shipped catalogue", () => {
    const site = siteOf({
      language: "fr",
      messages: {
        "home.eyebrow": "Le carnet de l'atelier",
        "listing.posts": { one: "{count} note", other: "{count} notes" },
      },
    });
    const t = translator(site.messages);
    expect(t("home.eyebrow")).toBe("Le carnet de l'atelier");
    expect(t("listing.posts", { count: 3 })).toBe("3 notes");
    expect(t("home.latest")).toBe("Derniers articles");
    // The default description is the language's too.
    expect(site.description).toBe(CATALOGUES.fr!["site.description"]);
  });
});

describe("SITE_CONFIG language", () => {
  it("is canonicalised", () => {
    expect(siteOf({ language: "FR-ca" }).language).toBe("fr-CA");
    expect(siteOf({ language: "es-419" }).language).toBe("es-419");
  });

  it("refuses a language's English name, suggesting its tag", () => {
    const [french] = siteProblems({ language: "french" });
    expect(french).toMatchObject({ variable: "SITE_CONFIG", key: "language" });
    expect(french!.problem).toBe('"french" is not a BCP 47 language tag naming a language Intl knows.');
    expect(french!.fix).toContain('write "fr" (French)');
    const [german] = siteProblems({ language: "German" });
    expect(german!.fix).toContain('write "de" (German)');
  });

  it("refuses what is not a tag at all, and a tag naming no language", () => {
    const [bad] = siteProblems({ language: "not a tag" });
    expect(bad!.problem).toBe('"not a tag" is not a BCP 47 language tag.');
    expect(bad!.fix).toContain("BCP 47 language tag");
    expect(siteProblems({ language: "qq" })[0]!.key).toBe("language");
  });
});

describe("SITE_CONFIG messages", () => {
  it("refuses an unknown key, naming its neighbours, and a placeholder the phrase does not fill", () => {
    const problems = siteProblems({
      messages: { "home.eyebrw": "x", "post.moreBy": "Plus de {nom}", "blog.title": "" },
    });
    const by = Object.fromEntries(problems.map((p) => [p.key, p]));
    expect(by["messages.home.eyebrw"]!.problem).toBe("is not an interface phrase Masthead knows.");
    expect(by["messages.home.eyebrw"]!.fix).toContain('"home.eyebrow"');
    expect(by["messages.post.moreBy"]!.problem).toBe("uses {nom}, which this phrase does not fill.");
    expect(by["messages.post.moreBy"]!.fix).toBe("use only {name}, or none.");
    expect(problems.some((p) => p.key === "messages.blog.title")).toBe(true);
  });
});

describe("cutAtWord", () => {
  it("cuts a long name at a word, never inside one", () => {
    expect(cutAtWord("Atelier Lumière", 12)).toBe("Atelier");
    expect(cutAtWord("The Masthead Journal", 12)).toBe("The Masthead");
    expect(cutAtWord("Short", 12)).toBe("Short");
    expect(cutAtWord("Donaudampfschifffahrt", 12)).toBe("Donaudampfschifffahrt");
  });
});

describe("the social card's byline", () => {
  it("is in the site's language, and the team's words where it has its own", async () => {
    const { cardByline } = await import("@/lib/blog/og");
    expect(cardByline(translator(resolveMessages("de")), [{ name: "Ada" }, { name: "Grace" }])).toBe(
      "Geschrieben von Ada, Grace",
    );
    expect(
      cardByline(translator(resolveMessages("en", { "post.writtenBy": "Words by" })), [{ name: "Ada" }]),
    ).toBe("Words by Ada");
    expect(cardByline(translator(resolveMessages("fr")), [])).toBeUndefined();
  });
});
