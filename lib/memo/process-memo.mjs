// Next bundles a module once per route type, so a module-level `let` would be one copy per bundle:
// this registry on globalThis is the process's one, per owning folder (docs/architecture.md).

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
