import { expect, test, type Page } from "@playwright/test";

/*
 * The member list on a phone (412 px wide, a common Android width): the page does not scroll
 * sideways, and every member's name, email and status are on screen without scrolling. Read-only:
 * it signs in as the demo admin and changes nothing.
 */

const WIDTH = 412;
test.use({ viewport: { width: WIDTH, height: 915 } });

async function signIn(page: Page) {
  await page.goto("/admin/login?next=%2Fadmin%2Fmembers%3FpageSize%3D25");
  await page.getByLabel("Email").fill("admin@example.com");
  await page.getByLabel("Password").fill("masthead-demo");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/members\?pageSize=25$/);
}

test("at 412 px the member list does not scroll sideways and shows each member's status", async ({
  page,
}) => {
  await signIn(page);
  const rows = page.locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThan(5);

  const overflow = await page.evaluate(() => {
    const wrap = document.querySelector("table")!.parentElement!;
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      table: wrap.scrollWidth - wrap.clientWidth,
    };
  });
  expect(overflow, "how far the page and the table scroll sideways").toEqual({ page: 0, table: 0 });

  for (let i = 0; i < count; i++) {
    const row = rows.nth(i);
    const status = row.getByText(/^(Active|Inactive)$/);
    await expect(status, `row ${i + 1}'s status`).toBeVisible();
    // The time zone is left out at this width, as the table's narrow columns are.
    await expect(row.locator("td").nth(4), `row ${i + 1}'s time zone`).toBeHidden();
    for (const [what, cell] of [
      ["status", status],
      ["name", row.getByRole("link")],
      ["checkbox", row.getByRole("checkbox")],
      ["email", row.locator("td").nth(2)],
    ] as const) {
      const box = (await cell.boundingBox())!;
      expect(box, `row ${i + 1}'s ${what}`).not.toBeNull();
      expect(box.x, `row ${i + 1}'s ${what} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `row ${i + 1}'s ${what} ends on screen`).toBeLessThanOrEqual(WIDTH);
    }
  }
});
