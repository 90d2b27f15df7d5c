import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../tests/helpers/redis-server";
import { stopProcess } from "../tests/helpers/stop-process";
import { waitForOk } from "../tests/helpers/until";
import { NEXT_BIN, ROOT, log, runMeasured, spawnChild } from "./lib";
import { PAGES, POST, ROUTES } from "./serving-plan";

/*
 * The control of the serving section: a bare Next app (bench/control/) with Masthead's route
 * shapes that renders the markup captured from a running Masthead, built and served in a folder
 * of its own.
 */

const BUILD_TIMEOUT_MS = 15 * 60_000;

/** The markup a page renders: its <body> without the scripts (the control app ships its own). */
function bodyMarkup(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? html;
  return body.replace(/<script\b[\s\S]*?<\/script>/g, "");
}

export async function capture(site: string): Promise<Record<string, unknown>> {
  const pages: Record<string, string> = {};
  for (const p of PAGES) {
    const res = await fetch(site + p);
    if (res.status !== 200) throw new Error(`${p} answered ${res.status} on Masthead`);
    pages[p] = bodyMarkup(await res.text());
  }
  const routes: Record<string, { body: string; contentType: string }> = {};
  for (const p of ROUTES) {
    const res = await fetch(site + p);
    if (res.status !== 200) throw new Error(`${p} answered ${res.status} on Masthead`);
    routes[p] = { body: await res.text(), contentType: res.headers.get("content-type") ?? "text/plain" };
  }
  return { pages, routes, post: { slug: POST.slice("/blog/".length) } };
}

export type Control = { url: string; pid: number | undefined; stop: () => Promise<void> };

/**
 * Copies bench/control/ with the captured markup into a fresh folder under the system's temporary
 * directory, builds and serves it there. Not inside the repository: Next takes the files at the
 * root of the folder tree it builds in (instrumentation.ts among them) as the app's own, so a
 * control built beside Masthead's root would install Masthead's cache handler and start its
 * delivery worker on Masthead's SQLite file. The folder borrows the repository's node_modules
 * through a symlink, which Turbopack follows only inside its root: the control's config sets that
 * root to the folder both paths share (a build setting; nothing about serving changes).
 */
export async function startControl(captured: Record<string, unknown>): Promise<Control> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "masthead-bench-control-"));
  try {
    cpSync(path.join(ROOT, "bench", "control"), dir, { recursive: true });
    writeFileSync(path.join(dir, "captured.json"), JSON.stringify(captured));
    symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    const shared = commonAncestor(dir, ROOT);
    cpSync(path.join(dir, "next.config.mjs"), path.join(dir, "next.defaults.mjs"));
    writeFileSync(
      path.join(dir, "next.config.mjs"),
      `import config from "./next.defaults.mjs";\n` +
        `const root = ${JSON.stringify(shared)};\n` +
        `export default { ...config, turbopack: { root }, outputFileTracingRoot: root };\n`,
    );
    log(`serving: building the control app in ${dir}`);
    const build = await runMeasured(
      process.execPath,
      [NEXT_BIN, "build"],
      { NODE_ENV: "production" },
      BUILD_TIMEOUT_MS,
      dir,
    );
    if (build.exitCode !== 0) throw new Error(`control app build failed:\n${build.output.slice(-3000)}`);
    const own = mastheadFilesIn(path.join(dir, ".next", "server"));
    if (own.length) throw new Error(`the control app's build holds Masthead's own code: ${own.join(", ")}`);
    const port = await freePort();
    const child = spawnChild(
      process.execPath,
      [NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"],
      { NODE_ENV: "production" },
      { quiet: true, cwd: dir },
    );
    const url = `http://127.0.0.1:${port}`;
    await waitForOk(`${url}/`, { timeoutMs: 60_000, child });
    return {
      url,
      pid: child.pid,
      stop: async () => {
        await stopProcess(child);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** The deepest folder holding both paths ("/" at worst). */
function commonAncestor(a: string, b: string): string {
  const [x, y] = [path.resolve(a).split(path.sep), path.resolve(b).split(path.sep)];
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return x.slice(0, i).join(path.sep) || path.sep;
}

/** Files of a server build that come from Masthead: a root hook (instrumentation, proxy), its cache handler or worker. */
function mastheadFilesIn(serverDir: string): string[] {
  const found: string[] = [];
  for (const hook of ["instrumentation.js", "middleware.js"])
    if (existsSync(path.join(serverDir, hook))) found.push(hook);
  for (const entry of readdirSync(serverDir, { recursive: true, encoding: "utf8" })) {
    if (!entry.endsWith(".js")) continue;
    const text = readFileSync(path.join(serverDir, entry), "utf8");
    if (/installAsNextCache|startInProcessDelivery|newsletter-delivery/.test(text)) found.push(entry);
  }
  return found;
}
