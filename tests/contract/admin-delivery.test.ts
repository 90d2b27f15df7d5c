import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localWorkspaceForSuite, pointAppAtWorkspace } from "../helpers/workspace-fixture";

/*
 * The admin's actions on failed newsletter deliveries (POST = retry, DELETE = discard) as Next
 * runs them: session and Origin checks, the counts they answer with, and one audit line each.
 * Failed signups are made the way they happen: too old, then expired by the worker.
 */

const SITE = "http://localhost:3000";
const fixture = localWorkspaceForSuite();
let dir: string;
let route: typeof import("@/app/api/admin/newsletter/failed/route");
let session: typeof import("@/lib/admin/session");
let audit: typeof import("@/lib/admin/audit");
let delivery: typeof import("@/lib/delivery");
let cookie: string;
const auditLines: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "masthead-admin-delivery-"));
  pointAppAtWorkspace(fixture.server, {
    SITE_URL: undefined,
    PORT: undefined,
    ADMIN_USERS: undefined,
    SESSION_SECRET: undefined,
    REDIS_URL: undefined,
    DELIVERY_STORE_PATH: path.join(dir, "delivery.sqlite"),
    DELIVERY_MAX_AGE_HOURS: "1",
  });
  route = await import("@/app/api/admin/newsletter/failed/route");
  session = await import("@/lib/admin/session");
  audit = await import("@/lib/admin/audit");
  delivery = await import("@/lib/delivery");
  audit.setAuditSink((line) => auditLines.push(line));
  cookie = await session.sealSession("admin@example.com");
});

afterAll(async () => {
  audit?.setAuditSink(null);
  await delivery?.delivery().close();
  rmSync(dir, { recursive: true, force: true });
});

function req(
  method: "POST" | "DELETE",
  opts: { cookie?: string | null; origin?: string; body?: string; contentType?: string } = {},
): Request {
  const headers = new Headers({ host: "localhost:3000", origin: opts.origin ?? SITE });
  const c = opts.cookie === undefined ? cookie : opts.cookie;
  if (c) headers.set("cookie", `${session.SESSION_COOKIE}=${c}`);
  if (opts.contentType) headers.set("content-type", opts.contentType);
  return new Request(`${SITE}/api/admin/newsletter/failed`, { method, headers, body: opts.body });
}

/** Writes `n` signups two hours old straight into the store file, as a crashed week-old site would leave them. */
async function failedSignups(n: number): Promise<void> {
  const { SqliteSignupStore } = await import("@/lib/delivery/sqlite-store");
  const old = new SqliteSignupStore({
    file: process.env.DELIVERY_STORE_PATH!,
    maxPending: 100,
    now: () => Date.now() - 2 * 3600_000,
  });
  for (let i = 0; i < n; i++) await old.accept(`failed-${i}-${Date.now()}@example.org`);
  await old.close();
  const store = delivery.delivery() as import("@/lib/delivery/sqlite-store").SqliteSignupStore;
  expect(store.expire(3600_000)).toBe(n);
}

describe("/api/admin/newsletter/failed", () => {
  it("refuses the signed out (401) and other sites (403) without touching the store", async () => {
    await failedSignups(1);
    expect((await route.POST(req("POST", { cookie: null }))).status).toBe(401);
    expect((await route.DELETE(req("DELETE", { origin: "https://evil.example" }))).status).toBe(403);
    expect(await delivery.delivery().overview()).toMatchObject({ failedTotal: 1 });
    expect(auditLines).toHaveLength(0);
  });

  it("refuses a body it does not take (4xx, clear message), acting on nothing", async () => {
    const cases: [string | undefined, string | undefined, number][] = [
      ['{"count":5}', "application/json", 422],
      ["[1]", "application/json", 422],
      ['{"ids":[]}', "application/json", 422],
      ['{"ids":["../x"]}', "application/json", 422],
      [
        `{"ids":${JSON.stringify(Array.from({ length: 201 }, (_, i) => `id-${i}`))}}`,
        "application/json",
        422,
      ],
      ["{not json", "application/json", 400],
      ["a=1", "application/x-www-form-urlencoded", 415],
      // No body at all: the buttons always send JSON, and a bodiless write says what to send.
      [undefined, undefined, 415],
      ["x".repeat(70_000), "application/json", 413],
    ];
    for (const [body, contentType, status] of cases) {
      const res = await route.DELETE(req("DELETE", { body, contentType }));
      expect(res.status, `${contentType} ${body?.slice(0, 10)}`).toBe(status);
      expect(((await res.json()) as { error: string }).error).toMatch(/\w/);
    }
    expect(await delivery.delivery().overview()).toMatchObject({ failedTotal: 1 });
    expect(auditLines).toHaveLength(0);
  });

  it("acts on the failed signups named, or on all; each action is audited with its count, no address", async () => {
    await failedSignups(2);
    const json = (body: unknown) => ({ body: JSON.stringify(body), contentType: "application/json" });
    const [first, second] = (await delivery.delivery().overview()).failed;
    expect((await delivery.delivery().overview()).failedTotal).toBe(3);

    const one = await route.POST(req("POST", json({ ids: [first!.id] })));
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual({ ok: true, count: 1 });
    const failed = (await delivery.delivery().overview()).failed.map((f) => f.id);
    expect(failed).not.toContain(first!.id);
    expect(failed).toContain(second!.id);

    // An id that names no failed signup (already retried) acts on nothing.
    expect(await (await route.DELETE(req("DELETE", json({ ids: [first!.id] })))).json()).toEqual({
      ok: true,
      count: 0,
    });
    const all = await route.DELETE(req("DELETE", json({})));
    expect(await all.json()).toEqual({ ok: true, count: 2 });
    expect((await delivery.delivery().overview()).failedTotal).toBe(0);

    const lines = auditLines.map((l) => JSON.parse(l) as Record<string, string>);
    expect(lines).toEqual([
      expect.objectContaining({
        kind: "admin_audit",
        actor: "admin@example.com",
        action: "retry_failed_signups",
        target: "newsletter_delivery",
        outcome: "ok",
        detail: "count=1 of=1",
      }),
      expect.objectContaining({ action: "discard_failed_signups", outcome: "ok", detail: "count=0 of=1" }),
      expect.objectContaining({ action: "discard_failed_signups", outcome: "ok", detail: "count=2" }),
    ]);
    expect(auditLines.join("\n")).not.toMatch(/@example\.org/);
  });
});
