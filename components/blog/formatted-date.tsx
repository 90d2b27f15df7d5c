import { env } from "@/lib/config/env";

let format: Intl.DateTimeFormat | undefined;

/** One formatter per process, in the site's language and configured time zone: every server renders the same. */
export function FormattedDate({ iso }: { iso: string }) {
  const { language, timeZone } = env().site;
  format ??= new Intl.DateTimeFormat(language, { year: "numeric", month: "long", day: "numeric", timeZone });
  return <time dateTime={iso}>{format.format(new Date(iso))}</time>;
}
