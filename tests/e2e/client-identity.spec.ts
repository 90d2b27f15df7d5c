import { expect, test } from "@playwright/test";
import { startSecondServer, type SecondServer } from "../helpers/e2e-second-server";
import { jsonPostHeaders } from "../helpers/json-post";
import * as workspace from "../helpers/workspace-controls";

/*
 * Who a client is, in the default deployment: `next start` with nothing in front and no
 * TRUST_PROXY. The suite's own server plays a proxy (TRUST_PROXY=1), so this spec starts a
 * second `next start` on the same build without it. A client that writes its own
 * X-Forwarded-For or X-Forwarded-Host must not become someone else.
 */

const WORKSPACE = workspace.E2E_WORKSPACE_URL;
let server: SecondServer | undefined;
let site = "";

test.beforeAll(async () => {
  server = await startSecondServer({});
  site = server.url;
});

test.afterAll(async () => {
  await server?.stop();
});

const subscriptionsReceived = () =>
  workspace.requestsTo(WORKSPACE, "POST /api/external/v2/email-subscriptions");

test("rotating X-Forwarded-For does not escape the per-client newsletter limit (20 per 10 minutes)", async () => {
  await workspace.resetStats(WORKSPACE);
  const statuses: number[] = [];
  for (let i = 0; i < 25; i++) {
    const res = await fetch(`${site}/api/newsletter`, {
      method: "POST",
      headers: jsonPostHeaders(site, { "x-forwarded-for": `198.18.${i}.${i + 1}` }),
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
    headers: jsonPostHeaders(evil, { "x-forwarded-host": "evil.example" }),
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
