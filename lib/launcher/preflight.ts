// Before a build: the configuration, then one call to the workspace, so a problem stops it in seconds.
import { ConfigError, type AppConfig } from "../config/schema";
import { loadConfig } from "../config/startup";
import { log as logger } from "../observability/log.mjs";
import { keyRefused } from "../config/workspace-variables";

const log = logger("launcher");

/** The readable list on a terminal, one JSON line with `problems` in a pipe. */
export function exitWithProblems(error: ConfigError): never {
  log.fatal(process.stdout.isTTY ? {} : { problems: error.problems }, error.message);
  process.exit(1);
}

export function configOrExit(vars: Record<string, string | undefined>): AppConfig {
  try {
    return loadConfig(vars);
  } catch (error) {
    if (error instanceof ConfigError) exitWithProblems(error);
    throw error;
  }
}

export async function workspaceProblem(config: AppConfig, timeoutMs = 10_000): Promise<string | null> {
  const url = `${config.workspace.apiBase}/v2/blog-posts`;
  const where = config.localWorkspace
    ? `The local workspace at ${new URL(url).origin}`
    : `The workspace at ${new URL(url).origin} (WORKSPACE_URL)`;
  const start = config.localWorkspace
    ? "start it with `npm run workspace`, or use `npm start`, which starts it"
    : "check WORKSPACE_URL and that the workspace is up";
  let status: number;
  try {
    const res = await fetch(url, {
      headers: { "X-Api-Key": config.workspace.apiKey, Accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
    status = res.status;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const reason =
      cause instanceof Error && cause.name === "TimeoutError"
        ? `no answer within ${timeoutMs / 1000} s`
        : cause instanceof Error
          ? cause.message
          : String(cause);
    return `${where} does not answer (${reason}): ${start}. The build reads the blog from it.`;
  }
  if (status < 400) return null;
  if (status === 401 || status === 403)
    return `${where} ${keyRefused(String(status), config.localWorkspace !== null)}.`;
  if (status === 404)
    return `${where} has no blog API at ${new URL(url).pathname} (404): check WORKSPACE_URL (the workspace's own address, as the Admin panel shows it).`;
  return `${where} answered ${status} to GET ${new URL(url).pathname}: ${start}, then build again.`;
}
