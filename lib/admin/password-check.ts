import "server-only";
import { createGate } from "../http/concurrency-gate";
import { adminProcess } from "./process";

/*
 * Sign-in's password check, admitted through a gate. scrypt runs on libuv's thread pool, but
 * it still burns a core for tens of milliseconds per check: on a two-core server, two checks at
 * once starve the event loop during a flood. So one hashes at a time, a few wait briefly, and
 * the rest of a flood is told "busy" at once (GateBusyError) instead of queueing CPU work. One at
 * a time still checks many passwords a second, far more than admins signing in need.
 */

export const PASSWORD_CHECK_LIMITS = { concurrency: 1, maxQueue: 4, maxWaitMs: 1_000 } as const;

/**
 * Runs `task` (which makes a password check) once the gate admits it. Throws GateBusyError when
 * too many are under way: then `task` never ran, so nothing it would charge was charged.
 */
export function whenAdmitted<T>(task: () => Promise<T>): Promise<T> {
  // One gate per process, whichever of Next's bundles asks first.
  return (adminProcess().passwordGate ??= createGate(PASSWORD_CHECK_LIMITS)).run(task);
}
