/*
 * The memory the site's server (lib/launcher/server.ts) runs with: V8's heap, and the C library's.
 *
 * V8's heap. Left alone, V8 sizes a process's heap from the machine's memory and, on a busy
 * server, lets the heap grow with the garbage it makes rather than collect it fully, so the
 * process keeps growing while its live heap stays flat. With a limit V8 collects before it grows
 * past it, and the process levels off (docs/performance.md, "Soak"). The limit leaves several
 * times a busy server's live heap, with room for a large blog's store and search index and the
 * list they are built from while it is read (docs/performance.md, "Scale").
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
 *
 * The C library's heap. Node reads a socket into blocks of 64 KiB, and a large response (the
 * blog list, read while loading) is many of them until it is parsed. glibc's malloc keeps blocks
 * under its mmap threshold in its main heap, which gives memory back to the system only from its
 * top: once the list is parsed, the freed blocks stay resident behind whatever was allocated
 * after them, for as long as the process lives. A threshold at that block size (mallopt(3),
 * MALLOC_MMAP_THRESHOLD_) gives each such block its own mapping, returned to the system when it
 * is freed. An operator's own MALLOC_MMAP_THRESHOLD_ or GLIBC_TUNABLES wins; other C libraries
 * ignore the variable.
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

/** glibc's mmap threshold for the server: blocks of a socket read's size and up are mapped on their own. */
export const SERVER_MMAP_THRESHOLD_BYTES = 64 * 1024;

/** Environment for the server process: the C library's setting above, unless the operator's environment sets its own. */
export function serverMemoryEnv(env: Record<string, string | undefined>): Record<string, string> {
  if (env.MALLOC_MMAP_THRESHOLD_?.trim() || env.GLIBC_TUNABLES?.trim()) return {};
  return { MALLOC_MMAP_THRESHOLD_: String(SERVER_MMAP_THRESHOLD_BYTES) };
}
