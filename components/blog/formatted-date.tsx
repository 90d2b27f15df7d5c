import { env } from "@/lib/config/env";

let format: Intl.DateTimeFormat | undefined;

/** One formatter per process, in the site's language and configured time zone: every server renders the same. */
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
