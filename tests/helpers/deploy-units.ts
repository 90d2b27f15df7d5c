import { readFileSync } from "node:fs";
import path from "node:path";

/*
 * The production start command as the shipped deploy files give it: deploy/README.md's fenced
 * command, the systemd unit's ExecStart and the Dockerfile's runtime stage (its CMD, ENV, USER,
 * and the COPY lines that lay out the folder it runs in). Read here once, so the tests run
 * exactly what a team would.
 */

export const ROOT = path.resolve(__dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

export type Copy = { from: string | null; chown: string | null; sources: string[]; dest: string };
export type RuntimeStage = {
  image: string;
  workdir: string;
  env: Record<string, string>;
  copies: Copy[];
  user: string | null;
  stopSignal: string | null;
  healthcheck: string | null;
  entrypoint: string[];
  cmd: string[];
};

/** Dockerfile instructions, continuation lines joined and comments dropped. */
function instructions(text: string): { op: string; args: string }[] {
  const joined = text
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("#"))
    .join("\n")
    .replace(/\\\n/g, " ");
  return joined
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [op, ...rest] = line.split(/\s+/);
      return { op: op!.toUpperCase(), args: rest.join(" ") };
    });
}

/** The last stage of deploy/Dockerfile: what the image runs. */
export function dockerRuntimeStage(text = read("deploy/Dockerfile")): RuntimeStage {
  const all = instructions(text);
  const start = all.map((i) => i.op).lastIndexOf("FROM");
  const stage: RuntimeStage = {
    image: all[start]!.args.split(/\s+/)[0]!,
    workdir: "/",
    env: {},
    copies: [],
    user: null,
    stopSignal: null,
    healthcheck: null,
    entrypoint: [],
    cmd: [],
  };
  for (const { op, args } of all.slice(start + 1)) {
    if (op === "WORKDIR") stage.workdir = args;
    if (op === "USER") stage.user = args;
    if (op === "STOPSIGNAL") stage.stopSignal = args;
    if (op === "HEALTHCHECK") stage.healthcheck = args;
    if (op === "CMD") stage.cmd = JSON.parse(args) as string[];
    if (op === "ENTRYPOINT") stage.entrypoint = JSON.parse(args) as string[];
    if (op === "ENV")
      for (const pair of args.split(/\s+/)) {
        const at = pair.indexOf("=");
        stage.env[pair.slice(0, at)] = pair.slice(at + 1);
      }
    if (op === "COPY") {
      const words = args.split(/\s+/);
      const flag = (name: string) =>
        words.find((w) => w.startsWith(`--${name}=`))?.slice(name.length + 3) ?? null;
      const paths = words.filter((w) => !w.startsWith("--"));
      stage.copies.push({
        from: flag("from"),
        chown: flag("chown"),
        sources: paths.slice(0, -1),
        dest: paths.at(-1)!,
      });
    }
  }
  return stage;
}

/**
 * What the Dockerfile's stages delete from the app folder (`rm -rf` in a RUN, paths relative to
 * the WORKDIR; a trailing `*` is a prefix), e.g. the build's cache and Next's compiler. Paths
 * outside the app (/var/lib/apt/lists) are left out.
 */
export function dockerRemovals(text = read("deploy/Dockerfile")): string[] {
  return instructions(text)
    .filter((i) => i.op === "RUN")
    .flatMap((i) => [...i.args.matchAll(/\brm -rf ((?:[^\s&;|]+\s*)+)/g)])
    .flatMap((m) => m[1]!.trim().split(/\s+/))
    .filter((p) => !p.startsWith("/"));
}

/** A unit's ExecStart, split into its words. */
export function unitExecStart(file: string): string[] {
  const line = read(file)
    .split("\n")
    .find((l) => l.startsWith("ExecStart="));
  if (!line) throw new Error(`${file} has no ExecStart`);
  return line.slice("ExecStart=".length).trim().split(/\s+/);
}

/** The fenced shell lines of a markdown file that run `script` (e.g. lib/launcher/start.ts). */
export function documentedCommands(file: string, script: string): string[][] {
  const blocks = [...read(file).matchAll(/```(?:sh|bash)\n([\s\S]*?)```/g)].map((m) => m[1]!);
  return blocks
    .flatMap((block) => block.split("\n"))
    .map((line) => line.trim())
    .filter((line) => line.split(/\s+/).includes(script))
    .map((line) => line.split(/\s+/));
}

/** The program of a command line, as a supervisor sees it (`/usr/bin/node` and `node` are one). */
export function program(argv: string[]): string {
  return path.basename(argv[0] ?? "");
}
