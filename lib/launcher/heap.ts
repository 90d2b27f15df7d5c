/*
 * The memory the site's server runs with (docs/performance.md, "Soak" and "Scale"):
 * - V8's heap: unbounded, a busy server grows with its garbage while its live heap stays flat; a
 *   limit makes V8 collect first. It leaves room for a large blog's store and index while loading.
 * - The young generation: V8 grows it to its maximum while loading and keeps it; small
 *   semi-spaces keep the server smaller with as many requests served.
 * - --expose-gc: the server collects what loading used once it is done (lib/blog/warm-up.ts).
 * NODE_OPTIONS wins, flag by flag (--max-heap-size sizes both, so it replaces both).
 * - glibc: Node reads sockets in 64 KiB blocks, which malloc keeps in its main heap, returned only
 *   from the top, so the blog list's blocks would stay resident; a threshold at that size maps
 *   each on its own (mallopt(3)). The operator's MALLOC_MMAP_THRESHOLD_ or GLIBC_TUNABLES wins.
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
