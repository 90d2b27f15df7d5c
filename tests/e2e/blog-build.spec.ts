import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { keepingTsconfig } from "../helpers/tsconfig";

/*
 * `next build` against a workspace that is not there: it must fail, quickly once it starts
 * asking for the blog, with one clear message naming the URL and the cause, and never
 * publish an empty blog. A real build in its own folder (~40 s on two busy cores, mostly
 * compiling and type-checking before the first workspace request).
 */

const root = path.resolve(__dirname, "../..");

test("a build against an unreachable workspace fails fast with one clear message", async () => {
  test.setTimeout(240_000);
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((r) => probe.close(r)); // now nothing listens there
  const distDir = `.next-e2e-unreachable-${process.pid}`;

  const started = Date.now();
  let askedAt = 0;
  let output = "";
  const code = await keepingTsconfig(
    () =>
      new Promise<number | null>((resolve) => {
        const env: NodeJS.ProcessEnv = {
          ...process.env,
          LOCAL_WORKSPACE_PORT: String(port),
          NEXT_DIST_DIR: distDir,
          NEXT_TELEMETRY_DISABLED: "1",
        };
        delete env.WORKSPACE_URL;
        const child = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
          cwd: root,
          env,
        });
        const collect = (chunk: Buffer) => {
          output += chunk.toString();
          if (!askedAt && /Collecting page data/.test(output)) askedAt = Date.now();
        };
        child.stdout.on("data", collect);
        child.stderr.on("data", collect);
        child.on("exit", resolve);
      }),
  );
  rmSync(path.join(root, distDir), { recursive: true, force: true });

  expect(code).not.toBe(0);
  const endpoint = `GET http://127.0.0.1:${port}/api/external/v2/blog-posts`;
  const messages = output.match(/Cannot load the blog from [^\n]+/g) ?? [];
  expect(messages.length, output.slice(-3000)).toBeGreaterThanOrEqual(1);
  // One failure, reported once (not once per page), naming the URL and the cause.
  expect(new Set(messages).size).toBe(1);
  expect(messages[0]).toContain(endpoint);
  expect(messages[0]).toMatch(/could not be reached \(ECONNREFUSED\)/);
  expect(output).not.toMatch(/Generating static pages/);
  // From the first workspace request to the failed exit: seconds, not minutes.
  expect(askedAt).toBeGreaterThan(0);
  expect(Date.now() - askedAt).toBeLessThan(20_000);
  expect(Date.now() - started).toBeLessThan(180_000);
});
