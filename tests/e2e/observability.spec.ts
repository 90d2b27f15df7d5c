import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, LOCAL_DEMO_API_KEY } from "../../lib/config/schema";
import { SqliteSignupStore } from "../../lib/delivery/sqlite-store";
import { hashPassword } from "../../lib/config/password-hash";
import { startLocalWorkspaceServer } from "../../lib/local-workspace";
import { startCluster, type Cluster, type Instance } from "../helpers/multi-instance";
import { until } from "../helpers/until";
import { signIn as adminSignIn } from "../helpers/admin-sign-in";
import { clientAddresses } from "../helpers/client-addresses";
import { jsonPostHeaders } from "../helpers/json-post";
import * as workspace from "../helpers/workspace-controls";
import { promtool } from "../helpers/promtool";

/*
 * What an operator sees, over real HTTP against a `next start` process on a real build (the
 * multi-instance harness, one instance, embedded state, the local workspace):
 *  - GET /api/metrics: 404 without METRICS_TOKEN, 401 without or with a wrong token, the
 *    Prometheus text format with it, never cached;
 *  - a signup through the route, a workspace failure and the delivery worker move the right
 *    counters, and the delivery gauges follow the store;
 *  - after every route has been exercised, failures included, each line the server wrote is a
 *    JSON object with time, level, msg and component (Next's own informational lines aside), and
 *    none carries a secret, a password, a cookie or a reader's address.
 */

test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);
const SECRETS = {
  "workspace API key": LOCAL_DEMO_API_KEY,
  "session secret": `obs-session-secret-${RUN}-0123456789abcdef`,
  "revalidate secret": `obs-revalidate-secret-${RUN}-0123456789abcdef`,
  "metrics token": `obs-metrics-token-${RUN}-0123456789abcdef`,
  "admin password": DEMO_ADMIN_PASSWORD,
  "a mistyped password": `Tr0ub4dor-${RUN}-typed-in-the-password-box`,
};
/** Reader and invitee addresses: none may reach the log in full. */
const ADDRESSES: string[] = [];
const address = (tag: string) => {
  const made = `${tag}-${RUN}-${ADDRESSES.length}@example.org`;
  ADDRESSES.push(made);
  return made;
};

let cluster: Cluster;
let site: Instance;
let dir: string;
let storePath: string;
const freshClient = clientAddresses("198.19");

test.beforeAll(async () => {
  test.setTimeout(600_000);
  dir = mkdtempSync(path.join(tmpdir(), "masthead-observability-"));
  storePath = path.join(dir, "delivery.sqlite");
  cluster = await startCluster({
    instances: 1,
    redis: false,
    env: {
      TRUST_PROXY: "1",
      SESSION_SECRET: SECRETS["session secret"],
      REVALIDATE_SECRET: SECRETS["revalidate secret"],
      METRICS_TOKEN: SECRETS["metrics token"],
      DELIVERY_STORE_PATH: storePath,
      DELIVERY_MAX_AGE_HOURS: "1",
      LOG_LEVEL: "debug",
    },
  });
  site = cluster.instances[0]!;
});

