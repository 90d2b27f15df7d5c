import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { WHOLE_NUMBER_VARIABLES } from "@/lib/config/defaults.mjs";
import { CONFIG_VARIABLES } from "@/lib/config/schema";
import { FINGERPRINT_FILE } from "@/lib/launcher/build-fingerprint";
import { docCommands, type DocCommand } from "../helpers/doc-commands";
import { freePort } from "../helpers/redis-server";
import { stopProcess } from "../helpers/stop-process";
import { until } from "../helpers/until";

/*
 * Every command README.md, deploy/README.md and docs/operations.md give is run here as a reader would run it, with
 * only ports and paths swapped for free ones: a command that drifts from the code (a renamed
 * script, a flag the launcher no longer takes, a template variable gone, a demo password
 * changed) fails the suite. Commands that cannot run on a test machine (they would reinstall
 * the tree this test runs from, or change this machine's own nginx or services) are listed as
 * skipped tests with the reason. A command no rule below knows fails: say how to run it, or why
 * it cannot be.
 */

const ROOT = path.resolve(__dirname, "../..");
const PAGES = ["README.md", "deploy/README.md", "docs/operations.md"];
/** The build the start commands share: `npm start` makes it, a `--no-build` start reuses it. */
const DIST_DIR = ".next-docs";
const START_TIMEOUT_MS = 900_000;

/** Free ports and a scratch folder for one command, substituted where the docs name their own. */
type Place = { port: number; workspacePort: number; dir: string };

type Plan =
  | { kind: "skip"; reason: string }
  | { kind: "help" }
  /** A start of the site; `stop` is how the docs say it is stopped. */
  | { kind: "start"; stop: "ctrl-c" | "sigterm" }
  /** `npm run build`, against a local workspace, into the build the start commands share. */
  | { kind: "build" }
  /** A readiness check, run against the start command of its block while it serves. */
  | { kind: "ready" }
  /** A line of a shell script that runs with the block's other lines, as substituted. */
  | { kind: "shell"; line: (place: Place) => string };

const asWritten = (command: string) => () => command;
/** The command with the machine's nginx and systemd folders moved into the scratch folder. */
const inScratch = (command: string, p: Place) =>
  command
    .replaceAll("/etc/nginx/", `${p.dir}/etc/nginx/`)
    .replaceAll("/etc/systemd/", `${p.dir}/etc/systemd/`);
const root = process.getuid?.() === 0;

/** How each command is run here, first match wins. */
const RULES: { match: RegExp; plan: (command: string) => Plan }[] = [
  {
    match: /^npm (install|ci)\b/,
    plan: () => ({
      kind: "skip",
      reason:
        "would reinstall the node_modules this test runs from; CI installs them before npm test (.ci/run)",
    }),
  },
  {
    match: /^npm test\b/,
    plan: () => ({ kind: "skip", reason: "runs the whole suite, this test included" }),
  },
  { match: /^npm start -- (--help|-h)$/, plan: () => ({ kind: "help" }) },
  { match: /^npm run build$/, plan: () => ({ kind: "build" }) },
  { match: /^curl -fsS .*\/api\/health\/ready$/, plan: () => ({ kind: "ready" }) },
  {
    match: /\$DATA|\$BACKUP|^(DATA|BACKUP)=/,
    plan: () => ({
      kind: "skip",
      reason: "a backup needs a running instance's data: tests/e2e/backup.spec.ts runs these blocks",
    }),
  },
  {
    match: /^curl -X POST .*\/api\/revalidate$/,
    plan: () => ({
      kind: "skip",
      reason: "a deployment's address and secret; tests/e2e/multi-instance.spec.ts posts to the route",
    }),
  },
  {
    match: /^REDIS_[A-Z_]+=/,
    plan: () => ({ kind: "skip", reason: "an instance's environment for a Sentinel group, not a command" }),
  },
  { match: /^npm start$/, plan: () => ({ kind: "start", stop: "ctrl-c" }) },
  // The production command: the supervisor signals this one process with SIGTERM.
  {
    match: /^node --import tsx lib\/launcher\/start\.ts( --no-build)?$/,
    plan: () => ({ kind: "start", stop: "sigterm" }),
  },
  {
    match: /^export MASTHEAD_LISTEN=/,
    plan: () => ({ kind: "shell", line: (p) => `export MASTHEAD_LISTEN=127.0.0.1:${p.port}` }),
  },
  {
    match: /^export MASTHEAD_CACHE_DIR=/,
    plan: () => ({ kind: "shell", line: (p) => `export MASTHEAD_CACHE_DIR=${p.dir}/cache` }),
  },
  { match: /^export [A-Z_]+=/, plan: (c) => ({ kind: "shell", line: (p) => inScratch(c, p) }) },
  { match: /^npm run front-pages -- /, plan: (c) => ({ kind: "shell", line: asWritten(c) }) },
  {
    match: /^envsubst /,
    plan: (c) => ({ kind: "shell", line: (p) => inScratch(c, p) }),
  },
  {
    match: /^mkdir -p \/etc\/(nginx|systemd)\//,
    plan: (c) => ({ kind: "shell", line: (p) => inScratch(c, p) }),
  },
  {
    match: /^install -d /,
    // Only root can give the folder to www-data; elsewhere the folder is made all the same.
    plan: (c) => ({ kind: "shell", line: () => (root ? c : c.replace(/ -o \S+/, "")) }),
  },
  {
    match: /^rm -f \/etc\/nginx\/sites-enabled\/default$/,
    plan: () => ({ kind: "skip", reason: "would change this machine's own nginx configuration" }),
  },
  {
    match: /^nginx -t$/,
    // The rendered file inside an http block, as Debian's nginx.conf includes conf.d/*.conf.
    plan: () => ({
      kind: "shell",
      line: (p) => `nginx -t -p ${p.dir}/etc/nginx/ -c ${p.dir}/etc/nginx/nginx.conf`,
    }),
  },
  {
    match: /^(sudo )?systemctl /,
    plan: () => ({ kind: "skip", reason: "no systemd services run on these machines" }),
  },
  {
    match: /^(sudo )?(docker|podman) /,
    plan: () => ({ kind: "skip", reason: "images cannot be built or run on these machines" }),
  },
];

