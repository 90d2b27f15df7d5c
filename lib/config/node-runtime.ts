// The stores use `node:sqlite`, which older lines lack with an error naming no fix: entry points check first.

export const MIN_NODE_MAJOR = 24;

export function nodeRuntimeProblem(version: string): string | undefined {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (major >= MIN_NODE_MAJOR) return undefined;
  return (
    `Masthead needs Node.js ${MIN_NODE_MAJOR} or newer (the LTS lines 24 and 26); this is ${version}. ` +
    "`npm install` brings Node 24 into node_modules/.bin and every npm script runs on it: " +
    "start Masthead with `npm start` (or `npm run …`), or run node_modules/.bin/node, or install Node 24."
  );
}

export function requireSupportedNode(): void {
  const problem = nodeRuntimeProblem(process.version);
  if (!problem) return;
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
