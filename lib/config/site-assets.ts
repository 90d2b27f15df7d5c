import "server-only";
import { readFileSync } from "node:fs";
import { env } from "./env";
import type { SiteConfig, SiteImage } from "./site";

// Served by app/brand/'s static routes (read once, by the build).

const defaultIcon = (accent: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${accent}"/><path d="M7 24V8h3.2l5.8 9.2L21.8 8H25v16h-3.2V13.6l-5 7.8h-1.6l-5-7.8V24z" fill="#fff"/></svg>`;

export function siteIcon(site: SiteConfig): Pick<SiteImage, "src" | "type"> {
  return site.icon ?? { src: "/brand/icon", type: "image/svg+xml" };
}

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

const fileResponse = (image: SiteImage) =>
  new Response(readFileSync(image.file!), { headers: { "Content-Type": image.type! } });

export function logoResponse(): Response {
  const { logo } = env().site;
  return logo?.file ? fileResponse(logo) : notFound();
}

export function logoDarkResponse(): Response {
  const dark = env().site.logo?.dark;
  return dark?.file ? fileResponse(dark) : notFound();
}

export function iconResponse(): Response {
  const { icon, accent } = env().site;
  if (icon?.file) return fileResponse(icon);
  if (icon) return notFound(); // an address elsewhere: pages link it directly
  return new Response(defaultIcon(accent.light), { headers: { "Content-Type": "image/svg+xml" } });
}
