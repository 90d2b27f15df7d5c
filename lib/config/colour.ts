import { Refusal, checked, quoted, textValue } from "./variable";

// WCAG 2 contrast of the accent colours with app/globals.css's --bg.

export const PAGE_BACKGROUND = { light: "#ffffff", dark: "#121110" } as const;
type Scheme = keyof typeof PAGE_BACKGROUND;

/** WCAG AA for normal text: links and button labels are drawn in the accent. */
export const AA_CONTRAST = 4.5;

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Rounded down, so a reported ratio never looks like a pass when it is not. */
const shownRatio = (ratio: number) => (Math.floor(ratio * 100) / 100).toFixed(2);

function mix(hex: string, toward: string, amount: number): string {
  const from = channels(hex);
  const to = channels(toward);
  return `#${from
    .map((c, i) =>
      Math.round(c + (to[i]! - c) * amount)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** The same hue toward black (light) or white (dark) until it reaches AA on that background. */
export function readableOn(scheme: Scheme, hex: string): string {
  const toward = scheme === "light" ? "#000000" : "#ffffff";
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(hex, toward, step / 20);
    if (contrastRatio(candidate, PAGE_BACKGROUND[scheme]) >= AA_CONTRAST) return candidate.toLowerCase();
  }
  return toward;
}

export function accentColour(scheme: Scheme) {
  return checked(textValue(), (raw) => {
    if (!HEX_COLOUR.test(raw)) return new Refusal(`${quoted(raw)} is not a colour written as #rrggbb.`);
    const hex = raw.toLowerCase();
    const ratio = contrastRatio(hex, PAGE_BACKGROUND[scheme]);
    if (ratio >= AA_CONTRAST) return hex;
    return new Refusal(
      `${hex} has a contrast of ${shownRatio(ratio)}:1 against the ${scheme} scheme's page background (${PAGE_BACKGROUND[scheme]}); WCAG AA needs ${AA_CONTRAST}:1, ${shownRatio(AA_CONTRAST - ratio + 0.005)} more.`,
      `use a ${scheme === "light" ? "darker" : "lighter"} colour, e.g. "${readableOn(scheme, hex)}" (the same hue, ${scheme === "light" ? "darkened" : "lightened"} to pass).`,
    );
  });
}
