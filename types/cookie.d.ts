/*
 * Types for the part of `cookie` 0.7 that lib/admin/session.ts uses. 0.7 ships no types, and it
 * is the version iron-session already installs (one copy, not two); `cookie` 1.x brings its own.
 */
declare module "cookie" {
  /** Name → value; the first of repeated names wins; values are percent-decoded when they can be. */
  export function parse(
    header: string,
    options?: { decode?: (value: string) => string },
  ): Record<string, string | undefined>;
}
