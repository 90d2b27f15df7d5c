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

/**
 * Canonical IANA names for the picker, plus UTC (which supportedValuesOf omits): listed once per
 * copy of this module, a pure computation that every copy gets the same answer to.
 */
let zones: string[] | undefined;
export function timeZoneOptions(): string[] {
  return (zones ??= Array.from(new Set(["UTC", ...Intl.supportedValuesOf("timeZone")])));
}
