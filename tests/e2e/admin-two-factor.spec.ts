import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../../lib/config/schema";
import { expectAccessible } from "../helpers/accessibility";
import { en } from "../../lib/i18n/en";
import { startSecondServer, type SecondServer } from "../helpers/e2e-second-server";
import { unusedCodes } from "../helpers/totp-codes";

/*
 * Two-factor turned on by the admin from /admin/account in real Chromium, on a running server
 * whose environment names no ADMIN_TOTP and is never restarted: the QR code and the secret, a
 * wrong code refused (nothing stored), the recovery codes shown once, then sign-in asks for a
 * code, a recovery code signs in once, the count left drops, regenerated codes replace the old
 * ones, and turning it off gives the password back its old reach.
 */

test.describe.configure({ mode: "serial" });

const INVALID = "Invalid email, password or authentication code. Enter them again.";

let dir: string;
let site: SecondServer;
let context: BrowserContext;
let page: Page;
let code: () => Promise<string>;
let recovery: string[] = [];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  dir = mkdtempSync(path.join(tmpdir(), "masthead-e2e-two-factor-"));
  site = await startSecondServer({
    ADMIN_PASSKEY_STORE_PATH: path.join(dir, "admin-passkeys.sqlite"),
    DELIVERY_STORE_PATH: path.join(dir, "delivery.sqlite"),
    ADMIN_TOTP: undefined,
    ADMIN_RECOVERY_CODES: undefined,
  });
  context = await browser.newContext({ baseURL: site.url });
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
  await site?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function password() {
  await page.goto("/admin/login");
  await page.getByLabel("Email").pressSequentially(DEMO_ADMIN_EMAIL);
  await page.getByLabel("Password").pressSequentially(DEMO_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** The password, then `typed` at the code step; whether the dashboard opened. */
async function signInWith(typed: string): Promise<boolean> {
  await password();
  const field = page.getByLabel("Authentication code");
  await expect(field).toBeVisible();
  expect((await context.cookies()).some((c) => c.name === "masthead_admin")).toBe(false);
  await field.pressSequentially(typed);
  await page.getByRole("button", { name: "Verify" }).click();
  const dashboard = page.getByRole("heading", { level: 1, name: "Dashboard" });
  const refused = page.getByRole("alert").filter({ hasText: INVALID });
  await expect(dashboard.or(refused)).toBeVisible();
  return dashboard.isVisible();
}

async function signOut() {
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByText("You have signed out.")).toBeVisible();
}

/** The recovery codes the page shows this once, after which it hides them for good. */
async function shownCodes(): Promise<string[]> {
  const list = page.getByRole("list", { name: en["admin.twoFactor.codesHeading"] });
  await expect(list.getByRole("listitem")).toHaveCount(10);
  const codes = (await list.getByRole("listitem").allInnerTexts()).map((c) => c.trim());
  await expectAccessible(page, "the recovery codes");
  await page.getByRole("button", { name: en["admin.twoFactor.codesSaved"] }).click();
  await expect(list).toHaveCount(0);
  return codes;
}

test("the admin turns two-factor on from the account page: QR code, secret, a wrong code refused, codes once", async () => {
  await password();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await page.goto("/admin/account");
  await expect(page.getByText(en["admin.twoFactor.off"])).toBeVisible();
  await page.getByRole("button", { name: en["admin.twoFactor.turnOn"] }).click();
  const qr = page.getByRole("img", { name: en["admin.twoFactor.qrAlt"] });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
  const secret = (await page.getByTestId("two-factor-secret").innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page, "the two-factor enrolment");
  code = unusedCodes(DEMO_ADMIN_EMAIL, secret);

  const field = page.getByLabel(en["admin.twoFactor.codeLabel"]);
  await field.pressSequentially("000000");
  await page.getByRole("button", { name: en["admin.twoFactor.confirm"] }).click();
  await expect(page.getByRole("alert").filter({ hasText: en["admin.twoFactor.wrongCode"] })).toBeVisible();
  await page.reload();
  await expect(page.getByText(en["admin.twoFactor.off"]), "a wrong code stores nothing").toBeVisible();

  // The enrolment is still pending in its cookie: started again, a new secret replaces it.
  await page.getByRole("button", { name: en["admin.twoFactor.turnOn"] }).click();
  const again = (await page.getByTestId("two-factor-secret").innerText()).trim();
  expect(again).not.toBe(secret);
  code = unusedCodes(DEMO_ADMIN_EMAIL, again);
  await page.getByLabel(en["admin.twoFactor.codeLabel"]).pressSequentially(await code());
  await page.getByRole("button", { name: en["admin.twoFactor.confirm"] }).click();
  await expect(page.getByText(en["admin.twoFactor.turnedOn"])).toBeVisible();
  recovery = await shownCodes();
  expect(recovery.every((c) => /^\d{4}(-\d{4}){5}$/.test(c))).toBe(true);
  await expect(
    page.getByText(en["admin.twoFactor.left"].replace("{count}", "10").replace("{total}", "10")),
  ).toBeVisible();
  await page.reload();
  await expect(
    page.getByText(en["admin.twoFactor.left"].replace("{count}", "10").replace("{total}", "10")),
  ).toBeVisible();
  await expect(page.getByText(recovery[0]!), "shown once only").toHaveCount(0);
  await signOut();
});

test("sign-in now asks for a code: the password alone is not enough; the app's code signs in", async () => {
  expect(await signInWith("000000")).toBe(false);
  expect(await signInWith(await code())).toBe(true);
  await signOut();
});

test("a recovery code signs in once; the same code a second time is refused; the count left drops", async () => {
  expect(await signInWith(recovery[0]!)).toBe(true);
  await page.goto("/admin/account");
  await expect(
    page.getByText(en["admin.twoFactor.left"].replace("{count}", "9").replace("{total}", "10")),
  ).toBeVisible();
  await signOut();
  expect(await signInWith(recovery[0]!)).toBe(false);
});

test("regenerated recovery codes replace the old ones", async () => {
  expect(await signInWith(await code())).toBe(true);
  await page.goto("/admin/account");
  await page.getByRole("button", { name: en["admin.twoFactor.regenerate"] }).click();
  await expect(page.getByText(en["admin.twoFactor.regenerated"])).toBeVisible();
  const fresh = await shownCodes();
  await expect(
    page.getByText(en["admin.twoFactor.left"].replace("{count}", "10").replace("{total}", "10")),
  ).toBeVisible();
  await signOut();
  expect(await signInWith(recovery[1]!), "an old code").toBe(false);
  expect(await signInWith(fresh[0]!), "a new one").toBe(true);
});

test("turned off, the password alone signs in again", async () => {
  await page.goto("/admin/account");
  await page.getByRole("button", { name: en["admin.twoFactor.turnOff"] }).click();
  await page.getByRole("dialog").getByRole("button", { name: en["admin.twoFactor.turnOff"] }).click();
  await expect(page.getByText(en["admin.twoFactor.turnedOff"])).toBeVisible();
  await expect(page.getByText(en["admin.twoFactor.off"])).toBeVisible();
  await signOut();
  await password();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});
