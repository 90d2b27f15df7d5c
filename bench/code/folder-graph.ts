/*
 * The import graph folded to folders, and its cycles. Reads madge's JSON (file -> files it
 * imports) on stdin; a file in lib/<name>/ belongs to lib/<name>, everything else to its top
 * folder (app, components) or its own name (proxy.ts, instrumentation.ts).
 *
 *   npx -y madge --json --extensions ts,tsx,mjs,mts --ts-config tsconfig.json \
 *     lib app components instrumentation.ts proxy.ts | node --import tsx bench/code/folder-graph.ts
 *
 * Prints each folder edge with how many file imports make it, then every cycle among folders
 * (strongly connected components of more than one folder). Not part of npm test: lint holds
 * the rules (eslint.config.mjs); this shows the shape.
 */
import { readFileSync } from "node:fs";

function folderOf(file: string): string {
  const parts = file.split("/");
  if (parts[0] === "lib" && parts.length > 2) return `lib/${parts[1]}`;
  return parts.length > 1 ? parts[0]! : file;
}

const graph = JSON.parse(readFileSync(0, "utf8")) as Record<string, string[]>;
const edges = new Map<string, Map<string, number>>();
for (const [from, imports] of Object.entries(graph)) {
  const a = folderOf(from);
  if (!edges.has(a)) edges.set(a, new Map());
  for (const to of imports) {
    const b = folderOf(to);
    if (a === b || !(to in graph)) continue;
    edges.get(a)!.set(b, (edges.get(a)!.get(b) ?? 0) + 1);
  }
}

// Tarjan's strongly connected components over the folders.
const index = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const components: string[][] = [];
function visit(v: string): void {
  index.set(v, index.size);
  low.set(v, index.get(v)!);
  stack.push(v);
  onStack.add(v);
  for (const w of edges.get(v)?.keys() ?? []) {
    if (!index.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v)!, low.get(w)!));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
  }
  if (low.get(v) === index.get(v)) {
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) components.push(component.sort());
  }
}
const folders = [...edges.keys()].sort();
for (const v of folders) if (!index.has(v)) visit(v);

console.log(`folder edges (${folders.length} folders):`);
for (const a of folders) {
  const targets = [...edges.get(a)!].sort(([x], [y]) => x.localeCompare(y));
  console.log(`  ${a} -> ${targets.map(([b, n]) => `${b} (${n})`).join(", ") || "(nothing)"}`);
}
console.log(`folder cycles: ${components.length}`);
for (const component of components) {
  console.log(`  ${component.join(", ")}`);
  for (const a of component)
    for (const b of component)
      if (edges.get(a)?.has(b)) {
        const files = Object.entries(graph)
          .filter(([f, imports]) => folderOf(f) === a && imports.some((t) => folderOf(t) === b))
          .map(([f]) => f);
        console.log(`    ${a} -> ${b}: ${files.join(" ")}`);
      }
}
