import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { PAGE_BACKGROUND, accentColour, readableOn } from "./colour";
import { isValidTimeZone, resolveMessages, type MessageOverrides } from "../i18n";
import type { ImageHost } from "./image-hosts.mjs";
import { language, messages } from "./site-words";
import { IMAGE_FILE_TYPES, image, type SiteImage } from "./site-image";
import { PAGES_FIX, pages, type SitePage } from "./site-pages";
import { Refusal, checked, quoted, text, textValue } from "./variable";

// SITE_CONFIG's file, read with the environment at build and start; every key optional (docs/configuration.md).

/** app/globals.css's --accent in each scheme. */
export const DEMO_ACCENT = { light: "#b4232a", dark: "#f87171" } as const;
export const DEFAULT_LANGUAGE = "en";

/** `me`: an identity link (rel="me", JSON-LD sameAs). */
const SOCIAL_NETWORKS = {
  mastodon: { label: "Mastodon", me: true },
  bluesky: { label: "Bluesky", me: true },
  github: { label: "GitHub", me: true },
  linkedin: { label: "LinkedIn", me: true },
  x: { label: "X", me: true },
  youtube: { label: "YouTube", me: true },
  rss: { label: "RSS", me: false },
} as const;
type Network = keyof typeof SOCIAL_NETWORKS;

const IMAGE_FIX = `give the path (relative to the SITE_CONFIG file) of a ${IMAGE_FILE_TYPES} file up to 1 MB, or an http(s) address on an allowed image host (IMAGE_HOSTS).`;
const FIXES = {
  name: "write the site's name (1 to 80 characters), or remove the key to use the workspace's blog name.",
  description: "write one or two sentences (up to 300 characters), or remove the key for the default.",
  accentColor: 'write a colour as "#rrggbb", e.g. "#1d4ed8".',
  accentColorDark:
    'write a colour as "#rrggbb", e.g. "#93c5fd", or remove the key to derive it from accentColor.',
  logo: IMAGE_FIX,
  logoDark: `for the logo drawn for a dark background, ${IMAGE_FIX.slice(0, -1)}; it needs "logo" too.`,
  logoAlt:
    "write the words the logo shows (usually the site's name), or remove the key to show the logo beside the name.",
  icon: IMAGE_FIX,
  navigation:
    'write a list of up to 8 links, e.g. [{ "label": "Blog", "href": "/blog" }, { "label": "Shop", "href": "https://shop.example.org" }].',
  social: `write { "<network>": "https://..." } with networks among ${Object.keys(SOCIAL_NETWORKS).join(", ")}.`,
  footer: "write one line of text (up to 200 characters), e.g. your organisation's legal name.",
  pages: PAGES_FIX,
  language: 'write a BCP 47 language tag, e.g. "en", "fr", "de", "es" or "pt-BR".',
  timeZone: 'write an IANA time zone, e.g. "Europe/Berlin" or "America/New_York", or remove the key for UTC.',
  messages:
    'write { "<phrase key>": "your words" }, e.g. { "home.eyebrow": "Le carnet de l\'atelier" }; the keys and their English words are in lib/i18n/en.ts.',
  shortName:
    "write the site's name in one or two short words (up to 12 characters), for an icon's label on a home screen; unset, the name is cut at a word.",
} as const;
type Key = keyof typeof FIXES;
const SITE_KEYS = Object.keys(FIXES) as Key[];

export type { SiteImage, SitePage };
export type SiteLink = { label: string; href: string; external: boolean };
export type SiteConfig = ReturnType<typeof toSite>;

const DEMO_NAVIGATION: SiteLink[] = [
  { label: "Blog", href: "/blog", external: false },
  { label: "Newsletter", href: "/newsletter", external: false },
];
/** What an empty file gives. */
export const DEMO_SITE = toSite({});
export const DEFAULT_DESCRIPTION = DEMO_SITE.description;

export type SiteProblem = { key: string; problem: string; fix: string };

/**
 * Browsers read a backslash as a slash (`/\evil.example/x` is another site) and drop tabs and
 * newlines in http(s) addresses, so a link with either would not go where it reads.
 */
