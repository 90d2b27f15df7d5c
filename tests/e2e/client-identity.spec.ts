import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_WORKSPACE_PORT } from "../../playwright.config";
import { freePort } from "../helpers/redis-server";
import { stopProcess } from "../helpers/stop-process";
import { waitForOk } from "../helpers/until";

/*
 * Who a client is, in the default deployment: `next start` with nothing in front and no
 * TRUST_PROXY. The suite's own server plays a proxy (TRUST_PROXY=1), so this spec starts a
 * second `next start` on the same build without it. A client that writes its own
 * X-Forwarded-For or X-Forwarded-Host must not become someone else.
 */

const ROOT = path.resolve(__dirname, "../..");
const WORKSPACE = `http://127.0.0.1:${E2E_WORKSPACE_PORT}`;
let server: ChildProcess | undefined;
let site = "";

test.beforeAll(async () => {
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    SITE_URL: site,
    LOCAL_WORKSPACE_PORT: String(E2E_WORKSPACE_PORT),
    NEXT_DIST_DIR: process.env.E2E_DIST_DIR ?? ".next-e2e",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  delete env.TRUST_PROXY;
  delete env.REDIS_URL;
  server = spawn(
    process.execPath,
    [path.join(ROOT, "node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"],
    { cwd: ROOT, env, stdio: "ignore" },
  );
  await waitForOk(`${site}/api/health`, { timeoutMs: 60_000, child: server });
});

test.afterAll(() => stopProcess(server));

async function subscriptionsReceived(): Promise<number> {
  const stats = (await (await fetch(`${WORKSPACE}/__local/stats`)).json()) as {
    requests: { byRoute: Record<string, number> };
  };
  return stats.requests.byRoute["POST /api/external/v2/email-subscriptions"] ?? 0;
}

test("rotating X-Forwarded-For does not escape the per-client newsletter limit (20 per 10 minutes)", async () => {
  await fetch(`${WORKSPACE}/__local/stats/reset`, { method: "POST" });
  const statuses: number[] = [];
  for (let i = 0; i < 25; i++) {
    const res = await fetch(`${site}/api/newsletter`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        origin: site,
        "x-forwarded-for": `198.18.${i}.${i + 1}`,
      },
      body: JSON.stringify({ email: `rotating-${Date.now()}-${i}@example.org` }),
    });
    statuses.push(res.status);
  }
  expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
  expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
  expect(await subscriptionsReceived()).toBe(20);
});

test("a client's own X-Forwarded-Host does not make another site's page same-origin", async () => {
  const evil = "https://evil.example";
  const login = await fetch(`${site}/api/admin/login`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      origin: evil,
      "x-forwarded-host": "evil.example",
    },
    body: JSON.stringify({ email: "admin@example.com", password: "masthead-demo" }),
  });
  expect(login.status).toBe(403);
  expect(login.headers.get("set-cookie")).toBeNull();
});

test("health answers on the default deployment: liveness and readiness, never cached", async () => {
  const live = await fetch(`${site}/api/health`);
  expect(live.status).toBe(200);
  expect(live.headers.get("cache-control")).toBe("no-store");
  expect(await live.json()).toEqual({ status: "ok" });
  const ready = await fetch(`${site}/api/health/ready`);
  expect(ready.status).toBe(200);
  expect(ready.headers.get("cache-control")).toBe("no-store");
  expect(await ready.json()).toEqual({ status: "ready", state: "embedded" });
});