test.afterAll(async () => {
  await cluster?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function call(pathname: string, init: RequestInit & { client?: string } = {}): Promise<Response> {
  const { client, ...rest } = init;
  return fetch(`${site.url}${pathname}`, {
    ...rest,
    headers: { "x-forwarded-for": client ?? freshClient(), ...(rest.headers as Record<string, string>) },
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
}

function postJson(pathname: string, body: unknown, headers: Record<string, string> = {}) {
  return call(pathname, {
    method: "POST",
    headers: jsonPostHeaders(cluster.siteUrl, headers),
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const workspaceFault = (fault: workspace.Fault | null) => workspace.setFault(cluster.workspaceUrl, fault);

/** The scrape, as Prometheus makes it. */
async function scrape(): Promise<string> {
  const res = await call("/api/metrics", {
    headers: { authorization: `Bearer ${SECRETS["metrics token"]}` },
  });
  expect(res.status).toBe(200);
  return res.text();
}

/** The value of one sample (`name{labels}`), or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries(
      [...(m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return undefined;
}

let device: string | undefined;

/** Signs the demo admin in; from the second time on as a known device, which a lockout of strangers spares. */
async function signIn(): Promise<string> {
  const signedIn = await adminSignIn(site.url, {
    client: freshClient(),
    origin: cluster.siteUrl,
    cookie: device,
  });
  device = signedIn.device;
  return signedIn.cookies;
}

test("GET /api/metrics: 401 without or with a wrong token, the Prometheus text format with it, never cached", async () => {
  for (const authorization of [
    undefined,
    "Bearer wrong-token",
    `Basic ${SECRETS["metrics token"]}`,
    "Bearer ",
  ]) {
    const res = await call("/api/metrics", { headers: authorization ? { authorization } : {} });
    expect(res.status, String(authorization)).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.text();
    expect(body).toMatch(/METRICS_TOKEN/);
    expect(body).not.toMatch(/masthead_/);
  }
  // A token in the query string is not a token (query strings end up in access logs).
  expect((await call(`/api/metrics?token=${SECRETS["metrics token"]}`)).status).toBe(401);

  const res = await call("/api/metrics", {
    headers: { authorization: `Bearer ${SECRETS["metrics token"]}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(res.headers.get("cache-control")).toBe("no-store");
  const text = await res.text();
  for (const name of [
    "masthead_workspace_requests_total",
    "masthead_workspace_request_duration_seconds",
    "masthead_newsletter_signups_total",
    "masthead_delivery_pending",
    "masthead_delivery_failed",
    "masthead_delivery_attempts_total",
    "masthead_rate_limited_total",
    "masthead_admin_logins_total",
    "process_resident_memory_bytes",
    "nodejs_eventloop_lag_seconds",
  ])
    expect(text, name).toContain(`# TYPE ${name} `);
  // The server runs on the Node the npm scripts bring (24 LTS), the one running this test.
  expect(Number(process.versions.node.split(".")[0])).toBeGreaterThanOrEqual(24);
  expect(text).toContain(`nodejs_version_info{version="${process.version}"`);
  // Prometheus' own lint accepts the scrape as served (no gauge named like a counter).
  const checked = promtool(["check", "metrics"], text);
  expect(checked.status, checked.stdout + checked.stderr).toBe(0);
  // Embedded state: no Redis to be up or down.
  expect(text).not.toContain("masthead_redis_up");
  // The build prerendered the blog; this process loads it when a page asks, and then counts it.
  await call("/search?q=the");
  await until(async () => (sample(await scrape(), "masthead_blog_posts") ?? 0) > 0, {
    what: "masthead_blog_posts",
    timeoutMs: 20_000,
    intervalMs: 250,
  });
  // Loaded, the server answers readiness with 200, and the readiness alert's gauge says so.
  expect((await call("/api/health/ready")).status).toBe(200);
  expect(sample(await scrape(), "masthead_ready")).toBe(1);
});

test("a signup through the route and a workspace failure move the right counters", async () => {
  const before = await scrape();
  const created = await postJson("/api/newsletter", { email: address("reader") });
  expect(created.status).toBe(201);
  const invalid = await postJson("/api/newsletter", { email: "not-an-address" });
  expect(invalid.status).toBe(422);

  // The workspace fails every subscribe call: the signup is kept, and the failure is counted by kind.
  await workspaceFault({ mode: "status", status: 503, pathPrefix: "/api/external/v2/email-subscriptions" });
  const queued = await postJson("/api/newsletter", { email: address("kept") });
  expect(queued.status).toBe(202);
  const after = await scrape();

  const delta = (name: string, labels: Record<string, string>) =>
    (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
  expect(delta("masthead_newsletter_signups_total", { outcome: "created" })).toBe(1);
  expect(delta("masthead_newsletter_signups_total", { outcome: "invalid" })).toBe(1);
  expect(delta("masthead_newsletter_signups_total", { outcome: "queued" })).toBe(1);
  expect(delta("masthead_workspace_requests_total", { operation: "subscribe", outcome: "ok" })).toBe(1);
  expect(
    delta("masthead_workspace_requests_total", { operation: "subscribe", outcome: "unavailable" }),
  ).toBeGreaterThanOrEqual(1);
  expect(
    delta("masthead_workspace_request_duration_seconds_count", { operation: "subscribe" }),
  ).toBeGreaterThanOrEqual(2);
  expect(sample(after, "masthead_delivery_pending")).toBeGreaterThanOrEqual(1);

  // Once the workspace answers again the worker delivers what was kept, and says so.
  await workspaceFault(null);
  await until(async () => sample(await scrape(), "masthead_delivery_pending") === 0, {
    what: "the kept signup to be delivered",
    timeoutMs: 60_000,
    intervalMs: 500,
  });
  const delivered = await scrape();
  expect(
    (sample(delivered, "masthead_delivery_attempts_total", { outcome: "delivered" }) ?? 0) -
      (sample(before, "masthead_delivery_attempts_total", { outcome: "delivered" }) ?? 0),
  ).toBeGreaterThanOrEqual(1);
});

test("the delivery gauges follow the store: pending, then failed past the maximum age, then retried", async () => {
  const start = await scrape();
  expect(sample(start, "masthead_delivery_failed")).toBe(0);
  // Two signups stored two hours ago (the store is a file the server shares with this test):
  // past DELIVERY_MAX_AGE_HOURS=1, the worker moves them to the failed list.
  const old = new SqliteSignupStore({
    file: storePath,
    maxPending: 100,
    now: () => Date.now() - 2 * 3600_000,
  });
  for (const tag of ["old-a", "old-b"]) await old.accept(address(tag));
  await old.close();
  await until(async () => sample(await scrape(), "masthead_delivery_failed") === 2, {
    what: "masthead_delivery_failed 2",
    timeoutMs: 30_000,
    intervalMs: 250,
  });
  expect(sample(await scrape(), "masthead_delivery_pending")).toBe(0);

  // An admin retries them (through the route): they leave the failed list and are delivered.
  const cookie = await signIn();
  const retried = await call("/api/admin/newsletter/failed", {
    method: "POST",
    headers: {
      cookie,
      origin: cluster.siteUrl,
      accept: "application/json",
      "content-type": "application/json",
    },
    body: "{}",
  });
  expect(retried.status).toBe(200);
  await until(
    async () => {
      const text = await scrape();
      return (
        sample(text, "masthead_delivery_failed") === 0 && sample(text, "masthead_delivery_pending") === 0
      );
    },
    { what: "the retried signups to be delivered", timeoutMs: 60_000, intervalMs: 500 },
  );
});

test("sign-ins and limits are counted: ok, invalid, forbidden, rate limited", async () => {
  const before = await scrape();
  // Each failure from a client of its own: the account's budget is the one that runs out.
  const wrong = () =>
    postJson(
      "/api/admin/login",
      { email: DEMO_ADMIN_EMAIL, password: SECRETS["a mistyped password"] },
      { "x-forwarded-for": freshClient() },
    );
  expect((await wrong()).status).toBe(401);
  expect(
    (
      await postJson(
        "/api/admin/login",
        { email: DEMO_ADMIN_EMAIL, password: "x" },
        { origin: "https://evil.example" },
      )
    ).status,
  ).toBe(403);
  await signIn();
  // Ten failures lock the account for strangers: the eleventh is refused without a check.
  for (let i = 0; i < 10; i++) await wrong();
  expect((await wrong()).status).toBe(429);
  const after = await scrape();
  const delta = (name: string, labels: Record<string, string>) =>
    (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
  expect(delta("masthead_admin_logins_total", { outcome: "ok" })).toBe(1);
  expect(delta("masthead_admin_logins_total", { outcome: "forbidden" })).toBe(1);
  expect(delta("masthead_admin_logins_total", { outcome: "invalid" })).toBeGreaterThanOrEqual(10);
  expect(delta("masthead_admin_logins_total", { outcome: "rate_limited" })).toBeGreaterThanOrEqual(1);
  expect(delta("masthead_rate_limited_total", { limit: "admin-login-account" })).toBeGreaterThanOrEqual(1);
});

test("a request for a server action is refused at once, whatever its path, and writes nothing to the log", async () => {
  // Masthead has no server actions; Next would print each unknown one on stdout as plain text.
  const marker = `zzaction${RUN}`;
  const html = await (await call("/blog")).text();
  const post = /href="(\/blog\/(?!page\/)[^"/?#]+)"/.exec(html)?.[1] ?? "/blog/none";
  const logged = site.logs().length;
  const paths = ["/", post, "/blog", "/newsletter", "/admin/login", "/api/newsletter", `/nope-${RUN}`];
  const asAction = (i: number) => ({
    "next-action": `${marker}${i}${"a".repeat(120)}`,
    "content-type": "text/plain;charset=UTF-8",
    accept: "text/x-component",
  });
  // Without the header, a form post to a page is a server action to Next as well.
  const multipart = () => {
    const body = new FormData();
    body.set(`$ACTION_ID_${marker}`, "");
    body.set("1_email", "x");
    return { headers: {}, body };
  };
  const urlencoded = () => ({
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `%24ACTION_ID_${marker}=&x=1`,
  });
  const requests = [
    ...paths.map((pathname, i) => ({ pathname, headers: asAction(i), body: JSON.stringify([marker]) })),
    ...["/", post, `/nope-${RUN}`].flatMap((pathname) => [
      { pathname, ...multipart() },
      { pathname, ...urlencoded() },
    ]),
  ];
  for (const { pathname, headers, body } of requests) {
    const res = await call(pathname, {
      method: "POST",
      headers: { origin: cluster.siteUrl, ...headers },
      body,
    });
    expect(res.status, pathname).toBe(404);
    expect(await res.json(), pathname).toEqual({ error: "This site has no server actions." });
  }
  // A sign-in after them writes its audit line: once it is here, theirs would be too (one pipe).
  const audits = () =>
    site
      .logs()
      .split("\n")
      .filter((l) => l.includes('"admin_audit"')).length;
  const before = audits();
  await signIn();
  await until(() => audits() > before, { what: "the sign-in's audit line" });
  const lines = site
    .logs()
    .slice(logged)
    .split("\n")
    .filter((l) => l.trim() !== "");
  expect(
    lines.filter((l) => l.includes(marker) || !l.startsWith("{")),
    "lines about the actions",
  ).toEqual([]);
});

test("every line the server wrote is JSON with time, level, msg and component, and carries no secret", async () => {
  test.setTimeout(180_000);
  // Every route, failures included, so that every code path that logs has had its chance.
  const cookie = await signIn();
  const admin = {
    cookie,
    origin: cluster.siteUrl,
    accept: "application/json",
    "content-type": "application/json",
  };
  const html = await (await call("/blog")).text();
  const post = /href="(\/blog\/(?!page\/)[^"/?#]+)"/.exec(html)?.[1] ?? "/blog/none";
  for (const page of [
    "/",
    "/blog",
    post,
    "/newsletter",
    "/search?q=guide",
    "/feed.xml",
    "/sitemap.xml",
    "/admin",
    `/nope-${RUN}`,
    "/blog/%E0%A4%A",
  ])
    expect((await call(page, { headers: { cookie } })).status, page).toBeLessThan(500);
  await postJson("/api/newsletter", { email: address("again"), homepage: "http://spam.example" });
  await postJson("/api/newsletter", "{not json");
  await postJson("/api/newsletter", { email: address("cross") }, { origin: "https://evil.example" });
  await workspaceFault({ mode: "status", status: 500, count: 3 });
  await postJson("/api/newsletter", { email: address("fault") });
  await workspaceFault(null);

  const members = (await (await call("/api/admin/team-members", { headers: admin })).json()) as {
    members: { id: string; email: string; role: string }[];
  };
  const standard = members.members.find((m) => m.role === "Standard")!;
  await call("/api/admin/team-members", {
    method: "POST",
    headers: admin,
    body: JSON.stringify({ emails: [address("invitee")], sendInvitationEmail: false }),
  });
  await call(`/api/admin/team-members/${standard.id}`, {
    method: "PATCH",
    headers: admin,
    body: JSON.stringify({ role: "No Such Role" }),
  });
  await call(`/api/admin/team-members/${standard.id}/activation`, {
    method: "PUT",
    headers: admin,
    body: JSON.stringify({ active: true }),
  });
  await call("/api/admin/team-members/bulk", {
    method: "POST",
    headers: admin,
    body: JSON.stringify({ action: "deactivate", ids: ["00000000-0000-4000-8000-000000000000"] }),
  });
  await call(`/api/admin/team-members/00000000-0000-4000-8000-000000000000`, {
    method: "DELETE",
    headers: admin,
  });
  await call("/api/admin/blog/refresh", { method: "POST", headers: admin });
  await call("/api/admin/newsletter/failed", { method: "DELETE", headers: admin, body: "{}" });
  await call("/api/admin/team-members", { headers: { accept: "application/json" } });
  await call("/api/revalidate", { method: "POST", headers: { authorization: "Bearer wrong" } });
  await call("/api/revalidate", {
    method: "POST",
    headers: { authorization: `Bearer ${SECRETS["revalidate secret"]}` },
  });
  await call("/api/health");
  await call("/api/health/ready");
  await call("/api/admin/logout", { method: "POST", headers: admin });

  // The server's output, once the last request's line (the logout's audit entry) has arrived.
  await until(() => /"action":"logout"/.test(site.logs()), { what: "the logout's audit line" });
  // Next colours its own lines when the test runner forces colour; Masthead's are never coloured.
  const lines = site
    .logs()
    .split("\n")
    .map((l) => l.replace(/\u001b\[[0-9;]*m/g, ""))
    .filter((l) => l.trim() !== "");
  // The harness keeps the last 300 lines: all of them must be here for the scan to mean anything.
  expect(lines.length, "lines captured (the harness keeps 300)").toBeLessThan(300);
  // Next's own informational lines (its banner, "✓ Ready in", "✓ Running next.config.mjs") are
  // not Masthead's to format; everything else is, Next's report of an uncaught error included
  // (that one would be a bug).
  const nextInfo = /^\s*(▲ Next\.js \S+|- (Local|Network|Environments?|Experiments[^:]*):|✓ )/;
  // The start itself was captured: the site's server says where it serves, as a JSON line.
  expect(
    lines.some((l) => /"component":"launcher"/.test(l) && /is serving on/.test(l)),
    `the server's start in:\n${lines.slice(0, 15).join("\n")}`,
  ).toBe(true);
  const entries: Record<string, unknown>[] = [];
  const notJson: string[] = [];
  for (const line of lines) {
    try {
      entries.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      if (!nextInfo.test(line)) notJson.push(line);
    }
  }
  expect(notJson, "lines that are not JSON").toEqual([]);
  for (const entry of entries) {
    expect(entry, JSON.stringify(entry)).toMatchObject({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      level: expect.stringMatching(/^(trace|debug|info|warn|error|fatal)$/),
      msg: expect.any(String),
      component: expect.stringMatching(
        /^(blog|newsletter|delivery|admin|state|workspace|search|next|launcher)$/,
      ),
    });
  }
  // The run did produce lines worth scanning: audit entries, the kept signup, the workspace's failures.
  const kinds = new Set(entries.map((e) => `${e.component as string}:${(e.kind as string) ?? ""}`));
  expect(kinds).toContain("admin:admin_audit");
  expect(entries.some((e) => e.component === "newsletter")).toBe(true);
  expect(entries.some((e) => e.component === "delivery")).toBe(true);
  expect(entries.filter((e) => e.kind === "admin_audit").map((e) => e.actor)).toContain(DEMO_ADMIN_EMAIL);
  // LOG_LEVEL=debug: each workspace call with its endpoint, status and duration. (On one instance
  // Next's own cache answers pages, and writes no lines of its own.)
  const calls = entries.filter((e) => e.level === "debug" && e.component === "workspace");
  expect(calls.length, "workspace calls at debug").toBeGreaterThan(0);
  for (const call of calls)
    expect(call).toMatchObject({
      operation: expect.any(String),
      endpoint: expect.stringMatching(/^(GET|POST|PUT|PATCH|DELETE) http/),
      status: expect.any(Number),
      durationMs: expect.any(Number),
    });
  expect(
    calls.some((c) => c.status === 500),
    "the injected failures among them",
  ).toBe(true);

  const output = lines.join("\n");
  for (const [name, value] of Object.entries(SECRETS)) {
    for (const form of [value, Buffer.from(value).toString("base64"), encodeURIComponent(value)])
      expect(output.includes(form), `${name} in the server's output`).toBe(false);
  }
  expect(output).not.toMatch(/masthead_admin=|masthead_device=|Fe26\.2\*/);
  for (const reader of ADDRESSES)
    expect(output.includes(reader), `${reader} in the server's output`).toBe(false);
});

test("with Redis: masthead_redis_up follows Redis, and a scrape answers at once while it is down", async () => {
  test.setTimeout(180_000);
  const shared = await startCluster({
    instances: 1,
    redis: true,
    env: { METRICS_TOKEN: SECRETS["metrics token"] },
  });
  try {
    const url = shared.instances[0]!.url;
    const read = async () => {
      const started = Date.now();
      const res = await fetch(`${url}/api/metrics`, {
        headers: { authorization: `Bearer ${SECRETS["metrics token"]}` },
        signal: AbortSignal.timeout(10_000),
      });
      expect(res.status).toBe(200);
      const text = await res.text();
      // A scrape never waits on an unreachable Redis (one PING, fail-fast commands).
      expect(Date.now() - started).toBeLessThan(5_000);
      return text;
    };
    await until(async () => sample(await read(), "masthead_redis_up") === 1, {
      what: "masthead_redis_up 1",
      timeoutMs: 20_000,
      intervalMs: 250,
    });
    expect(sample(await read(), "masthead_delivery_pending")).toBe(0);
    await shared.redis!.stop();
    await until(async () => sample(await read(), "masthead_redis_up") === 0, {
      what: "masthead_redis_up 0",
      timeoutMs: 20_000,
      intervalMs: 250,
    });
    // The first of the process's Redis connections says so once, at info; the others only at debug.
    const startLines = shared.instances[0]!.logs();
    const reachable = startLines.split("\n").filter((l) => /reachable; state is shared/.test(l));
    expect(reachable, startLines).toHaveLength(1);
    expect(JSON.parse(reachable[0]!)).toMatchObject({ level: "info", component: "state" });
    await shared.redis!.restart();
    await until(async () => sample(await read(), "masthead_redis_up") === 1, {
      what: "masthead_redis_up 1 again",
      timeoutMs: 30_000,
      intervalMs: 250,
    });
  } finally {
    await shared.stop();
  }
});

test("without METRICS_TOKEN the route does not exist (404); at LOG_LEVEL=warn the audit trail and the image host warning remain", async () => {
  // An image host on a private address (a literal one: no DNS needed), and a quiet log.
  const plain = await startCluster({
    instances: 1,
    redis: false,
    env: { LOG_LEVEL: "warn", IMAGE_HOSTS: "http://10.255.255.1:8080" },
  });
  try {
    const instance = plain.instances[0]!;
    const refused = await fetch(`${instance.url}/api/admin/login`, {
      method: "POST",
      headers: jsonPostHeaders(plain.siteUrl, { "x-forwarded-for": freshClient() }),
      body: JSON.stringify({ email: DEMO_ADMIN_EMAIL, password: SECRETS["a mistyped password"] }),
    });
    expect(refused.status).toBe(401);
    const entries = () =>
      instance
        .logs()
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    await until(() => entries().some((e) => e.kind === "admin_audit"), {
      what: "the refused sign-in's audit line at LOG_LEVEL=warn",
      timeoutMs: 10_000,
      intervalMs: 100,
    });
    expect(entries().find((e) => e.kind === "admin_audit")).toMatchObject({
      action: "login",
      outcome: "refused",
      level: "info",
    });
    // Nothing else below warn was written.
    expect(entries().filter((e) => e.level === "info" && e.kind !== "admin_audit")).toEqual([]);
    const warning = entries().find((e) => /private address/.test(String(e.msg)));
    expect(warning, "the image host warning").toMatchObject({ level: "warn", component: "blog" });
    expect(warning!.msg).toContain("http://10.255.255.1:8080 (10.255.255.1)");
    expect(warning!.msg).toContain("IMAGE_ALLOW_PRIVATE_HOSTS=1");

    for (const authorization of [undefined, `Bearer ${SECRETS["metrics token"]}`]) {
      const res = await fetch(`${instance.url}/api/metrics`, {
        headers: authorization ? { authorization } : {},
      });
      expect(res.status).toBe(404);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.text()).not.toMatch(/masthead_/);
    }
  } finally {
    await plain.stop();
  }
});

test("a workspace on a private address: Next refuses its images with a JSON line and a start-up warning, until IMAGE_ALLOW_PRIVATE_HOSTS=1", async () => {
  test.setTimeout(180_000);
  // A team's staging workspace on a private network: a local workspace on 127.0.0.1 with a key
  // of its own (the public demo key is refused with a real workspace).
  const stagingKey = `wps_staging_${RUN}_0123456789abcdef`;
  const staging = await startLocalWorkspaceServer({ port: 0, dataDir: ":memory:", apiKey: stagingKey });
  try {
    const remote = {
      WORKSPACE_URL: staging.url,
      WORKSPACE_API_KEY: stagingKey,
      SESSION_SECRET: SECRETS["session secret"],
      ADMIN_USERS: `${DEMO_ADMIN_EMAIL}=${hashPassword(SECRETS["a mistyped password"])}`,
    };
    const posts = (await (
      await fetch(`${staging.url}/api/external/v2/blog-posts`, {
        headers: { "x-api-key": stagingKey, accept: "application/json" },
      })
    ).json()) as { blog_posts: { cover_image_url: string }[] };
    const cover = posts.blog_posts.find((p) => p.cover_image_url)!.cover_image_url;
    expect(new URL(cover).origin).toBe(staging.url);
    const optimised = (instance: Instance) =>
      fetch(`${instance.url}/_next/image?url=${encodeURIComponent(cover)}&w=640&q=75`, {
        signal: AbortSignal.timeout(30_000),
      });
    const entries = (instance: Instance) =>
      instance
        .logs()
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Record<string, unknown>);

    const refused = await startCluster({ instances: 1, redis: false, env: remote });
    try {
      const site = refused.instances[0]!;
      expect((await optimised(site)).status).toBe(400);
      await until(() => entries(site).some((e) => /private IP/.test(String(e.msg))), {
        what: "Next's refusal as a JSON line",
        timeoutMs: 10_000,
        intervalMs: 100,
      });
      expect(entries(site).find((e) => /private IP/.test(String(e.msg)))).toMatchObject({
        level: "error",
        component: "next",
      });
      // Nothing about it reached the output as plain text.
      expect(
        site
          .logs()
          .split("\n")
          .filter((l) => /private IP/.test(l) && !l.startsWith("{")),
      ).toEqual([]);
      const warning = entries(site).find((e) => /IMAGE_ALLOW_PRIVATE_HOSTS=1/.test(String(e.msg)));
      expect(warning, "the start-up warning").toMatchObject({ level: "warn", component: "blog" });
      expect(warning!.msg).toContain(staging.url);
    } finally {
      await refused.stop();
    }

    const allowed = await startCluster({
      instances: 1,
      redis: false,
      env: { ...remote, IMAGE_ALLOW_PRIVATE_HOSTS: "1" },
    });
    try {
      const site = allowed.instances[0]!;
      const res = await optimised(site);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^image\//);
      expect(entries(site).filter((e) => /private/.test(String(e.msg)))).toEqual([]);
    } finally {
      await allowed.stop();
    }
  } finally {
    await staging.close();
  }
});
