/*
 * The longest functions outside tests/, by lines from the first line of the function to its
 * last: `node --import tsx bench/code/longest-functions.ts [count]` (15 by default). Reads the
 * files git tracks, with TypeScript's own parser; a nested function counts on its own and
 * inside the one that holds it. A measure to watch, not a rule lint holds.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import ts from "typescript";

const count = Number(process.argv[2] ?? 15);
const files = execFileSync("git", ["ls-files"], { encoding: "utf8" })
  .split("\n")
  .filter((f) => !f.startsWith("tests/") && /\.(ts|tsx|mjs|mts)$/.test(f) && !/\.d\.m?ts$/.test(f));

function nameOf(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isAccessor(node)) && node.name)
    return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText();
  if (ts.isCallExpression(parent)) return `(callback to ${parent.expression.getText().slice(0, 40)})`;
  return "(anonymous)";
}

const found: { lines: number; where: string; name: string }[] = [];
for (const file of files) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ lines: end - start + 1, where: `${file}:${start + 1}`, name: nameOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
found.sort((a, b) => b.lines - a.lines || a.where.localeCompare(b.where));
for (const f of found.slice(0, count)) console.log(`${String(f.lines).padStart(5)}  ${f.name}  ${f.where}`);
