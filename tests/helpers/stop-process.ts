import type { ChildProcess } from "node:child_process";

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

/**
 * SIGTERM, then SIGKILL after `graceMs`; resolves with how the child exited (a child killed
 * after the grace shows signal SIGKILL). Safe on a child already gone (null: nothing to stop).
 */
export async function stopProcess(child: ChildProcess | null, graceMs: number): Promise<Exit | null> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return null;
  const exited = new Promise<Exit>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  const exit = await exited;
  clearTimeout(timer);
  return exit;
}
