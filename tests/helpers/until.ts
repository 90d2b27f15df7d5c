import type { ChildProcess } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * The one sleep of the tests and the bench: Node's own, which also takes an AbortSignal. In the
 * tests, only to let time pass on purpose (docs/testing.md lists each use); a wait for something
 * to happen is `until`.
 */
export { sleep };

/**
 * Polls `check` until it holds, for waits with no event to await (a connection coming back, a
 * worker draining a queue, a server starting): bounded, so a condition that never comes fails
 * with `what` (and `detail()`, such as a server's last log lines) instead of hanging.
 */
export async function until(
  check: () => Promise<boolean> | boolean,
  opts: { what?: string; timeoutMs?: number; intervalMs?: number; detail?: () => string } = {},
): Promise<void> {
  const { what = "condition", timeoutMs = 10_000, intervalMs = 50 } = opts;
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      const detail = opts.detail?.();
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${detail ? `:\n${detail}` : ""}`);
    }
    await sleep(intervalMs);
  }
}

/**
 * Waits until the clock has passed `ms` (now, by default): where two moments are compared by the
 * millisecond and one made in the same millisecond counts as older (a revalidation and a copy).
 */
export async function clockPast(ms = Date.now()): Promise<void> {
  await until(() => Date.now() > ms, { what: `the clock to pass ${ms}`, timeoutMs: 1_000, intervalMs: 1 });
}

/**
 * Lets the clock reach the start of the next second (20 ms into it): the edge keeps a page for
 * the second it was stored in, so a test of what one second lets through starts with a whole one.
 */
export async function startOfSecond(): Promise<void> {
  await sleep(1000 - (Date.now() % 1000) + 20);
}

/**
 * Waits until `url` answers 2xx: a server that was just spawned. Fails at once (with `detail()`)
 * when `child` exits first, rather than waiting out the timeout.
 */
export async function waitForOk(
  url: string,
  opts: { timeoutMs: number; child?: ChildProcess; detail?: () => string },
): Promise<void> {
  await until(
    async () => {
      const { child } = opts;
      if (child && (child.exitCode !== null || child.signalCode !== null)) {
        const detail = opts.detail?.();
        throw new Error(
          `exited (${child.exitCode ?? child.signalCode}) before ${url} answered${detail ? `:\n${detail}` : ""}`,
        );
      }
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
        await res.arrayBuffer();
        return res.ok;
      } catch {
        return false; // not listening yet
      }
    },
    { what: `${url} to answer 2xx`, timeoutMs: opts.timeoutMs, intervalMs: 200, detail: opts.detail },
  );
}