function planFor(command: string): Plan | null {
  const rule = RULES.find((r) => r.match.test(command));
  return rule ? rule.plan(command) : null;
}

const commands = PAGES.flatMap(docCommands);
const scratch: string[] = [];
const running = new Set<ChildProcess>();

afterAll(async () => {
  for (const child of running) await stopProcess(child, 2_000);
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

async function place(): Promise<Place> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "masthead-docs-"));
  scratch.push(dir);
  return { port: await freePort(), workspacePort: await freePort(), dir };
}

/** This process's environment without any Masthead configuration, so a start gets the docs' defaults. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [...CONFIG_VARIABLES, "NODE_ENV", "NEXT_DIST_DIR", "LOCAL_WORKSPACE_DATA_DIR"])
    delete env[name];
  return { ...env, NEXT_TELEMETRY_DISABLED: "1", ...extra };
}

const label = (c: DocCommand) => `${c.file}, block ${c.block}: ${c.command}`;
const sameBlock = (a: DocCommand, b: DocCommand) => a.file === b.file && a.block === b.block;

describe("the docs' commands", () => {
  it("are each known to this test: run below, or skipped with a reason", () => {
    expect(commands.length).toBeGreaterThan(0);
    const unknown = commands.filter((c) => planFor(c.command) === null).map(label);
    expect(unknown, "commands with no rule in tests/contract/docs-commands.test.ts").toEqual([]);
  });

  for (const c of commands) {
    const plan = planFor(c.command);
    if (plan?.kind === "skip") it.skip(`${label(c)} (not run here: ${plan.reason})`, () => {});
  }

  for (const c of commands.filter((c) => planFor(c.command)?.kind === "help")) {
    it(label(c), () => {
      const [bin, ...args] = c.command.split(/\s+/);
      const run = spawnSync(bin!, args, { cwd: ROOT, encoding: "utf8", env: cleanEnv({}), timeout: 60_000 });
      expect(run.status, run.stderr).toBe(0);
      // npm prints its own "> masthead start" header first.
      expect(run.stdout).toMatch(/^Usage: /m);
    });
  }

  for (const c of commands.filter((c) => planFor(c.command)?.kind === "build")) {
    it(
      `${label(c)}: builds, and records the build's site configuration`,
      async () => {
        rmSync(path.join(ROOT, DIST_DIR, FINGERPRINT_FILE), { force: true });
        await build(await place(), c.command);
        expect(existsSync(path.join(ROOT, DIST_DIR, FINGERPRINT_FILE))).toBe(true);
      },
      START_TIMEOUT_MS,
    );
  }

  it("each readiness check follows a start command in its block", () => {
    const orphans = commands
      .filter((c) => planFor(c.command)?.kind === "ready")
      .filter((r) => !commands.some((c) => sameBlock(c, r) && planFor(c.command)?.kind === "start"));
    expect(orphans.map(label)).toEqual([]);
  });

  for (const c of commands.filter((c) => planFor(c.command)?.kind === "start")) {
    const plan = planFor(c.command) as Extract<Plan, { kind: "start" }>;
    it(
      `${label(c)}: serves the site, then drains and stops on ${plan.stop === "ctrl-c" ? "Ctrl-C" : "SIGTERM"}`,
      async () => {
        await startAndStop(c, plan.stop, await place());
      },
      START_TIMEOUT_MS,
    );
  }

  // The shell lines of one block run together, in order, as one script (exports carry over).
  const blocks = new Map<string, DocCommand[]>();
  for (const c of commands)
    if (planFor(c.command)?.kind === "shell")
      blocks.set(`${c.file}#${c.block}`, [...(blocks.get(`${c.file}#${c.block}`) ?? []), c]);
  for (const [key, lines] of blocks) {
    it(`${key.replace("#", ", block ")}: ${lines.map((l) => l.command.split(" ")[0]).join(", ")}`, async () => {
      const p = await place();
      mkdirSync(path.join(p.dir, "etc/nginx/conf.d"), { recursive: true });
      writeFileSync(path.join(p.dir, "etc/nginx/nginx.conf"), debianNginxConf(p.dir));
      const script = lines.map((l) => (planFor(l.command) as Extract<Plan, { kind: "shell" }>).line(p));
      const run = spawnSync("bash", ["-euo", "pipefail", "-c", script.join("\n")], {
        cwd: ROOT,
        encoding: "utf8",
        env: cleanEnv({}),
        timeout: 60_000,
      });
      expect(run.status, `${script.join("\n")}\n${run.stdout}${run.stderr}`).toBe(0);
      if (script.some((l) => l.startsWith("nginx -t"))) {
        expect(run.stderr).toMatch(/test is successful/);
        const rendered = readFileSync(path.join(p.dir, "etc/nginx/conf.d/masthead.conf"), "utf8");
        expect(rendered).not.toMatch(/\$\{?MASTHEAD_/);
        expect(rendered).toContain(`listen 127.0.0.1:${p.port}`);
      }
      const dropIn = path.join(p.dir, "etc/systemd/system/nginx.service.d/masthead.conf");
      if (existsSync(dropIn))
        expect(readFileSync(dropIn, "utf8")).toContain(
          `ExecStartPre=/bin/rm -f ${p.dir}/cache/last-good.sock`,
        );
    });
  }
});

/** What Debian's /etc/nginx/nginx.conf is, around conf.d/, with its files kept in `dir`. */
function debianNginxConf(dir: string): string {
  return [
    ...(root ? ["user root;"] : []),
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log;`,
    "events { worker_connections 768; }",
    "http {",
    existsSync("/etc/nginx/mime.types") ? "  include /etc/nginx/mime.types;" : "",
    `  client_body_temp_path ${dir}/client_body;`,
    `  proxy_temp_path ${dir}/proxy;`,
    `  fastcgi_temp_path ${dir}/fastcgi;`,
    `  uwsgi_temp_path ${dir}/uwsgi;`,
    `  scgi_temp_path ${dir}/scgi;`,
    `  include ${dir}/etc/nginx/conf.d/*.conf;`,
    "}",
    "",
  ].join("\n");
}

/**
 * Runs a start command with free ports and a fresh local workspace, waits for the home page,
 * checks what the command's comment promises (its address's port is the default one, the demo
 * admin it names can sign in), then stops it the way the docs say and expects exit 0 with
 * nothing left listening.
 */
async function startAndStop(c: DocCommand, stop: "ctrl-c" | "sigterm", p: Place): Promise<void> {
  const [bin, ...args] = c.command.split(/\s+/);
  // A `--no-build` start serves the build `npm start` made; run alone, it gets one made first.
  if (args.includes("--no-build")) await ensureBuild(p);
  let output = "";
  let stdout = "";
  const child = spawn(bin!, args, {
    cwd: ROOT,
    // Its own process group: Ctrl-C at a terminal signals the whole foreground group.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: cleanEnv({
      PORT: String(p.port),
      LOCAL_WORKSPACE_PORT: String(p.workspacePort),
      LOCAL_WORKSPACE_DATA_DIR: path.join(p.dir, "workspace"),
      DELIVERY_STORE_PATH: path.join(p.dir, "delivery.sqlite"),
      NEXT_DIST_DIR: DIST_DIR,
    }),
  });
  running.add(child);
  const collect = (chunk: Buffer) => (output = (output + chunk.toString("utf8")).slice(-20_000));
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<string>((resolve) =>
    child.once("exit", (code, signal) => resolve(signal ? `signal ${signal}` : `code ${code}`)),
  );

  const site = `http://127.0.0.1:${p.port}`;
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`${c.command} exited (${child.exitCode}):\n${output}`);
      const res = await fetch(`${site}/`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
      return res?.status === 200;
    },
    { what: `${c.command} to serve its home page`, timeoutMs: START_TIMEOUT_MS - 60_000, intervalMs: 500 },
  );

  const address = /https?:\/\/localhost:(\d+)/.exec(c.comment);
  if (address)
    expect(Number(address[1]), "the port the docs name is the default PORT").toBe(
      WHOLE_NUMBER_VARIABLES.PORT.fallback,
    );
  const admin = /admin: (\S+) \/ (\S+?)\)?$/.exec(c.comment);
  if (admin) {
    const signIn = await fetch(`${site}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", origin: site },
      body: JSON.stringify({ email: admin[1], password: admin[2] }),
    });
    expect(signIn.status, `signing in as the docs say (${admin[1]})`).toBe(200);
  }

  // The block's readiness checks, as written but for the port, while it serves.
  for (const r of commands.filter((r) => sameBlock(r, c) && planFor(r.command)?.kind === "ready")) {
    const check = spawnSync("bash", ["-c", r.command.replace(/:3000\//, `:${p.port}/`)], {
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(check.status, `${r.command}: ${check.stderr}`).toBe(0);
    expect(JSON.parse(check.stdout)).toMatchObject({ status: "ready" });
  }

  if (stop === "ctrl-c") process.kill(-child.pid!, "SIGINT");
  else process.kill(child.pid!, "SIGTERM");
  const exit = await Promise.race([
    exited,
    new Promise<string>((resolve) => setTimeout(() => resolve("still running after 60 s"), 60_000).unref()),
  ]);
  running.delete(child);
  await stopProcess(child, 2_000);
  // Ctrl-C: npm, like a shell, ends itself with the signal it was sent once its script has exited.
  const clean = stop === "ctrl-c" && bin === "npm" ? ["code 0", "signal SIGINT"] : ["code 0"];
  expect(clean, `${c.command} after ${stop}:\n${output.slice(-4_000)}`).toContain(exit);
  // The server drained: it answered what it held and said so.
  expect(output).toMatch(/every request answered; exiting/);
  if (stop === "sigterm") {
    // The production command writes JSON lines only, its server's "serving" line among them.
    const lines = stdout.split("\n").filter((l) => l.trim() !== "");
    const plain = lines.filter((l) => {
      try {
        return typeof JSON.parse(l) !== "object";
      } catch {
        return true;
      }
    });
    expect(plain, "lines on standard output that are not JSON").toEqual([]);
    expect(lines.some((l) => /"component":"launcher"/.test(l) && /is serving on/.test(l))).toBe(true);
  }
  // Nothing left serving: the site and, in local mode, its workspace stopped with it.
  for (const port of [p.port, p.workspacePort]) {
    const res = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) }).catch(
      () => null,
    );
    expect(res, `something still answers on port ${port} after ${stop}`).toBeNull();
  }
}

/** The build a `--no-build` start serves: `npm start`'s, or one made here as the docs make it. */
async function ensureBuild(p: Place): Promise<void> {
  if (!existsSync(path.join(ROOT, DIST_DIR, FINGERPRINT_FILE))) await build(p, "npm run build");
}

/** `command` (`npm run build`) against a local workspace of its own, into the shared build folder. */
async function build(p: Place, command: string): Promise<void> {
  const env = cleanEnv({
    LOCAL_WORKSPACE_PORT: String(p.workspacePort),
    LOCAL_WORKSPACE_DATA_DIR: path.join(p.dir, "workspace"),
    NEXT_DIST_DIR: DIST_DIR,
  });
  const workspace = spawn(
    process.execPath,
    ["--import", "tsx", "lib/local-workspace/cli.ts", "--port", String(p.workspacePort)],
    { cwd: ROOT, env, stdio: "ignore" },
  );
  running.add(workspace);
  try {
    await until(
      async () =>
        (await fetch(`http://127.0.0.1:${p.workspacePort}/__local/health`).catch(() => null))?.ok === true,
      { what: "the local workspace for the build", timeoutMs: 60_000, intervalMs: 250 },
    );
    const run = spawnSync("bash", ["-c", command], { cwd: ROOT, encoding: "utf8", env });
    expect(run.status, run.stdout + run.stderr).toBe(0);
  } finally {
    await stopProcess(workspace, 5_000);
    running.delete(workspace);
  }
}
