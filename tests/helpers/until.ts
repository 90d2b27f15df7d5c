/**
 * Polls `check` until it holds, for tests that wait on something with no event to await (a
 * connection coming back, a worker draining a queue): bounded, so a condition that never comes
 * fails the test with `what` instead of hanging it.
 */
export async function until(
  check: () => Promise<boolean> | boolean,
  opts: { what?: string; timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const { what = "condition", timeoutMs = 10_000, intervalMs = 50 } = opts;
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
