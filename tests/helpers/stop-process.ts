import type { ChildProcess } from "node:child_process";

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

/**
 * SIGTERM, then SIGKILL after `graceMs`; resolves with how the child exited (a child killed
 * after the grace shows signal SIGKILL), or null for a child already gone. A child spawned
 * `detached` leads its own process group, and the whole group is signalled (`next build` and
 * `next start` leave workers behind otherwise); any other child is signalled alone.
 */
export async function stopProcess(
  child: ChildProcess | null | undefined,
  graceMs = 5_000,
): Promise<Exit | null> {
  if (!child || child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return null;
  const exited = new Promise<Exit>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const signal = (name: NodeJS.Signals) => {
    try {
      // A negative pid is the group whose leader is the child: it exists only if the child leads one.
      process.kill(-child.pid!, name);
    } catch {
      child.kill(name);
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), graceMs);
  const exit = await exited;
  clearTimeout(timer);
  return exit;
}
