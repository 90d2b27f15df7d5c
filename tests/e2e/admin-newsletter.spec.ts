import { expect, test, type Page } from "@playwright/test";
import { jsonPostHeaders } from "../helpers/json-post";
import * as workspace from "../helpers/workspace-controls";

/*
 * The newsletter on the admin dashboard, as an editor uses it in Chromium: signups the
 * workspace first cannot take (503), then refuses (422), land on the failed list with masked
 * addresses; the editor retries one, discards one, then retries the rest, and the dashboard's
 * figures follow what the local workspace's outbox received.
 */

test.describe.configure({ mode: "serial" });

const WS = workspace.E2E_WORKSPACE_URL;
const SUBSCRIBE_PATH = "/api/external/v2/email-subscriptions";
// One domain for this run, so its rows are told apart from other suites' on the shared server.
const domain = `nl-${Math.random().toString(36).slice(2, 8)}.example`;
const [ann, bob, cat, dan] = ["ann", "bob", "cat", "dan"].map((name) => `${name}@${domain}`) as [
  string,
  string,
  string,
  string,
];
const addresses = [ann, bob, cat, dan];
const masked = (address: string) => `${address[0]}…${address.slice(address.indexOf("@"))}`;

type Figures = { accepted: number; delivered: number; failed: number };

async function figures(page: Page): Promise<Figures> {
  const value = async (id: string) => Number((await page.getByTestId(id).innerText()).replace(/,/g, ""));
  return {
    accepted: await value("day-accepted"),
    delivered: await value("day-delivered"),
    failed: await value("count-signups-failed"),
  };
}

const rowOf = (page: Page, address: string) =>
  page.getByTestId("failed-signup").filter({ hasText: masked(address) });

test.afterAll(async () => {
  await workspace.setFault(WS, null);
});

test("failed signups are retried and discarded by clicking, and the figures follow the outbox", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.goto("/admin/login?next=%2Fadmin");
  await page.getByLabel("Email").pressSequentially("admin@example.com");
  await page.getByLabel("Password").pressSequentially("masthead-demo");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const before = await figures(page);

  // The workspace is down: each signup is kept and the reader told it is on its way.
  await workspace.setFault(WS, { mode: "status", status: 503, pathPrefix: SUBSCRIBE_PATH });
  for (const [i, email] of addresses.entries()) {
    const res = await fetch(`${baseURL}/api/newsletter`, {
      method: "POST",
      headers: jsonPostHeaders(baseURL!, { "x-forwarded-for": `198.51.100.${10 + i}` }),
      body: JSON.stringify({ email }),
    });
    expect(res.status, email).toBe(202);
  }
  // Then it refuses the addresses themselves: each moves to the failed list.
  await workspace.setFault(WS, { mode: "status", status: 422, pathPrefix: SUBSCRIBE_PATH });
  await expect(async () => {
    await page.reload();
    for (const address of addresses) await expect(rowOf(page, address)).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: 60_000 });
  await expect(rowOf(page, ann)).toContainText("Refused by the workspace");
  // Addresses are masked: none of this run's appears whole.
  for (const address of addresses) await expect(page.locator("main")).not.toContainText(address);
  const failedNow = await figures(page);
  expect(failedNow.accepted - before.accepted).toBe(addresses.length);
  expect(failedNow.failed - before.failed).toBeGreaterThanOrEqual(addresses.length);

  // The workspace takes signups again: one retried on its own.
  const sentBefore = (await workspace.outbox(WS)).length;
  await workspace.setFault(WS, null);
  await page.getByRole("button", { name: `Retry ${masked(ann)}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 signup moved back to waiting" })).toBeVisible();
  await expect(rowOf(page, ann)).toHaveCount(0);
  await expect.poll(async () => (await workspace.outbox(WS, ann)).length, { timeout: 30_000 }).toBe(1);

  // One discarded, after the confirmation.
  await page.getByRole("button", { name: `Discard ${masked(bob)}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Discard" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 signup discarded" })).toBeVisible();
  await expect(rowOf(page, bob)).toHaveCount(0);

  // The rest, all at once.
  await page.getByRole("button", { name: "Retry failed", exact: true }).click();
  const moved = page.getByRole("status").filter({ hasText: /signups? moved back to waiting/ });
  await expect(moved).toBeVisible();
  const retried = Number(/^([\d,]+) signup/.exec(await moved.innerText())![1]!.replace(/,/g, ""));
  expect(retried).toBeGreaterThanOrEqual(2);
  for (const address of addresses.slice(2))
    await expect.poll(async () => (await workspace.outbox(WS, address)).length, { timeout: 30_000 }).toBe(1);
  expect(await workspace.outbox(WS, bob)).toEqual([]);

  // The dashboard's figures match the outbox: as many more delivered as the workspace sent
  // verification emails since (every retried signup among them), and none failed.
  await expect(async () => {
    await page.reload();
    const after = await figures(page);
    const sent = (await workspace.outbox(WS)).slice(sentBefore).filter((e) => e.kind === "verification");
    expect(sent.length).toBeGreaterThanOrEqual(1 + retried);
    expect(after.delivered - failedNow.delivered).toBe(sent.length);
    expect(after.failed).toBe(0);
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Retry failed", exact: true })).toBeDisabled();
});
