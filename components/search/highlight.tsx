import { highlightSegments } from "@/lib/search/text";

/** `text` with the matched words in <mark>; plain React text nodes, so nothing is parsed as HTML. */
export function Highlight({ text, terms }: { text: string; terms: ReadonlySet<string> }) {
  return (
    <>{highlightSegments(text, terms).map((s, i) => (s.match ? <mark key={i}>{s.text}</mark> : s.text))}</>
  );
}
