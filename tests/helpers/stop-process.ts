import type { ChildProcess } from "node:child_process";

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited. Safe on a child already gone. */
export async function stopProcess(child: ChildProcess | null, graceMs: number): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}
