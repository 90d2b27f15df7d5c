import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, test } from "@playwright/test";
import { freePort } from "../helpers/redis-server";
import { stopProcess } from "../helpers/stop-process";
import { until } from "../helpers/until";
import { outbox, setFault } from "../helpers/workspace-controls";

/*
 * No signup lost, through the real route of a real `next start` (the e2e build, a second
 * server with its own local workspace and store): signups made while the workspace answers
 * 503 or refuses connections are answered 202, the site is killed with SIGKILL while they wait,
 * and after the fault ends and the site starts again every address gets exactly one
 * verification email and the store ends empty. No browser: this is about the server.
 */

const DIST = process.env.E2E_DIST_DIR ?? ".next-e2e";

let dir: string;
let sitePort: number;
let wsPort: number;
let workspace: ChildProcess | undefined;
let site: ChildProcess | undefined;
const storeFile = () => path.join(dir, "delivery.sqlite");
const wsUrl = () => `http://127.0.0.1:${wsPort}`;
const siteUrl = () => `http://127.0.0.1:${sitePort}`;

/** A probe that throws (nothing listening yet) counts as "not yet". */
const waitFor = (what: string, probe: () => Promise<boolean>) =>
  until(() => probe().catch(() => false), { what, timeoutMs: 60_000, intervalMs: 100 });

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", () => resolve()));
}

async function startWorkspace(reset: boolean): Promise<void> {
  workspace = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "lib/local-workspace/cli.ts",
      "--port",
      String(wsPort),
      ...(reset ? ["--reset"] : []),
    ],
    {
      env: { ...process.env, LOCAL_WORKSPACE_DATA_DIR: path.join(dir, "workspace") },
      stdio: "ignore",
    },
  );
  await waitFor("the local workspace", async () => (await fetch(`${wsUrl()}/__local/health`)).ok);
}

async function stopWorkspace(): Promise<void> {
  await stopProcess(workspace);
  workspace = undefined;
}

async function startSite(): Promise<void> {
  site = spawn(process.execPath, ["--import", "tsx", "lib/launcher/server.ts"], {
    env: {
      ...process.env,
      HOSTNAME: "127.0.0.1",
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_DIST_DIR: DIST,
      PORT: String(sitePort),
      LOCAL_WORKSPACE_PORT: String(wsPort),
      DELIVERY_STORE_PATH: storeFile(),
      DELIVERY_RATE_PER_SECOND: "20",
    },
    stdio: "ignore",
  });
  // Only a TCP connect: no HTTP request, so delivery after a restart proves the worker started
  // with the server (instrumentation), not with the first request.
  await waitFor("next start", () => accepts(sitePort));
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

async function killSite(): Promise<void> {
  if (!site) return;
  site.kill("SIGKILL");
  await exited(site);
  site = undefined;
}

function pendingInStore(): number {
  const db = new DatabaseSync(storeFile(), { readOnly: true });
  try {
    return (db.prepare("SELECT count(*) AS n FROM signups").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

const emailsTo = async (address: string) => (await outbox(wsUrl(), address)).length;

async function subscribe(address: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${siteUrl()}/api/newsletter`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ email: address }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** What a browser without JavaScript sends: answered with a 303 to the page and the outcome. */
async function subscribeWithoutJs(address: string): Promise<Response> {
  return fetch(`${siteUrl()}/api/newsletter`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      accept: "text/html",
      "sec-fetch-mode": "navigate",
    },
    body: new URLSearchParams({ email: address, form: "newsletter", returnTo: "/blog" }).toString(),
  });
}

const addressesFor = (tag: string, n: number) =>
  Array.from({ length: n }, (_, i) => `crash-${tag}-${i}-${Date.now().toString(36)}@example.org`);

async function expectEachDeliveredOnce(addresses: string[]): Promise<void> {
  for (const a of addresses)
    await expect.poll(() => emailsTo(a), { timeout: 60_000, intervals: [200, 500, 1000] }).toBeGreaterThan(0);
  await expect.poll(() => pendingInStore(), { timeout: 30_000 }).toBe(0);
  // The store is empty, so nothing more can be sent: the count is final.
  for (const a of addresses) expect(await emailsTo(a), a).toBe(1);
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "masthead-crash-"));
  [sitePort, wsPort] = [await freePort(), await freePort()];
  await startWorkspace(true);
});

test.afterAll(async () => {
  await killSite();
  await stopWorkspace();
  rmSync(dir, { recursive: true, force: true });
});

test("workspace answering 503, site killed with SIGKILL: every signup arrives exactly once after a restart", async () => {
  test.setTimeout(120_000);
  await startSite();
  await setFault(wsUrl(), { mode: "status", status: 503 });
  const addresses = addressesFor("503", 5);
  for (const a of addresses) {
    const { status, body } = await subscribe(a);
    expect(status, JSON.stringify(body)).toBe(202);
    expect(body).toMatchObject({ outcome: "queued", message: expect.stringMatching(/confirmation link/) });
  }
  const nojs = addressesFor("503-nojs", 1)[0]!;
  const redirect = await subscribeWithoutJs(nojs);
  expect(redirect.status).toBe(303);
  expect(redirect.headers.get("location")).toBe("/newsletter/queued");
  addresses.push(nojs);

  await killSite();
  expect(pendingInStore()).toBe(addresses.length);
  for (const a of addresses) expect(await emailsTo(a)).toBe(0);

  await setFault(wsUrl(), null);
  await startSite();
  await expectEachDeliveredOnce(addresses);
  await killSite();
});

test("workspace refusing connections, site killed with SIGKILL: every signup arrives exactly once after a restart", async () => {
  test.setTimeout(120_000);
  await startSite();
  await stopWorkspace();
  const addresses = addressesFor("refused", 5);
  for (const a of addresses) {
    const { status, body } = await subscribe(a);
    expect(status, JSON.stringify(body)).toBe(202);
    expect(body.outcome).toBe("queued");
  }
  await killSite();
  expect(pendingInStore()).toBe(addresses.length);

  await startWorkspace(false);
  await startSite();
  await expectEachDeliveredOnce(addresses);
});
