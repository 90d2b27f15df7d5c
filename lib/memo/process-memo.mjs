/*
 * Per-process singletons. Next bundles a module once per route type (pages, route handlers,
 * proxy, instrumentation), so a module-level `let` would give each bundle its own copy; a
 * registry on globalThis gives the whole process one. Only for what must stay per process
 * (connections, in-flight promises, copies checked against a shared generation, the logger
 * and the metrics registry): state that must hold across instances goes through limiter(),
 * sharedCache() or revocations(). Plain JavaScript so the modules Next loads unbundled (the
 * cache handler, the logger it uses) share the same registry.
 */

const REGISTRY = Symbol.for("masthead.processMemo");

/** @returns {Map<string, unknown>} */
function registry() {
  const holder = /** @type {Record<symbol, Map<string, unknown> | undefined>} */ (
    /** @type {unknown} */ (globalThis)
  );
  return (holder[REGISTRY] ??= new Map());
}

/**
 * The process's one value for `name`, created by `init` on first use.
 * @template T
 * @param {string} name
 * @param {() => T} init
 * @returns {T}
 */
export function processMemo(name, init) {
  const memos = registry();
  if (memos.has(name)) return /** @type {T} */ (memos.get(name));
  const value = init();
  memos.set(name, value);
  return value;
}

/**
 * The process's value for `name` if something created it, without creating it (shutdown).
 * @template T
 * @param {string} name
 * @returns {T | undefined}
 */
export function existingProcessMemo(name) {
  return /** @type {T | undefined} */ (registry().get(name));
}

/**
 * Forgets `name` (tests and shutdown); the next processMemo call creates it again.
 * @param {string} name
 */
export function forgetProcessMemo(name) {
  registry().delete(name);
}
