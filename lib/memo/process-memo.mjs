/*
 * The process's state, one value per owning folder. Next bundles a module once per route type, so a
 * module-level `let` would give each bundle its own copy; this registry on globalThis gives the
 * process one, shared with the modules Next loads unbundled (plain JavaScript). The names are closed
 * (docs/architecture.md lists what each holds): new process state joins its folder's value.
 */

const REGISTRY = Symbol.for("masthead.processMemo");
const NAMES = new Set(["observability", "state", "nextCache", "blog", "http", "delivery", "admin", "search"]);

const registry = () => (globalThis[REGISTRY] ??= new Map());

export function processMemo(name, init) {
  if (!NAMES.has(name)) throw new Error(`processMemo: "${name}" is not one of the process's values`);
  const memos = registry();
  if (memos.has(name)) return memos.get(name);
  const value = init();
  memos.set(name, value);
  return value;
}

/** Without creating it (shutdown). */
export function existingProcessMemo(name) {
  return registry().get(name);
}

/** Tests: as a restarted process, but the logger (and what it captures) stays. */
export function resetProcessState() {
  const logger = registry().get("observability");
  registry().clear();
  if (logger) registry().set("observability", logger);
}
