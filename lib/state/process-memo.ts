/*
 * Per-process singletons. Next bundles a module once per route type (pages, route handlers,
 * proxy, instrumentation), so a module-level `let` would give each bundle its own copy; a
 * registry on globalThis gives the whole process one. Only for what must stay per process
 * (connections, in-flight promises, copies checked against a shared generation): state that
 * must hold across instances goes through limiter(), sharedCache() or revocations().
 */

const REGISTRY = Symbol.for("masthead.processMemo");
type Registry = Map<string, unknown>;

function registry(): Registry {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>;
  return (holder[REGISTRY] ??= new Map());
}

/** The process's one value for `name`, created by `init` on first use. */
export function processMemo<T>(name: string, init: () => T): T {
  const memos = registry();
  if (memos.has(name)) return memos.get(name) as T;
  const value = init();
  memos.set(name, value);
  return value;
}

/** The process's value for `name` if something created it, without creating it (shutdown). */
export function existingProcessMemo<T>(name: string): T | undefined {
  return registry().get(name) as T | undefined;
}

/** Forgets `name` (tests and shutdown); the next processMemo call creates it again. */
export function forgetProcessMemo(name: string): void {
  registry().delete(name);
}
