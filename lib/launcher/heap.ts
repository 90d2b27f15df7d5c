/*
 * The heap limit `next start` runs with. Left alone, V8 sizes a process's heap from the
 * machine's memory (some 4 GiB on a 16-24 GiB host) and, on a busy server, lets the heap grow
 * with the garbage it makes rather than collect it fully: under a steady mix of page views,
 * searches, signups and admin views on Node 24 the live heap stayed ~120 MiB (heap snapshots a
 * minute apart) while the heap grew past 470 MiB and the process passed 650 MiB in three minutes,
 * still rising. With a limit V8 collects before it grows past it, and the process levels off.
 * 512 MiB is four times that live heap, with room for a 10,000-post search index (~36 MiB); an
 * operator who needs more (or less) says so in NODE_OPTIONS, which then wins.
 */

export const DEFAULT_SERVER_HEAP_MB = 512;

/** Node flags for the server process: the default limit, unless NODE_OPTIONS already sets one. */
export function serverHeapFlags(nodeOptions: string | undefined): string[] {
  if (/--max[-_]old[-_]space[-_]size\b/.test(nodeOptions ?? "")) return [];
  return [`--max-old-space-size=${DEFAULT_SERVER_HEAP_MB}`];
}
