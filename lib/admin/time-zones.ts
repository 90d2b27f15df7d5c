/*
 * Time zones: the workspace accepts what Intl.DateTimeFormat accepts (lib/local-workspace/README.md, API decision 6),
 * so the same check runs here before anything is sent upstream.
 */

export { isValidTimeZone } from "../i18n";

/**
 * Canonical IANA names for the picker, plus UTC (which supportedValuesOf omits): listed once per
 * copy of this module, a pure computation that every copy gets the same answer to.
 */
let zones: string[] | undefined;
export function timeZoneOptions(): string[] {
  return (zones ??= Array.from(new Set(["UTC", ...Intl.supportedValuesOf("timeZone")])));
}
