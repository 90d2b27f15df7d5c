import "server-only";
import { createGate } from "../http/concurrency-gate";
import { adminProcess } from "./process";

// scrypt burns a core for tens of ms: checks at once would starve the event loop in a flood. One
// hashes at a time, a few wait, the rest are "busy" at once (`task` never ran, so nothing was charged).

export const PASSWORD_CHECK_LIMITS = { concurrency: 1, maxQueue: 4, maxWaitMs: 1_000 } as const;

export function whenAdmitted<T>(task: () => Promise<T>): Promise<T> {
  return (adminProcess().passwordGate ??= createGate(PASSWORD_CHECK_LIMITS)).run(task);
}
