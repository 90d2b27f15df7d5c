import { WHOLE_NUMBER_VARIABLES } from "@/lib/config/defaults.mjs";
import { DEFAULT_DESCRIPTION, DEFAULT_LANGUAGE } from "@/lib/config/site";
import { resolveMessages, translator } from "@/lib/i18n";

/** The feed writers' settings as blogForPage passes them when the configuration sets nothing. */
export function defaultFeedSettings(siteUrl: string) {
  return {
    siteUrl,
    postUrlTemplate: null,
    feedItems: WHOLE_NUMBER_VARIABLES.FEED_ITEMS.fallback,
    language: DEFAULT_LANGUAGE,
    description: DEFAULT_DESCRIPTION,
    t: translator(resolveMessages(DEFAULT_LANGUAGE)),
  };
}