function unplainLink(href: string): Refusal | null {
  const control = /[\u0000-\u001f\u007f]/.exec(href);
  if (!href.includes("\\") && !control) return null;
  const what = control
    ? "a control character, which browsers drop"
    : 'a backslash, which browsers read as "/"';
  return new Refusal(
    `${quoted(href)} holds ${what}: the link would not go where it reads.`,
    `write the address with forward slashes only and no control characters, e.g. "/about" or "https://shop.example.org/".`,
  );
}

const link = z.strictObject(
  {
    label: text(40),
    href: checked(textValue(), (href) => {
      const unplain = unplainLink(href);
      if (unplain) return unplain;
      if (href.startsWith("//"))
        return new Refusal(
          `${quoted(href)} is scheme-relative: browsers open it on the host it names, not on this site.`,
          `write "/${href.replace(/^\/+/, "")}" for a page of this site, or "https:${href}" for another site.`,
        );
      if (href.startsWith("/")) return { href, external: false };
      if (/^https?:\/\/[^/\s]+/i.test(href) && URL.canParse(href)) return { href, external: true };
      return new Refusal(
        `${quoted(href)} is neither a path on this site (starting with /) nor an http(s) address.`,
        `write "/${href.replace(/^[./]+/, "")}" for a page of this site, or the full address (https://...) of another site.`,
      );
    }),
  },
  { error: "is not a link object." },
);

const profileUrl = checked(
  textValue(),
  (url) =>
    unplainLink(url) ??
    (/^https?:\/\/[^/\s]+/i.test(url) && URL.canParse(url)
      ? url
      : new Refusal(`${quoted(url)} is not an http(s) address.`)),
);

function fileSchema(dir: string, hosts: ImageHost[]) {
  return z
    .strictObject(
      {
        name: text(80).optional(),
        shortName: text(12).optional(),
        description: text(300).optional(),
        accentColor: accentColour("light").optional(),
        accentColorDark: accentColour("dark").optional(),
        logo: image("logo", dir, hosts).optional(),
        logoDark: image("logo-dark", dir, hosts).optional(),
        logoAlt: text(120).optional(),
        icon: image("icon", dir, hosts).optional(),
        navigation: z.array(link, { error: "is not a list." }).max(8, "has more than 8 links.").optional(),
        social: z
          .strictObject(
            Object.fromEntries(Object.keys(SOCIAL_NETWORKS).map((n) => [n, profileUrl.optional()])) as Record<
              Network,
              z.ZodOptional<typeof profileUrl>
            >,
            { error: "is not an object of network names and addresses." },
          )
          .optional(),
        footer: text(200).optional(),
        pages: pages.optional(),
        language: language.optional(),
        timeZone: z.string().refine(isValidTimeZone, "is not a time zone Intl knows.").optional(),
        messages: messages.optional(),
      },
      { error: "is not a JSON object of settings." },
    )
    .refine((f) => !f.logoDark || f.logo, {
      message: "is set without logo.",
      path: ["logoDark"],
      params: { fix: 'set "logo" (the logo for a light background) too, or remove "logoDark".' },
    });
}

type SiteFile = z.output<ReturnType<typeof fileSchema>>;

