import { currentCode } from "../../lib/admin/totp";

/**
 * Codes of one admin's secret that have not signed in yet, for tests that sign in several times
 * (Masthead accepts each time step's code once): this step's, else the next one's (still inside
 * the accepted window), else, after waiting for a new step, that one's.
 */
export function unusedCodes(email: string, secret: string): () => Promise<string> {
  const used = new Set<number>();
  return async () => {
    for (;;) {
      const now = Math.floor(Date.now() / 30_000);
      const step = [now, now + 1].find((s) => !used.has(s));
      if (step !== undefined) {
        used.add(step);
        return currentCode(email, secret, step * 30_000 + 1);
      }
      await new Promise((r) => setTimeout(r, 1_000));
    }
  };
}
