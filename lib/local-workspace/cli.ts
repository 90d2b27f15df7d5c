import { requireSupportedNode } from "../config/node-runtime";
import path from "node:path";
import { parseArgs } from "node:util";
import { log as logger } from "../observability/log.mjs";
import { LOCAL_DEMO_API_KEY, maskKey } from "./keys";
import { DEFAULT_RATE_LIMIT } from "./rate-limit";
import { MAX_SYNTHETIC } from "./seed";
import { startLocalWorkspaceServer } from "./server";
import { DEFAULT_DATA_DIR } from "./store";

/** `npm run workspace`: the local workspace as a standalone server. */

const HELP = `Usage: npm run workspace -- [options]

Runs the local workspace (the external API on SQLite) on http://127.0.0.1:<port>.

Options:
  --port N            port to listen on (default: LOCAL_WORKSPACE_PORT or 4010)
  --reset             wipe the data and seed the demo content again before starting
  --seed-posts N      add N synthetic blog posts (0-${MAX_SYNTHETIC}; implies --reset)
  --seed-members N    add N synthetic team members (0-${MAX_SYNTHETIC}; implies --reset)
  --help              show this help

Environment:
  LOCAL_WORKSPACE_PORT        default port (4010)
  LOCAL_WORKSPACE_DATA_DIR    data directory (${DEFAULT_DATA_DIR})
  LOCAL_WORKSPACE_API_KEY     key of the default workspace (default: the demo key)
  LOCAL_WORKSPACE_RATE_LIMIT  requests per key as limit/windowSeconds (default ${DEFAULT_RATE_LIMIT.limit}/${DEFAULT_RATE_LIMIT.windowMs / 1000})
`;

const log = logger("local-workspace");

function fail(message: string): never {
  log.fatal(message);
  process.exit(2);
}

function intArg(value: string | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max)
    fail(`${name} must be an integer between ${min} and ${max}, got "${value}"`);
  return n;
}

/** `limit/windowSeconds` (e.g. `600/10`). */
function rateLimitArg(value: string | undefined) {
  if (!value) return undefined;
  const m = /^\s*(\d+)\s*\/\s*(\d+(?:\.\d+)?)\s*$/.exec(value);
  const limit = Number(m?.[1]);
  const windowMs = Math.round(Number(m?.[2]) * 1000);
  if (!m || limit < 1 || windowMs < 1)
    fail(
      `LOCAL_WORKSPACE_RATE_LIMIT: "${value}" is not two positive numbers limit/windowSeconds, e.g. 600/10`,
    );
  return { limit, windowMs };
}

async function main(): Promise<void> {
  requireSupportedNode();
  const { values: args } = parseArgs({
    options: {
      port: { type: "string" },
      reset: { type: "boolean", default: false },
      "seed-posts": { type: "string" },
      "seed-members": { type: "string" },
      help: { type: "boolean", default: false },
    },
    strict: true,
  });
  if (args.help) {
    process.stdout.write(HELP);
    return;
  }

  const port =
    intArg(args.port ?? process.env.LOCAL_WORKSPACE_PORT, "--port / LOCAL_WORKSPACE_PORT", 0, 65535) ?? 4010;
  const posts = intArg(args["seed-posts"], "--seed-posts", 0, MAX_SYNTHETIC);
  const members = intArg(args["seed-members"], "--seed-members", 0, MAX_SYNTHETIC);
  const dataDir = process.env.LOCAL_WORKSPACE_DATA_DIR || DEFAULT_DATA_DIR;
  const apiKey = process.env.LOCAL_WORKSPACE_API_KEY || LOCAL_DEMO_API_KEY;
  const rateLimit = rateLimitArg(process.env.LOCAL_WORKSPACE_RATE_LIMIT);

  const reset = args.reset || posts !== undefined || members !== undefined ? { posts, members } : false;
  const server = await startLocalWorkspaceServer({ port, dataDir, apiKey, rateLimit, reset });
  if (posts || members)
    log.info(`Seeded ${posts ?? 0} synthetic posts and ${members ?? 0} synthetic members.`);
  const shownDir = dataDir === ":memory:" ? dataDir : path.resolve(dataDir);
  log.info(`Local workspace listening on ${server.url} (data: ${shownDir})`);
  log.info(
    `API key for the default workspace: ${maskKey(apiKey)}; acme workspace: http://acme.localhost:${server.port}`,
  );

  // close() is idempotent: a second signal only logs again.
  const stop = (signal: string) => {
    log.info(`Received ${signal}, stopping local workspace.`);
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === "EADDRINUSE") fail(`port already in use (${message}); set --port or LOCAL_WORKSPACE_PORT`);
  fail(code?.startsWith("ERR_PARSE_ARGS") ? `${message} (see npm run workspace -- --help)` : message);
});
