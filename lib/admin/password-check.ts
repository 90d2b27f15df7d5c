import "server-only";
import { createGate, GateBusyError, type Gate } from "../concurrency-gate";
import { processMemo } from "../state";
import { verifyPassword } from "./password";

/*
 * Sign-in's password check, admitted through a gate: scrypt runs on libuv's thread pool
 * (4 threads by default, shared with file reads and DNS lookups that pages need), so at most
 * two hash at once, a few more wait briefly, and the rest of a flood is told "busy" at once
 * (GateBusyError) instead of queueing CPU work. Two at a time still checks ~40 passwords a
 * second on two cores, far more than admins signing in need.
 */

export const PASSWORD_CHECK_LIMITS = { concurrency: 2, maxQueue: 8, maxWaitMs: 1_000 } as const;

function gate(): Gate {
  // One per process, whichever of Next's bundles asks first.
  return processMemo("admin.passwordCheckGate", () => createGate(PASSWORD_CHECK_LIMITS));
}

/** True when `password` matches `stored`. Throws GateBusyError when too many checks are under way. */
export function checkPassword(password: string, stored: string): Promise<boolean> {
  return gate().run(() => verifyPassword(password, stored));
}

export { GateBusyError };
