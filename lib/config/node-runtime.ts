/*
 * The Node.js lines Masthead runs on. Node 20 is past its end of life, and the stores use
 * `node:sqlite`, which older lines lack (importing it there fails with an error that names no
 * fix). Entry points (npm start, the local workspace, the delivery worker) check first and stop
 * with what to do instead.
 */

export const MIN_NODE_MAJOR = 24;

/** What is wrong with running on `version` (e.g. "v20.20.2"), or undefined when it is supported. */
export function nodeRuntimeProblem(version: string): string | undefined {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (major >= MIN_NODE_MAJOR) return undefined;
  return (
    `Masthead needs Node.js ${MIN_NODE_MAJOR} or newer (the LTS lines 24 and 26); this is ${version}. ` +
    "`npm install` brings Node 24 into node_modules/.bin and every npm script runs on it: " +
    "start Masthead with `npm start` (or `npm run …`), or run node_modules/.bin/node, or install Node 24."
  );
}

/** Stops the process with the message above when this Node is too old. */
export function requireSupportedNode(): void {
  const problem = nodeRuntimeProblem(process.version);
  if (!problem) return;
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
