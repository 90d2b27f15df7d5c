/** Dates are formatted in UTC so every build and every server renders the same text. */
const format = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

export function FormattedDate({ iso, className }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} className={className}>
      {format.format(new Date(iso))}
    </time>
  );
}
