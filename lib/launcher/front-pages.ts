// nginx's own 413, 429 and 503 answers (HTML and JSON) in the site's words and accent; self-contained,
// since they are served while the instances are down.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PAGE_BACKGROUND } from "../config/colour";
import { requireSupportedNode } from "../config/node-runtime";
import { translator, type MessageKey } from "../i18n";
import { configOrExit } from "./preflight";

const PAGES = {
  413: ["front.tooLarge.title", "front.tooLarge.lede"],
  429: ["front.tooMany.title", "front.tooMany.lede"],
  503: ["front.busy.title", "front.busy.lede"],
} as const satisfies Record<number, readonly [MessageKey, MessageKey]>;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

requireSupportedNode();
const folder = process.argv[2];
if (!folder) {
  console.error("Usage: npm run front-pages -- <folder>   (the folder nginx serves them from)");
  process.exit(2);
}
const { site } = configOrExit(process.env);
const t = translator(site.messages);
const { light, dark } = site.accent;
// app/globals.css's text colours; the background and accent are the site's.
const style = `:root{color-scheme:light dark;--bg:${PAGE_BACKGROUND.light};--fg:#1c1917;--muted:#57534e;--line:#e7e5e4;--accent:${light}}@media (prefers-color-scheme:dark){:root{--bg:${PAGE_BACKGROUND.dark};--fg:#f5f5f4;--muted:#b6b0aa;--line:#34302d;--accent:${dark}}}body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--fg);font:1.0625rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}main{max-width:32rem;margin:1.5rem;padding:2rem;border:1px solid var(--line);border-top:4px solid var(--accent);border-radius:.75rem}h1{margin:0 0 .5rem;font-size:1.5rem;line-height:1.25}p{margin:0 0 1.25rem;color:var(--muted)}a{color:var(--accent);font-weight:600}`;

mkdirSync(folder, { recursive: true });
for (const [status, keys] of Object.entries(PAGES)) {
  const [title, lede] = keys.map((key) => t(key)) as [string, string];
  const html = `<!doctype html><html lang="${escape(site.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${style}</style></head><body><main><h1>${escape(title)}</h1><p>${escape(lede)}</p><a href="">${escape(t("front.tryAgain"))}</a></main></body></html>\n`;
  writeFileSync(path.join(folder, `${status}.html`), html);
  writeFileSync(path.join(folder, `${status}.json`), `${JSON.stringify({ error: `${title}. ${lede}` })}\n`);
}
console.log(
  `Wrote ${Object.keys(PAGES).length * 2} pages in the site's language (${site.language}) to ${folder}.`,
);
