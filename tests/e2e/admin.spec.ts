import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import * as workspace from "../helpers/workspace-controls";

/*
 * The admin area in real Chromium, one signed-in session walked through in order. Other specs
 * share the server and workspace: this one touches only members it creates, and leaves
 * admin@example.com an active Admin (Grace is restored even when a step fails).
 */

test.describe.configure({ mode: "serial" });

const ADA_ID = "6f1c9a52-8d3b-4e7a-9c10-000000000001";
const GRACE_ID = "6f1c9a52-8d3b-4e7a-9c10-000000000002";
const s = Math.random().toString(36).slice(2, 8);
const inviteA = `e2e-a-${s}@example.com`;
const inviteB = `e2e-b-${s}@example.com`;
const bulk = [1, 2, 3, 4].map((i) => `e2e-bulk-${s}-${i}@example.com`);

let context: BrowserContext;
let page: Page;

async function seriousViolations(p: Page) {
  const results = await new AxeBuilder({ page: p }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes[0]?.target}`);
}

const outbox = (to: string) => workspace.outbox(workspace.E2E_WORKSPACE_URL, to);

async function openMember(email: string) {
  await page.goto(`/admin/members?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: email, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: email })).toBeVisible();
}

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  context = await browser.newContext();
  page = await context.newPage();
});

test.afterAll(async ({ baseURL }) => {
  // Safety net: whatever happened above, Grace ends up an active Admin again.
  await page.request
    .put(`/api/admin/team-members/${GRACE_ID}/activation`, {
      data: { active: true },
      headers: { origin: baseURL! },
    })
    .catch(() => undefined);
  await context.close();
});

test("an unauthenticated visit is sent to the login page, keeping the path", async () => {
  await page.goto("/admin/members?pageSize=10");
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fmembers%3FpageSize%3D10$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const api = await page.request.get("/api/admin/team-members");
  expect(api.status()).toBe(401);
  expect(await api.json()).toMatchObject({ error: expect.stringMatching(/sign in/i) });
});

test("wrong password, then the right one", async () => {
  await page.getByLabel("Email").fill("admin@example.com");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toHaveText(
    "Invalid email or password",
  );
  await expect(page.getByLabel("Email")).toHaveValue("admin@example.com");
  await expect(page).toHaveURL(/\/admin\/login/);

  await page.getByLabel("Password").fill("masthead-demo");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/members\?pageSize=10$/);
  await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === "masthead_admin");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
});

