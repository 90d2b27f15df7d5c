import { currentCode } from "../../lib/admin/totp";
import { until } from "./until";

/**
 * Codes of one admin's secret that have not signed in yet, for tests that sign in several times
 * (Masthead accepts each time step's code once): this step's, else the next one's (still inside
 * the accepted window), else, after waiting for a new step, that one's. With `moveClock` (for an
 * app running in the test's process, which reads the same clock), the clock is moved on to the new
 * step instead of waited for.
 */
export function unusedCodes(
  email: string,
  secret: string,
  { moveClock }: { moveClock?: (ms: number) => void } = {},
): () => Promise<string> {
  const used = new Set<number>();
  const unused = () => {
    const now = Math.floor(Date.now() / 30_000);
    return [now, now + 1].find((s) => !used.has(s));
  };
  return async () => {
    if (moveClock) while (unused() === undefined) moveClock(30_000);
    await until(() => unused() !== undefined, {
      what: "a time step not used yet",
      timeoutMs: 35_000,
      intervalMs: 1_000,
    });
    const step = unused()!;
    used.add(step);
    return currentCode(email, secret, step * 30_000 + 1);
  };
}
