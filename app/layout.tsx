import type { Metadata, Viewport } from "next";
import { AccentStyle } from "@/components/site/accent-style";
import { env } from "@/lib/config/env";
import { siteIcon } from "@/lib/config/site-assets";
import "./globals.css";

export function generateMetadata(): Metadata {
  const icon = siteIcon(env().site);
  return {
    title: { default: "Masthead", template: "%s · Masthead" },
    description: "A team's public site and blog.",
    icons: { icon: [{ url: icon.src, ...(icon.type ? { type: icon.type } : {}) }] },
  };
}

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#121110" },
  ],
};

// The site's language (SITE_CONFIG) for <html lang>, the language of its words (lib/i18n).
export default function RootLayout({ children }: { children: React.ReactNode }) {
  const { site } = env();
  return (
    <html lang={site.language}>
      <AccentStyle site={site} />
      <body>{children}</body>
    </html>
  );
}
