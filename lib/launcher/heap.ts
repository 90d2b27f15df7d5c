/*
 * The server's memory (docs/performance.md); NODE_OPTIONS wins flag by flag. A heap limit makes V8
 * collect before a busy server grows with garbage; --expose-gc lets warm-up collect what loading used;
 * glibc keeps Node's 64 KiB socket reads in its main heap unless mmap'd on their own (mallopt(3)).
 */

export const DEFAULT_SERVER_HEAP_MB = 512;
export const DEFAULT_SEMI_SPACE_MB = 8;

const sets = (nodeOptions: string, flag: string) =>
  new RegExp(`--${flag.replaceAll("-", "[-_]")}\\b`).test(nodeOptions);

const exposeGc = (options: string) => (sets(options, "expose-gc") ? [] : ["--expose-gc"]);

export function serverHeapFlags(nodeOptions: string | undefined): string[] {
  const options = nodeOptions ?? "";
  if (sets(options, "max-heap-size")) return exposeGc(options);
  const flags: string[] = [];
  if (!sets(options, "max-old-space-size")) flags.push(`--max-old-space-size=${DEFAULT_SERVER_HEAP_MB}`);
  if (!sets(options, "max-semi-space-size")) flags.push(`--max-semi-space-size=${DEFAULT_SEMI_SPACE_MB}`);
  return [...flags, ...exposeGc(options)];
}

export const SERVER_MMAP_THRESHOLD_BYTES = 64 * 1024;

export function serverMemoryEnv(env: Record<string, string | undefined>): Record<string, string> {
  if (env.MALLOC_MMAP_THRESHOLD_?.trim() || env.GLIBC_TUNABLES?.trim()) return {};
  return { MALLOC_MMAP_THRESHOLD_: String(SERVER_MMAP_THRESHOLD_BYTES) };
}
