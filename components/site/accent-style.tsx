import { accentCss, type SiteConfig } from "@/lib/config/site";

/** The configured accent over app/globals.css's, in <head>; nothing for the demo's. */
export function AccentStyle({ site }: { site: SiteConfig }) {
  const css = accentCss(site.accent);
  return css ? <style>{css}</style> : null;
}
