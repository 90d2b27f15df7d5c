import { accentCss, type SiteConfig } from "@/lib/config/site";

/** The configured accent, in <head>; nothing for the demo's (an empty <head> would still reach every RSC payload). */
export function AccentStyle({ site }: { site: SiteConfig }) {
  const css = accentCss(site.accent);
  return css ? (
    // eslint-disable-next-line @next/next/no-head-element -- rendered inside the App Router's root <html>, where <head> is the way
    <head>
      <style>{css}</style>
    </head>
  ) : null;
}
