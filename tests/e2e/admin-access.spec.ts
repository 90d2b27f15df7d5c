import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "@playwright/test";
import { hashPassword } from "../../lib/config/password-hash";
import { newRecoveryCodes } from "../../lib/admin/recovery-codes";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_HASH, DEMO_ADMIN_PASSWORD } from "../../lib/config/schema";
import { LOCAL_DEMO_API_KEY } from "../../lib/config/defaults.mjs";
import { expectAccessible } from "../helpers/accessibility";
import { startCluster, type Cluster, type Instance } from "../helpers/multi-instance";
import { unusedCodes } from "../helpers/totp-codes";
import { clientAddresses } from "../helpers/client-addresses";
import { jsonPostHeaders } from "../helpers/json-post";
import * as workspace from "../helpers/workspace-controls";

/*
 * Who may use /admin, across two `next start` instances on one build, one Redis and one local
 * workspace: Grace signs in with a password and an authentication code (ADMIN_TOTP) in Chromium,
 * with and without JavaScript; a code, or a recovery code, used on A is refused on B; and when
 * the workspace deactivates or demotes Ada, her session ends within the recheck interval on
 * either instance, with a page that says why, until the workspace says otherwise.
 */

test.describe.configure({ mode: "serial" });

const GRACE = { id: "6f1c9a52-8d3b-4e7a-9c10-000000000002", email: "grace.okafor@example.com" };
const ADA_ID = "6f1c9a52-8d3b-4e7a-9c10-000000000001";
const GRACE_PASSWORD = "grace's own long password";
const GRACE_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const RECHECK_SECONDS = 2;
/** Grace's recovery codes, as `npm run admin-totp` gives them, and their configured entry. */
const RECOVERY = newRecoveryCodes(GRACE.email);
const NO_LONGER_ADMIN = /Your workspace account is no longer an active admin/;
const DEACTIVATED = /Your workspace account is deactivated, so it cannot sign in here/;

let cluster: Cluster;
let A: Instance;
let B: Instance;
const freshClient = clientAddresses("198.19");

test.beforeAll(async () => {
  test.setTimeout(600_000);
  cluster = await startCluster({
    instances: 2,
    env: {
      TRUST_PROXY: "1",
      ADMIN_USERS: `${DEMO_ADMIN_EMAIL}=${DEMO_ADMIN_HASH},${GRACE.email}=${hashPassword(GRACE_PASSWORD)}`,
      ADMIN_TOTP: `${GRACE.email}=${GRACE_SECRET}`,
      ADMIN_RECOVERY_CODES: RECOVERY.entry,
      ADMIN_RECHECK_SECONDS: String(RECHECK_SECONDS),
    },
  });
  [A, B] = cluster.instances as [Instance, Instance];
});

test.afterAll(async () => {
  await cluster?.stop();
});

/** A code of Grace's that has not signed in yet: each is accepted once, on any instance. */
const graceCode = unusedCodes(GRACE.email, GRACE_SECRET);

