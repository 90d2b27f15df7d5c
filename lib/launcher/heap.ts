/*
 * The heap the site's server (lib/launcher/server.ts) runs with. Left alone, V8 sizes a process's heap from the machine's
 * memory (some 4 GiB on a 16-24 GiB host) and, on a busy server, lets the heap grow with the
 * garbage it makes rather than collect it fully: under a steady mix of page views, searches,
 * signups and admin views on Node 24 the live heap stayed ~120 MiB (heap snapshots a minute
 * apart) while the heap grew past 470 MiB and the process passed 650 MiB in three minutes, still
 * rising. With a limit V8 collects before it grows past it, and the process levels off. 512 MiB
 * is four times that live heap, with room for a 50,000-post blog's store and search index
 * (~100 MiB) and the list they are built from while it is read (docs/performance.md).
 *
 * The young generation is bounded too: Node 24's V8 grows it to 128 MiB (two semi-spaces of
 * 64 MiB) under the allocation of loading a large blog and of serving, and keeps it. With
 * semi-spaces of at most 8 MiB a 50,000-post server's RSS was ~130 MiB lower once ready and
 * after traffic (480 -> 347 MiB, 517 -> 355 MiB), and it served as many requests (mirrored
 * rounds side by side: 1.12x the default's, within noise). Smaller ones (4 MiB) or
 * --optimize-for-size took another 15-25 MiB off but served 0.7x (--optimize-for-size), and
 * --memory-saver-mode 0.5x.
 *
 * Loading a large blog leaves V8 holding what it used meanwhile (pages kept in its pool, a heap
 * sized for the peak) until its memory reducer runs, some 8-10 s later: at 50,000 posts RSS went
 * from ~400 to ~315 MiB then. --expose-gc lets the server ask for that collection itself once it
 * has loaded (lib/blog/warm-up.ts), before readiness says ready.
 *
 * An operator who needs other sizes says so in NODE_OPTIONS, which then wins, flag by flag
 * (--max-heap-size sizes both, so it replaces both).
 */

export const DEFAULT_SERVER_HEAP_MB = 512;
export const DEFAULT_SEMI_SPACE_MB = 8;

const sets = (nodeOptions: string, flag: string) =>
  new RegExp(`--${flag.replaceAll("-", "[-_]")}\\b`).test(nodeOptions);

const exposeGc = (options: string) => (sets(options, "expose-gc") ? [] : ["--expose-gc"]);

/** Node flags for the server process: the default sizes, unless NODE_OPTIONS already sets them. */
export function serverHeapFlags(nodeOptions: string | undefined): string[] {
  const options = nodeOptions ?? "";
  if (sets(options, "max-heap-size")) return exposeGc(options);
  const flags: string[] = [];
  if (!sets(options, "max-old-space-size")) flags.push(`--max-old-space-size=${DEFAULT_SERVER_HEAP_MB}`);
  if (!sets(options, "max-semi-space-size")) flags.push(`--max-semi-space-size=${DEFAULT_SEMI_SPACE_MB}`);
  return [...flags, ...exposeGc(options)];
}
