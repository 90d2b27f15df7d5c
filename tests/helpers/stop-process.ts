import type { ChildProcess } from "node:child_process";

/**
 * SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited. Safe on a child
 * already gone. A child spawned `detached` leads its own process group, and the whole group is
 * signalled (`next build` and `next start` leave workers behind otherwise); any other child is
 * signalled alone.
 */
export async function stopProcess(child: ChildProcess | null | undefined, graceMs = 5_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
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
  await exited;
  clearTimeout(timer);
}