function post(instance: Instance, body: unknown, cookie?: string) {
  return fetch(`${instance.url}/api/admin/login`, {
    method: "POST",
    headers: jsonPostHeaders(cluster.siteUrl, {
      "x-forwarded-for": freshClient(),
      ...(cookie ? { cookie } : {}),
    }),
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
}

const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith(`${name}=`) && c.length > name.length + 1);

/** Both steps over HTTP; returns the code step's answer. */
async function signInWithCode(instance: Instance, code: string): Promise<Response> {
  const first = await post(instance, { email: GRACE.email, password: GRACE_PASSWORD });
  expect(first.status).toBe(200);
  expect(await first.json()).toEqual({ step: "code" });
  expect(cookieOf(first, "masthead_admin"), "the password alone gives no session").toBeUndefined();
  return post(instance, { code }, cookieOf(first, "masthead_login_step"));
}

async function apiStatus(instance: Instance, session: string): Promise<number> {
  const res = await fetch(`${instance.url}/api/admin/team-members`, {
    headers: { cookie: session, accept: "application/json" },
    signal: AbortSignal.timeout(15_000),
  });
  return res.status;
}

/** A change made in the workspace itself, not through Masthead. */
async function inWorkspace(id: string, change: { active?: boolean; organization_role?: string }) {
  const path =
    change.active !== undefined
      ? `/api/external/v1/team_members/${id}`
      : `/api/external/v2/team-members/${id}`;
  const res = await fetch(`${cluster.workspaceUrl}${path}`, {
    method: "PATCH",
    headers: {
      "x-api-key": LOCAL_DEMO_API_KEY,
      accept: "application/json",
      "content-type": "application/json",
    },
    body: JSON.stringify(change),
  });
  expect(res.status).toBe(200);
}

/** A journey in a browser context of its own on instance A, closed however the journey ends. */
async function onA(
  browser: Browser,
  journey: (page: Page, context: BrowserContext) => Promise<void>,
  options: BrowserContextOptions = {},
): Promise<void> {
  const context = await browser.newContext({ baseURL: A.url, ...options });
  try {
    await journey(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("Chromium: password, then a wrong code (back to the password), then the right code", async ({
  browser,
}) => {
  await onA(browser, async (page, context) => {
    await page.goto("/admin/login");
    await passwordStep(page, GRACE.email, GRACE_PASSWORD);
    const code = page.getByLabel("Authentication code");
    await expect(code).toBeVisible();
    await expect(code).toBeFocused();
    await expect(page.getByText(`Signing in as ${GRACE.email}`)).toBeVisible();
    expect((await context.cookies()).some((c) => c.name === "masthead_admin")).toBe(false);
    await expectAccessible(page, "the code step");

    await code.fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    const invalid = "Invalid email, password or authentication code. Enter them again.";
    await expect(page.getByRole("alert").filter({ hasText: invalid })).toHaveText(invalid);
    await expect(page.getByLabel("Email")).toHaveValue(GRACE.email);

    await page.getByLabel("Password").fill(GRACE_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByLabel("Authentication code").fill(await graceCode());
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });
});

test("Chromium: the code step opens on a fresh, empty field, never the password typed a key at a time", async ({
  browser,
}) => {
  await onA(browser, async (page) => {
    await page.goto("/admin/login");
    await page.getByLabel("Email").pressSequentially(GRACE.email);
    await page.getByLabel("Password").pressSequentially(GRACE_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const code = page.getByLabel("Authentication code");
    await expect(code).toBeVisible();
    await expect(code).toHaveValue("");
    await expect(code).toHaveAttribute("type", "text");
    await expect(code).toHaveAttribute("autocomplete", "one-time-code");
    await expect(code).toHaveAttribute("inputmode", "numeric");
    await expect(page.getByText(GRACE_PASSWORD)).toHaveCount(0);

    // A wrong code sends the form back to the password: that field starts empty too.
    await code.pressSequentially("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    const invalid = "Invalid email, password or authentication code. Enter them again.";
    await expect(page.getByRole("alert").filter({ hasText: invalid })).toHaveText(invalid);
    const password = page.getByLabel("Password");
    await expect(password).toHaveValue("");
    await expect(password).toHaveAttribute("type", "password");
  });
});

test("without JavaScript: the same two steps through form posts", async ({
  browser,
}: {
  browser: Browser;
}) => {
  // On A, the public address (SITE_URL): a browser's own form post carries that Origin.
  await onA(
    browser,
    async (page) => {
      await page.goto("/admin/login?next=%2Fadmin%2Fmembers");
      await passwordStep(page, GRACE.email, GRACE_PASSWORD);
      // A full page load per step on a shared, busy machine: more than the default wait.
      await expect(page.getByLabel("Authentication code")).toBeVisible({ timeout: 30_000 });
      // No axe here: it runs as a script, which this context refuses (the evaluation never returns).
      // The same server-rendered step is checked with axe in the test above.
      await page.getByLabel("Authentication code").fill(await graceCode());
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page).toHaveURL(/\/admin\/members$/);
      await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
    },
    { javaScriptEnabled: false },
  );
});

test("Chromium: a recovery code typed in the code's place signs in on A, once: refused on B", async ({
  browser,
}) => {
  const [code] = RECOVERY.codes;
  await onA(browser, async (page) => {
    await page.goto("/admin/login");
    await passwordStep(page, GRACE.email, GRACE_PASSWORD);
    const field = page.getByLabel("Authentication code");
    await expect(field).toBeVisible();
    await field.pressSequentially(code!);
    await expect(field).toHaveValue(code!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });
  const first = await post(B, { email: GRACE.email, password: GRACE_PASSWORD });
  const again = await post(B, { code }, cookieOf(first, "masthead_login_step"));
  expect(again.status).toBe(401);
  expect(cookieOf(again, "masthead_admin")).toBeUndefined();
});

test("a code used on A is refused when replayed on B", async () => {
  const code = await graceCode();
  const onA = await signInWithCode(A, code);
  expect(onA.status).toBe(200);
  const session = cookieOf(onA, "masthead_admin")!;
  expect(await apiStatus(B, session)).toBe(200);

  const onB = await signInWithCode(B, code);
  expect(onB.status).toBe(401);
  expect(await onB.json()).toEqual({
    error: "Invalid email, password or authentication code. Enter them again.",
    code: "invalid_code",
  });
  expect(cookieOf(onB, "masthead_admin")).toBeUndefined();
});

test("deactivated in the workspace: signed out within the recheck interval with a page that says why; reactivated: back in", async ({
  browser,
}) => {
  await onA(browser, async (page, context) => {
    await page.goto("/admin/login");
    await passwordStep(page, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const session = (await context.cookies()).find((c) => c.name === "masthead_admin")!;
    const cookie = `${session.name}=${session.value}`;

    await inWorkspace(ADA_ID, { active: false });
    const deactivatedAt = Date.now();
    try {
      // On B, an API call: 401 naming why, within the interval (plus a request's time).
      await expect
        .poll(() => apiStatus(B, cookie), { timeout: (RECHECK_SECONDS + 8) * 1000, intervals: [250] })
        .toBe(401);
      expect(Date.now() - deactivatedAt).toBeLessThan((RECHECK_SECONDS + 8) * 1000);
      // On A, the page: signed out (the session was ended everywhere), sent to sign in again.
      await page.goto("/admin/members");
      await expect(page).toHaveURL(/\/admin\/login/);
      // Signing in again is refused, saying what is true now.
      await passwordStep(page, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
      await expect(page.getByRole("alert").filter({ hasText: DEACTIVATED })).toBeVisible();
    } finally {
      await inWorkspace(ADA_ID, { active: true });
    }
    await page.getByLabel("Password").fill(DEMO_ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    // Back where the refused visit was headed (the login page kept it as `next`).
    await expect(page).toHaveURL(/\/admin\/members$/);
    await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();

    // A page view is what notices next time: it lands on the login page with the reason.
    await inWorkspace(ADA_ID, { organization_role: "Standard" });
    try {
      await expect
        .poll(
          async () => {
            await page.goto("/admin");
            return page.url();
          },
          { timeout: (RECHECK_SECONDS + 8) * 1000, intervals: [500] },
        )
        .toMatch(/\/admin\/login\?error=not_admin$/);
      await expect(page.getByRole("alert").filter({ hasText: NO_LONGER_ADMIN })).toBeVisible();
      await expectAccessible(page, "signed out by the workspace");
    } finally {
      await inWorkspace(ADA_ID, { organization_role: "Admin" });
    }
    await passwordStep(page, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });
});

test("the workspace down at sign-in: a clear refusal, no session", async () => {
  await workspace.setFault(cluster.workspaceUrl, {
    mode: "status",
    status: 503,
    pathPrefix: "/api/external/v2/team-members",
  });
  try {
    const res = await post(B, { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toMatch(
      /workspace cannot be reached to confirm that you are an active admin/,
    );
    expect(cookieOf(res, "masthead_admin")).toBeUndefined();
  } finally {
    await workspace.setFault(cluster.workspaceUrl, null);
  }
});
