import { vi } from "vitest";

/**
 * Moves the clock `ms` ahead instead of waiting for it, for an app running in the test's process
 * (it reads the same clock): `Date` only, so timers, Redis's expiries and the network keep real
 * time, and the clock keeps running from where it was moved. `vi.useRealTimers()` puts it back.
 */
export function moveClock(ms: number): void {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true, now: Date.now() });
  vi.setSystemTime(Date.now() + ms);
}
