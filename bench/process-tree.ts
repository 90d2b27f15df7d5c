/*
 * What a process and its descendants use, read from Linux's `ps` and /proc: the benchmark's
 * memory and CPU figures for a server whatever else shares the cores.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** A process and all its descendants, each with its resident memory in bytes (Linux `ps`). */
function processTree(rootPid: number): Map<number, number> {
  let out: string;
  try {
    out = execFileSync("ps", ["-e", "-o", "pid=,ppid=,rss="], { encoding: "utf8" });
  } catch {
    return new Map();
  }
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const line of out.split("\n")) {
    const [pid, ppid, kb] = line.trim().split(/\s+/).map(Number);
    if (!pid || ppid === undefined || kb === undefined) continue;
    rss.set(pid, kb * 1024);
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const tree = new Map<number, number>();
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop()!;
    if (tree.has(pid) || !rss.has(pid)) continue;
    tree.set(pid, rss.get(pid)!);
    stack.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** Resident memory of a process and all its descendants, in bytes. */
export function treeRssBytes(rootPid: number): number {
  let total = 0;
  for (const rss of processTree(rootPid).values()) total += rss;
  return total;
}

/**
 * CPU time (user + system) a process and its descendants have used, in ms (Linux /proc, 10 ms
 * ticks). The difference over a load run is what the server itself spent, whatever the load
 * generator on the same cores cost.
 */
export function treeCpuMs(rootPid: number): number {
  let ticks = 0;
  for (const pid of processTree(rootPid).keys()) {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // exited meanwhile
    }
  }
  return ticks * 10;
}
