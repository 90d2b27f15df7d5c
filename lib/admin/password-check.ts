import "server-only";
import { createGate, GateBusyError, type Gate } from "../http/concurrency-gate";
import { processMemo } from "../state";
import { verifyPassword } from "../config/password-hash";

/*
 * Sign-in's password check, admitted through a gate. scrypt runs on libuv's thread pool, but
 * it still burns a core for ~50 ms per check: on a two-core server, two checks at once left the
 * event loop a third of the CPU during a flood. So one hashes at a time, a few wait briefly, and
 * the rest of a flood is told "busy" at once (GateBusyError) instead of queueing CPU work. One at
 * a time still checks ~20 passwords a second, far more than admins signing in need.
 */

export const PASSWORD_CHECK_LIMITS = { concurrency: 1, maxQueue: 4, maxWaitMs: 1_000 } as const;

function gate(): Gate {
  // One per process, whichever of Next's bundles asks first.
  return processMemo("admin.passwordCheckGate", () => createGate(PASSWORD_CHECK_LIMITS));
}

/** True when `password` matches `stored`. Throws GateBusyError when too many checks are under way. */
export function checkPassword(password: string, stored: string): Promise<boolean> {
  return gate().run(() => verifyPassword(password, stored));
}

export { GateBusyError };