test("invite two members (one bad address first) and find the invitations in the outbox", async () => {
  await page.getByRole("link", { name: "Invite members" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Invite members" })).toBeVisible();
  await expect(page.getByLabel("Invited by")).toHaveValue("admin@example.com");
  await expect(page.getByLabel("Role")).toHaveValue("Standard");

  const box = page.getByLabel("Email addresses");
  await box.fill(`${inviteA}, not-an-address\n${inviteB}`);
  await page.getByRole("button", { name: "Send invitations" }).click();
  await expect(
    page
      .getByText("Not valid: not-an-address")
      .or(page.getByText("This address is not valid: not-an-address"))
      .first(),
  ).toBeVisible();
  await expect(box).toHaveValue(`${inviteA}, not-an-address\n${inviteB}`);

  await box.fill(`${inviteA}\n${inviteB}`);
  await page.getByRole("button", { name: "Send invitations" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added 2 team members" })).toBeVisible();
  for (const to of [inviteA, inviteB]) {
    await expect.poll(async () => (await outbox(to)).map((e) => e.kind)).toEqual(["invitation"]);
  }

  // More members without emails, so the list has a second page at 10 per page.
  await box.fill(bulk.join(", "));
  await page.getByLabel("Send the invitation email").uncheck();
  await page.getByRole("button", { name: "Send invitations" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added 4 team members" })).toBeVisible();
  expect(await outbox(bulk[0]!)).toEqual([]);
});

test("list, page through, change the page size and search", async () => {
  await page.goto("/admin/members?pageSize=10");
  const summary = page.getByTestId("list-summary");
  await expect(summary).toContainText("page 1 of ");
  await expect(page.locator("tbody tr")).toHaveCount(10);
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next →" }).click();
  await expect(page).toHaveURL(/pageSize=10&page=2/);
  await expect(summary).toContainText("page 2 of ");
  await expect(page.getByRole("navigation", { name: "Pages" }).locator("[aria-current=page]")).toHaveText(
    "2",
  );

  await page.getByLabel("Per page").selectOption("50");
  await expect(page).toHaveURL(/pageSize=50/);
  await expect(summary).toContainText("page 1 of 1");

  await page.getByLabel("Search by name or email").fill(`e2e-a-${s}`);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(summary).toHaveText(/^1 matching member/);
  await expect(page.getByRole("link", { name: inviteA })).toBeVisible();

  await page.goto("/admin/members?q=okafor");
  await expect(page.getByRole("link", { name: "Grace Okafor" })).toBeVisible();

  await page.goto("/admin/members?status=inactive");
  await expect(page.getByRole("link", { name: "Tom Becker" })).toBeVisible();
  await expect(page.locator("tbody").getByText("Active", { exact: true })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test("edit time zone and role; an unknown role is refused in plain words", async () => {
  await openMember(inviteA);
  const role = page.getByLabel("Role");
  await role.fill("admin");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "no role named “admin”" })).toBeVisible();
  await expect(role).toHaveValue("admin");

  await page.getByLabel("Time zone").fill("Asia/Tokyo");
  await role.fill("Admin");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Changes saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Time zone")).toHaveValue("Asia/Tokyo");
  await expect(page.getByLabel("Role")).toHaveValue("Admin");

  // Back to Standard, so the last-admin step below counts only the seeded admins.
  await page.getByLabel("Role").fill("Standard");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Changes saved.")).toBeVisible();
});

test("deactivate and reactivate", async () => {
  await page.getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByText(`${inviteA} is now inactive.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Reactivate" })).toBeVisible();
  await page.reload();
  await expect(
    page.locator("section", { hasText: "Status" }).getByText("Inactive", { exact: true }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Reactivate" }).click();
  await expect(page.getByText(`${inviteA} is active again.`)).toBeVisible();
});

test("removing or deactivating yourself is refused with a message that says why", async () => {
  await page.goto(`/admin/members/${ADA_ID}`);
  await page.getByRole("button", { name: "Remove member…" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove Ada Admin?" });
  await expect(dialog).toContainText("Ada Admin (admin@example.com) will be removed");
  await dialog.getByRole("button", { name: "Remove Ada Admin" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "You cannot remove yourself" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Ada Admin" })).toBeVisible();
  await page.getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "You cannot deactivate yourself" })).toBeVisible();
  await page.reload();
  await expect(
    page.locator("section", { hasText: "Status" }).getByText("Active", { exact: true }),
  ).toBeVisible();
});

test("remove a member after a confirmation that names them", async () => {
  await openMember(inviteB);
  await page.getByRole("button", { name: "Remove member…" }).click();
  const dialog = page.getByRole("dialog", { name: `Remove ${inviteB}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Remove member…" }).click();
  await dialog.getByRole("button", { name: `Remove ${inviteB}` }).click();
  await expect(page).toHaveURL(/\/admin\/members\?removed=/);
  await expect(page.getByText(`${inviteB} was removed from the workspace.`)).toBeVisible();
  await page.goto(`/admin/members?q=${encodeURIComponent(inviteB)}`);
  await expect(page.getByTestId("list-summary")).toHaveText("No members match this search.");
});

test("bulk remove with a result per member", async () => {
  await page.goto(`/admin/members?q=e2e-bulk-${s}`);
  await expect(page.locator("tbody tr").filter({ hasText: s })).toHaveCount(4);
  await page.getByLabel(`Select ${bulk[0]}`).check();
  await page.getByLabel(`Select ${bulk[1]}`).check();
  await expect(page.getByText("2 selected")).toBeVisible();
  await page.getByRole("button", { name: "Remove selected" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove 2 members?" });
  await expect(dialog).toContainText(bulk[0]!);
  await expect(dialog).toContainText(bulk[1]!);
  await dialog.getByRole("button", { name: "Remove members" }).click();
  const result = page.getByRole("status").filter({ hasText: "Removed 2 of 2." });
  await expect(result).toBeVisible();
  await expect(result.getByRole("listitem")).toHaveCount(2);
  await expect(page.locator("tbody tr").filter({ hasText: s })).toHaveCount(2);
  await expect(page.getByRole("link", { name: bulk[2]! })).toBeVisible();
});

test("the dashboard shows counts and refreshes the blog", async () => {
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByTestId("count-members")).toHaveText(/^\d+$/);
  await expect(page.getByTestId("count-posts")).toHaveText(/^\d+$/);
  // Newsletter delivery: figures, and failed signups with masked addresses only.
  const signups = page.getByRole("region", { name: "Newsletter signups" });
  for (const id of ["day-accepted", "week-delivered", "count-signups-pending", "count-signups-failed"])
    await expect(signups.getByTestId(id)).toHaveText(/^[\d,]+$/);
  await expect(signups.getByRole("button", { name: "Retry failed" })).toBeVisible();
  await expect(signups.getByRole("button", { name: "Discard failed" })).toBeVisible();
  await expect(signups).not.toContainText(/[\w.+-]@/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Refresh blog" }).click();
  await expect(page.getByText(/Blog refresh requested at/)).toBeVisible();
});

test("log out; the admin area asks for a login again", async () => {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/login\?signedOut=1/);
  await expect(page.getByText("You have signed out.")).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === "masthead_admin")).toBeUndefined();
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto("/admin/members");
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fmembers$/);
});
