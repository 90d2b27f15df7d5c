/*
 * The heap the site's server (lib/launcher/server.ts) runs with. Left alone, V8 sizes a process's heap from the machine's
 * memory and, on a busy server, lets the heap grow with the garbage it makes rather than collect
 * it fully, so the process keeps growing while its live heap stays flat. With a limit V8
 * collects before it grows past it, and the process levels off (docs/performance.md, "Soak").
 * The limit leaves several times a busy server's live heap, with room for a large blog's store
 * and search index and the list they are built from while it is read (docs/performance.md,
 * "Scale").
 *
 * The young generation is bounded too: Node 24's V8 grows it to its maximum under the
 * allocation of loading a large blog and of serving, and keeps it. Small semi-spaces keep a
 * large blog's server markedly smaller once ready and after traffic, with as many requests
 * served; smaller ones still, --optimize-for-size and --memory-saver-mode saved a little more
 * memory but served far fewer requests (docs/performance.md, "Scale").
 *
 * Loading a large blog leaves V8 holding what it used meanwhile (pages kept in its pool, a heap
 * sized for the peak) until its memory reducer runs seconds later. --expose-gc lets the server
 * ask for that collection itself once it has loaded (lib/blog/warm-up.ts), before readiness says
 * ready.
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
