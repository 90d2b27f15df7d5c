import "server-only";
import { translator, type Translate } from "../i18n";
import { env } from "./env";

let cached: { messages: unknown; t: Translate } | undefined;

/** The site's words (SITE_CONFIG `language` and `messages`), for pages and route handlers. */
export function siteText(): Translate {
  const { messages } = env().site;
  if (cached?.messages !== messages) cached = { messages, t: translator(messages) };
  return cached.t;
}
