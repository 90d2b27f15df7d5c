import "server-only";
import { createGate } from "../http/concurrency-gate";
import { adminProcess } from "./process";

/*
 * scrypt burns a core for tens of milliseconds per check: on a two-core server, checks at once
 * starve the event loop during a flood. So one hashes at a time, a few wait briefly, and the rest
 * are told "busy" at once (GateBusyError): then `task` never ran, so nothing was charged.
 */

export const PASSWORD_CHECK_LIMITS = { concurrency: 1, maxQueue: 4, maxWaitMs: 1_000 } as const;

export function whenAdmitted<T>(task: () => Promise<T>): Promise<T> {
  return (adminProcess().passwordGate ??= createGate(PASSWORD_CHECK_LIMITS)).run(task);
}
