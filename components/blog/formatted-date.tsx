import { env } from "@/lib/config/env";

let format: Intl.DateTimeFormat | undefined;

/**
 * One formatter per process, in the site's language (SITE_CONFIG: "de" gives "16. November
 * 2026"), in its time zone (SITE_CONFIG `timeZone`, UTC unset): one configured zone, so every
 * build and every server renders the same text.
 */
function formatter(): Intl.DateTimeFormat {
  format ??= new Intl.DateTimeFormat(env().site.language, {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: env().site.timeZone,
  });
  return format;
}

export function FormattedDate({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatter().format(new Date(iso))}</time>;
}
