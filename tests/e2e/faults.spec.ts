import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { DEMO_REVALIDATE_SECRET, LOCAL_DEMO_API_KEY } from "../../lib/config/schema";
import { signInThrough } from "../helpers/admin-sign-in";
import { clientAddresses } from "../helpers/client-addresses";
import * as workspace from "../helpers/workspace-controls";

/*
 * Fault injection against the running site: the e2e local workspace is made slow, failing
 * (500/502/503), rate-limiting (429 + Retry-After) or answering malformed JSON or the wrong
 * shape, and each of a page view, a revalidation, a subscription, the admin member list and an
 * admin write must behave as designed: public pages keep being served (stale rather than
 * broken), every failure is a clear message with a fitting status, never a 500 page, nothing
 * about the upstream (address, key) leaks, and a write that failed is reported as failed
 * (and did not half-happen).
 *
 * A subscription under a fault is kept (202) and delivered once afterwards (the last test).
 * Refused connections are covered where they can be made without stopping the shared
 * workspace: tests/contract/blog-source.test.ts (the build), newsletter-route.test.ts and
 * admin-routes.test.ts (subscription and admin, against a closed port), and
 * tests/contract/faults-build.test.ts.
 */

const WS = workspace.E2E_WORKSPACE_URL;
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const LEAKS = /127\.0\.0\.1:\d+|api\/external|wps_|x-api-key|at .*\.(?:js|ts):\d+/i;
let seq = 0;
const uniqueIp = clientAddresses("198.18", { startAnywhere: true });
const admins = clientAddresses("198.19", { startAnywhere: true });

type Fault = Record<string, unknown> & { mode: string };

const setFault = (fault: Fault | null) => workspace.setFault(WS, fault);
/** How many emails the workspace has sent to `email`. */
const emailsTo = async (email: string) => (await workspace.outbox(WS, email)).length;

function expectNoLeak(text: string, what: string) {
  expect(text, `${what} must not reveal the upstream`).not.toMatch(LEAKS);
  expect(text).not.toContain(LOCAL_DEMO_API_KEY);
}

async function json(res: APIResponse): Promise<Record<string, unknown>> {
  return (await res.json()) as Record<string, unknown>;
}

