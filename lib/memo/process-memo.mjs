/*
 * The process's state, all of it: one value per owning folder, made by that folder's one maker
 * on first use. Next bundles a module once per route type, so a module-level `let` would give
 * each bundle its own copy; this registry on globalThis gives the whole process one. Plain
 * JavaScript so the modules Next loads unbundled (the cache handler, the logger) and the site's
 * server share it. The names are closed (docs/architecture.md lists what each holds): a new
 * piece of process state joins its folder's value.
 */

const REGISTRY = Symbol.for("masthead.processMemo");
const NAMES = new Set(["observability", "state", "nextCache", "blog", "http", "delivery", "admin", "search"]);

/** @returns {Map<string, unknown>} */
function registry() {
  const holder = /** @type {Record<symbol, Map<string, unknown> | undefined>} */ (
    /** @type {unknown} */ (globalThis)
  );
  return (holder[REGISTRY] ??= new Map());
}

/**
 * The process's value for `name` (one of the names above), created by `init` on first use.
 * @template T
 * @param {string} name
 * @param {() => T} init
 * @returns {T}
 */
export function processMemo(name, init) {
  if (!NAMES.has(name)) throw new Error(`processMemo: "${name}" is not one of the process's values`);
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

/** Tests: this process becomes as a restarted one would be; only the logger (and what it captures) stays. */
export function resetProcessState() {
  const logger = registry().get("observability");
  registry().clear();
  if (logger) registry().set("observability", logger);
}