function toSite(f: SiteFile) {
  const language = f.language ?? DEFAULT_LANGUAGE;
  const siteMessages = resolveMessages(language, f.messages as MessageOverrides | undefined);
  const light = f.accentColor ?? DEMO_ACCENT.light;
  // Unset: the light accent lightened until it reads on the dark background.
  const dark = f.accentColorDark ?? (f.accentColor ? readableOn("dark", f.accentColor) : DEMO_ACCENT.dark);
  return {
    name: f.name ?? null, // null: the workspace's blog name
    shortName: f.shortName ?? null, // manifest short_name; null: the name cut at a word
    description: f.description ?? (siteMessages.phrases["site.description"] as string),
    // custom: false adds no style to the pages.
    accent: { light, dark, custom: light !== DEMO_ACCENT.light || dark !== DEMO_ACCENT.dark },
    // alt "" (decorative): the logo is shown beside the name; otherwise instead of it.
    logo: f.logo ? { ...f.logo, alt: f.logoAlt ?? "", dark: f.logoDark ?? null } : null,
    icon: f.icon ?? null,
    navigation: f.navigation?.map((l): SiteLink => ({ label: l.label, ...l.href })) ?? DEMO_NAVIGATION,
    social: Object.entries(f.social ?? {}).flatMap(([network, url]) => {
      if (!url) return [];
      const n = network as Network;
      return [{ network: n, url, ...SOCIAL_NETWORKS[n] }];
    }),
    footer: f.footer ?? null,
    pages: f.pages ?? [],
    language, // canonical BCP 47
    timeZone: f.timeZone ?? "UTC", // IANA, for readers and admins
    messages: siteMessages, // the language's catalogue (English when none ships), then the team's words
  };
}

/** "navigation[2].href". */
function keyOf(pathParts: PropertyKey[]): string {
  return pathParts
    .map((p, i) => (typeof p === "number" ? `[${p}]` : i ? `.${String(p)}` : String(p)))
    .join("");
}

function problemsOf(error: z.ZodError): SiteProblem[] {
  return error.issues.flatMap((issue): SiteProblem[] => {
    const top = String(issue.path[0] ?? "") as Key;
    const fix = (issue.code === "custom" && issue.params?.fix) || FIXES[top] || "";
    if (issue.code === "unrecognized_keys") {
      const where = issue.path.length
        ? FIXES[top]
        : `remove it, or correct its spelling: the keys are ${SITE_KEYS.join(", ")}.`;
      return issue.keys.map((k) => ({
        key: keyOf([...issue.path, k]),
        problem: "is not a key Masthead knows.",
        fix: where,
      }));
    }
    if (!issue.path.length)
      return [{ key: "", problem: issue.message, fix: 'write a JSON object, e.g. { "name": "Our site" }.' }];
    return [{ key: keyOf(issue.path), problem: issue.message, fix }];
  });
}

/** Unset: the demo's values. Relative paths in the file start at its folder. */
export function readSiteConfig(
  file: string | undefined,
  hosts: ImageHost[],
): { site: SiteConfig; problems: [] } | { site: undefined; problems: SiteProblem[] } {
  if (file === undefined) return { site: DEMO_SITE, problems: [] };
  const where = path.resolve(file);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(where, "utf8"));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const problem = code
      ? {
          problem: `cannot read ${where} (${code}).`,
          fix: "set SITE_CONFIG to the path of a readable JSON file (docs/configuration.md has a complete example), or unset it for the demo's site.",
        }
      : {
          problem: `${where} is not valid JSON: ${(error as Error).message}`,
          fix: "correct the JSON (no comments or trailing commas; keys and text in double quotes).",
        };
    return { site: undefined, problems: [{ key: "", ...problem }] };
  }
  const parsed = fileSchema(path.dirname(where), hosts).safeParse(raw);
  return parsed.success
    ? { site: toSite(parsed.data), problems: [] }
    : { site: undefined, problems: problemsOf(parsed.error) };
}

/** "Atelier Lumière" → "Atelier"; a first word longer than `max` is kept whole. */
export function cutAtWord(name: string, max: number): string {
  const chars = (s: string) => [...s].length;
  if (chars(name) <= max) return name;
  let cut = "";
  for (const word of name.split(/\s+/)) {
    const next = cut ? `${cut} ${word}` : word;
    if (chars(next) > max) break;
    cut = next;
  }
  return cut || name.split(/\s+/)[0]!;
}

/** Text on the accent is the page background, which the accent contrasts with by construction. */
export function accentCss({ light, dark, custom }: SiteConfig["accent"]): string | null {
  if (!custom) return null;
  return `:root{--accent:${light};--accent-fg:${PAGE_BACKGROUND.light}}@media (prefers-color-scheme:dark){:root{--accent:${dark};--accent-fg:${PAGE_BACKGROUND.dark}}}`;
}