let postPath = "";
/** Signups answered 202 under a fault: each must arrive exactly once after the faults end. */
const kept: string[] = [];
let postTitle = "";
let memberId = "";
const memberEmail = `fault-member-${RUN}@example.com`;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ request, baseURL }) => {
  await setFault(null);
  const html = await (await request.get("/blog")).text();
  postPath =
    [...html.matchAll(/href="(\/blog\/[^"/?#]+)"/g)]
      .map((m) => m[1]!)
      .find((h) => !h.startsWith("/blog/page")) ?? "";
  expect(postPath, "a post link on /blog").not.toBe("");
  const post = await (await request.get(postPath)).text();
  postTitle = /<h1[^>]*>([^<]+)<\/h1>/.exec(post)?.[1] ?? "";
  expect(postTitle, "the post page's heading").not.toBe("");

  // A member of our own to write to, so no other spec's data is touched.
  await login(request, baseURL!);
  const invite = await request.post("/api/admin/team-members", {
    headers: { origin: baseURL! },
    data: { emails: [memberEmail], sendInvitationEmail: false },
  });
  expect(invite.status(), await invite.text()).toBe(201);
  const list = await json(await request.get(`/api/admin/team-members?q=${encodeURIComponent(memberEmail)}`));
  memberId = (
    (list.members as { id: string; email: string }[]).find((m) => m.email === memberEmail) ?? { id: "" }
  ).id;
  expect(memberId).not.toBe("");
});

const login = (request: APIRequestContext, baseURL: string) =>
  signInThrough(request, { baseURL, client: admins() });

test.afterEach(async ({ request }) => {
  // ALWAYS clear, so a failing test cannot leave the shared workspace broken for other specs.
  await setFault(null);
  // Let the pages a failed regeneration left stale come back fresh before the next test.
  await request.post("/api/revalidate", { headers: { authorization: `Bearer ${DEMO_REVALIDATE_SECRET}` } });
  for (const p of ["/", "/blog", postPath]) await request.get(p);
});

test.afterAll(async ({ request, baseURL }) => {
  await setFault(null);
  if (memberId)
    await request.delete(`/api/admin/team-members/${memberId}`, { headers: { origin: baseURL! } });
});

type Case = {
  name: string;
  fault: Fault;
  /** Whether upstream calls still succeed (slow but within the client's timeout). */
  succeeds: boolean;
  /** Status of an admin write under the fault, when it fails. */
  adminStatus?: number;
};

const CASES: Case[] = [
  { name: "slow (1.5 s)", fault: { mode: "slow", delayMs: 1_500 }, succeeds: true },
  { name: "500", fault: { mode: "status", status: 500 }, succeeds: false, adminStatus: 503 },
  { name: "502", fault: { mode: "status", status: 502 }, succeeds: false, adminStatus: 503 },
  { name: "503", fault: { mode: "status", status: 503 }, succeeds: false, adminStatus: 503 },
  {
    name: "429 with Retry-After",
    fault: { mode: "rate-limit", retryAfter: 1 },
    succeeds: false,
    adminStatus: 503,
  },
  { name: "malformed JSON", fault: { mode: "malformed-json" }, succeeds: false, adminStatus: 502 },
  { name: "wrong shape", fault: { mode: "wrong-shape" }, succeeds: false, adminStatus: 502 },
];

for (const c of CASES) {
  test(`workspace ${c.name}: page view, subscription, admin list, admin write, revalidation`, async ({
    request,
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await login(request, baseURL!);
    await setFault(c.fault);

    // 1. A page view never waits on the workspace: prerendered pages answer at once, whole.
    for (const p of ["/", "/blog", postPath]) {
      const started = Date.now();
      const res = await request.get(p);
      expect(res.status(), `${p} under ${c.name}`).toBe(200);
      expect(Date.now() - started, `${p} must not wait on the workspace`).toBeLessThan(1_400);
      const body = await res.text();
      if (p === postPath) expect(body).toContain(postTitle);
    }

    // 2. A subscription: the reader gets a clear outcome; nothing is claimed that did not happen.
    const email = `fault-${c.fault.mode}-${RUN}-${++seq}@example.com`;
    const sub = await request.post("/api/newsletter", {
      headers: { origin: baseURL!, accept: "application/json", "x-forwarded-for": uniqueIp() },
      data: { email },
    });
    const subBody = await sub.text();
    expectNoLeak(subBody, "the newsletter answer");
    const outbox = () => emailsTo(email);
    if (c.succeeds) {
      expect(sub.status(), subBody).toBe(201);
      expect(await outbox()).toBe(1);
    } else {
      // Kept durably and delivered once the workspace answers (checked at the end of this file).
      expect(sub.status(), subBody).toBe(202);
      expect(JSON.parse(subBody)).toMatchObject({
        outcome: "queued",
        message: expect.stringMatching(/confirmation link will reach it within a few minutes/),
      });
      expect(await outbox(), "nothing is sent while the workspace fails").toBe(0);
      kept.push(email);
    }

    // 3. The admin member list: the page renders with a plain message, never Next's error page.
    await page.context().addCookies((await request.storageState()).cookies);
    const list = await page.goto("/admin/members");
    expect(list?.status(), "admin list status").toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
    const listText = await page.locator("main").innerText();
    expectNoLeak(listText, "the member list");
    if (c.succeeds) await expect(page.getByText("admin@example.com").first()).toBeVisible();
    else await expect(page.getByText(/The member list could not be loaded\./)).toBeVisible();

    // 4. An admin write: a clear failure with a fitting status, and it did not half-happen.
    const firstName = `Fault${seq}`;
    const write = await request.patch(`/api/admin/team-members/${memberId}`, {
      headers: { origin: baseURL! },
      data: { firstName },
    });
    const writeBody = await write.text();
    expectNoLeak(writeBody, "the admin write answer");
    if (c.succeeds) {
      expect(write.status(), writeBody).toBe(200);
    } else {
      expect(write.status(), writeBody).toBe(c.adminStatus);
      expect(JSON.parse(writeBody)).toMatchObject({
        error: expect.stringMatching(/\w/),
        code: expect.any(String),
      });
    }

    // 5. A revalidation under the fault: the old pages stay up (stale beats broken).
    const reval = await request.post("/api/revalidate", {
      headers: { authorization: `Bearer ${DEMO_REVALIDATE_SECRET}` },
    });
    expect(reval.status()).toBeLessThan(500);
    for (const p of [postPath, "/blog", "/"]) {
      const res = await request.get(p);
      expect(res.status(), `${p} after a revalidation under ${c.name}`).toBe(200);
      if (p === postPath) expect(await res.text()).toContain(postTitle);
    }
    const view = await page.goto(postPath);
    expect(view?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(postTitle);

    // Back to normal: the write's true outcome is what the workspace holds.
    await setFault(null);
    const member = await json(await request.get(`/api/admin/team-members/${memberId}`));
    const stored = (member.member as { firstName: string }).firstName;
    if (c.succeeds) expect(stored).toBe(firstName);
    else expect(stored, "a failed write must not have been applied").not.toBe(firstName);
  });
}

test("a one-off 503 never reaches the reader as a failure, and the admin's write is retried", async ({
  request,
  baseURL,
}) => {
  await login(request, baseURL!);
  await setFault({ mode: "status", status: 503, count: 1 });
  const email = `fault-retry-${RUN}@example.com`;
  const sub = await request.post("/api/newsletter", {
    headers: { origin: baseURL!, accept: "application/json", "x-forwarded-for": uniqueIp() },
    data: { email },
  });
  // Subscribed at once (201), or kept and delivered shortly (202) if the 503 met this signup.
  expect([201, 202], await sub.text()).toContain(sub.status());
  kept.push(email);
  await setFault({ mode: "rate-limit", retryAfter: 1, count: 1 });
  const write = await request.patch(`/api/admin/team-members/${memberId}`, {
    headers: { origin: baseURL! },
    data: { lastName: `Retry${RUN}` },
  });
  expect(write.status(), await write.text()).toBe(200);
  const member = await json(await request.get(`/api/admin/team-members/${memberId}`));
  expect((member.member as { lastName: string }).lastName).toBe(`Retry${RUN}`);
});

test("every signup kept during the faults is delivered exactly once after they end", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await setFault(null);
  // A reader arriving now lets the site probe the workspace, so recovery is noticed at once.
  const probe = await request.post("/api/newsletter", {
    headers: { origin: baseURL!, accept: "application/json", "x-forwarded-for": uniqueIp() },
    data: { email: `fault-after-${RUN}@example.com` },
  });
  expect([201, 202]).toContain(probe.status());
  for (const email of [...kept, `fault-after-${RUN}@example.com`])
    await expect.poll(() => emailsTo(email), { timeout: 90_000, intervals: [250, 500, 1000] }).toBe(1);
});
