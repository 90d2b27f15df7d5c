/** Dates are formatted in UTC so every build and every server renders the same text. */
const format = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

export function FormattedDate({ iso }: { iso: string }) {
  return <time dateTime={iso}>{format.format(new Date(iso))}</time>;
}
