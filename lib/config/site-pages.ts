import MarkdownIt from "markdown-it";
import { z } from "zod";
import { Refusal, addProblem, checked, quoted, text, textValue } from "./variable";

// markdown-it with `html: false` writes HTML as text and refuses javascript:, vbscript:, file: and
// data: links, so the team's pages need no other sanitising.

export type SitePage = { path: string; title: string; html: string; footer: boolean };

const markdown = new MarkdownIt({ html: false, linkify: true });

const TAKEN = ["admin", "api", "authors", "blog", "brand", "newsletter", "og", "search", "sitemaps", "tags"];

export const PAGES_FIX =
  'write a list of up to 20 pages, e.g. [{ "path": "/impressum", "title": "Impressum", "markdown": "Acme GmbH\\n\\nMusterstraße 1" }].';

const pagePath = checked(textValue(), (path) => {
  if (!/^\/[a-z0-9]+(?:-[a-z0-9]+)*$/.test(path))
    return new Refusal(
      `${quoted(path)} is not one lowercase path segment.`,
      'write "/" and lowercase letters, digits and single dashes, e.g. "/impressum" or "/privacy-policy".',
    );
  if (TAKEN.includes(path.slice(1)))
    return new Refusal(
      `${quoted(path)} is one of the site's own pages.`,
      `choose a path other than ${TAKEN.map((t) => `/${t}`).join(", ")}.`,
    );
  return path;
});

const page = z.strictObject(
  {
    path: pagePath,
    title: text(80),
    markdown: text(50_000),
    footer: z.boolean({ error: "is not true or false." }).optional(),
  },
  { error: "is not a page object." },
);

export const pages = z
  .array(page, { error: "is not a list." })
  .max(20, "has more than 20 pages.")
  // Even when a page has other problems, so every problem is told at once.
  .superRefine(
    (list, ctx) => {
      const seen = new Set<unknown>();
      list.forEach((p, i) => {
        const path = (p as { path?: unknown } | null)?.path;
        if (typeof path !== "string") return;
        if (seen.has(path))
          addProblem(
            ctx,
            [i, "path"],
            `${quoted(path)} is the path of an earlier page too.`,
            "give each page a path of its own.",
          );
        seen.add(path);
      });
    },
    { when: () => true },
  )
  .transform((list) =>
    list.map((p): SitePage => ({
      path: p.path,
      title: p.title,
      html: markdown.render(p.markdown),
      footer: p.footer ?? true,
    })),
  );
