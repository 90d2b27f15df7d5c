import type { ChildProcess } from "node:child_process";

/** The one sleep of the tests and the bench: Node's own, which also takes an AbortSignal. */
export { setTimeout as sleep } from "node:timers/promises";

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
    await new Promise((r) => setTimeout(r, intervalMs));
  }
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
