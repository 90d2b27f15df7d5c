/*
 * Time zones: the workspace accepts what Intl.DateTimeFormat accepts (lib/local-workspace/README.md, API decision 6),
 * so the same check runs here before anything is sent upstream.
 */

export function isValidTimeZone(value: string): boolean {
  if (!value || value.length > 100) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

let zones: string[] | undefined;

/** Canonical IANA names for the picker, plus UTC (which supportedValuesOf omits). */
export function timeZoneOptions(): string[] {
  if (!zones) {
    const list = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    zones = Array.from(new Set(["UTC", ...list]));
  }
  return zones;
}
