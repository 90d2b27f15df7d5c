import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { sealData, unsealData } from "iron-session";
import { LOCAL_DEMO_API_KEY } from "../../lib/config/defaults.mjs";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, DEMO_SESSION_SECRET } from "../../lib/config/schema";
import { expectAccessible } from "../helpers/accessibility";
import { signIn } from "../helpers/admin-sign-in";
import { startSecondServer, type SecondServer } from "../helpers/e2e-second-server";
import { jsonPostHeaders } from "../helpers/json-post";
import { startTestRedis, type TestRedis } from "../helpers/redis-server";
import { startSwitchableFront, type SwitchableFront } from "../helpers/switchable-front";
import { addVirtualAuthenticator, type VirtualAuthenticator } from "../helpers/virtual-authenticator";
import { E2E_WORKSPACE_URL } from "../helpers/workspace-controls";

/*
 * Admins' passkeys in real Chromium, with its virtual authenticator standing in for a phone or
 * laptop with a screen lock. The site runs as `next start` on the e2e build with SITE_URL on
 * `localhost` (an RP ID must be a host name) and its own passkey file, so the suite can restart
 * it. A passkey sign-in here never types a password or a code: the authenticator verifies the
 * user itself. A session lasts while what opened it stands: removing its passkey, turning the
 * password off, or "sign out everywhere" ends it. Then two instances on one Redis behind one
 * address: enrolled on one, signed in on the other; signed out everywhere from one, refused on both.
 */

test.describe.configure({ mode: "serial" });

const ADA_ID = "6f1c9a52-8d3b-4e7a-9c10-000000000001";
const DEACTIVATED = /Your workspace account is deactivated, so it cannot sign in here/;
const NOT_REGISTERED = /This passkey is not registered for this site/;
const SESSION_ENDED = /Your session has ended: you signed out everywhere, or the passkey or password/;
const REAUTH = /To change how you sign in, confirm it is you: sign in again/;
const SESSION_SECRET = process.env.SESSION_SECRET || DEMO_SESSION_SECRET;
const ROOT = path.resolve(__dirname, "../..");

let dir: string;
let serverEnv: Record<string, string>;
let site: SecondServer;
let context: BrowserContext;
let page: Page;
let authenticator: VirtualAuthenticator;

const localhost = (port: number) => `http://localhost:${port}`;
const at = (p: string) => `${localhost(site.port)}${p}`;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  dir = mkdtempSync(path.join(tmpdir(), "masthead-e2e-passkeys-"));
  serverEnv = {
    ADMIN_PASSKEY_STORE_PATH: path.join(dir, "admin-passkeys.sqlite"),
    DELIVERY_STORE_PATH: path.join(dir, "delivery.sqlite"),
    // Requests name their client in X-Forwarded-For, so the strangers below are other clients.
    TRUST_PROXY: "1",
  };
  site = await startSecondServer(serverEnv, { siteUrl: localhost });
  context = await browser.newContext();
  page = await context.newPage();
  authenticator = await addVirtualAuthenticator(context, page);
});

test.afterAll(async () => {
  await context?.close();
  await site?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The password form, typed key by key as an admin does. */
async function signInWithPassword(p: Page, email = DEMO_ADMIN_EMAIL, password = DEMO_ADMIN_PASSWORD) {
  await p.getByLabel("Email").pressSequentially(email);
  await p.getByLabel("Password").pressSequentially(password);
  await p.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function signOut(p: Page) {
  await p.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(p.getByText("You have signed out.")).toBeVisible();
}

async function signInWithPasskey(p: Page) {
  await p.getByRole("button", { name: "Sign in with a passkey" }).click();
}

const dashboard = (p: Page) => p.getByRole("heading", { level: 1, name: "Dashboard" });
const passkeysOnly = (p: Page) => p.getByRole("checkbox", { name: /Passkeys only/ });
const alertSaying = (p: Page, text: RegExp) => p.getByRole("alert").filter({ hasText: text });

/** The status of GET /api/admin/team-members at `base` with a session cookie (`masthead_admin=…`). */
async function statusWith(base: string, session: string): Promise<number> {
  const res = await fetch(`${base}/api/admin/team-members`, {
    headers: { cookie: session },
    signal: AbortSignal.timeout(30_000),
  });
  await res.body?.cancel();
  return res.status;
}

/** The browser's session as if it had begun `minutes` earlier: resealed with the site's SESSION_SECRET. */
async function ageSession(ctx: BrowserContext, minutes: number) {
  const cookie = (await ctx.cookies()).find((c) => c.name === "masthead_admin")!;
  const session = await unsealData<{ issuedAt: number }>(cookie.value, { password: SESSION_SECRET });
  const aged = { ...session, issuedAt: session.issuedAt - minutes * 60_000 };
  await ctx.addCookies([
    { ...cookie, value: await sealData(aged, { password: SESSION_SECRET, ttl: 8 * 3600 }) },
  ]);
}

/** Posts the password form over HTTP, from `client` when given; the status. */
async function passwordPost(base: string, password: string, client?: string): Promise<number> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { ...jsonPostHeaders(base), ...(client ? { "x-forwarded-for": client } : {}) },
    body: JSON.stringify({ email: DEMO_ADMIN_EMAIL, password }),
    signal: AbortSignal.timeout(30_000),
  });
  await res.body?.cancel();
  return res.status;
}

/** `npm run admin-passkeys`, as an operator runs it, on the site's store. */
function operator(args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn("npm", ["run", "-s", "admin-passkeys", "--", ...args], {
    cwd: ROOT,
    env: { ...process.env, ...serverEnv, REDIS_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr.on("data", (c: Buffer) => (out += c.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, out })));
}

async function inWorkspace(id: string, active: boolean) {
  const res = await fetch(`${E2E_WORKSPACE_URL}/api/external/v1/team_members/${id}`, {
    method: "PATCH",
    headers: {
      "x-api-key": LOCAL_DEMO_API_KEY,
      accept: "application/json",
      "content-type": "application/json",
    },
    body: JSON.stringify({ active }),
  });
  expect(res.status).toBe(200);
}

test("enrol a passkey on /admin/account, sign out, and sign in with it: nothing typed", async () => {
  await page.goto(at("/admin/login"));
  await signInWithPassword(page);
  await expect(dashboard(page)).toBeVisible();

  await page.getByRole("link", { name: "Account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
  await expectAccessible(page, "the account page");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("region", { name: "Passkeys" }).getByRole("status")).toHaveText(
    "Passkey added as “Passkey 1”.",
  );
  const stored = await authenticator.credentials();
  expect(stored).toHaveLength(1);
  expect(stored[0]!.isResidentCredential, "a discoverable credential").toBe(true);
  expect(stored[0]!.rpId).toBe("localhost");

  // Its name is the admin's to choose.
  const name = page.getByRole("textbox", { name: "Name" });
  await name.fill("");
  await name.pressSequentially("Work laptop");
  await name.press("Enter");
  await expect(page.getByRole("region", { name: "Passkeys" }).getByRole("status")).toHaveText(
    "Renamed to “Work laptop”.",
  );
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue("Work laptop");
  await expect(page.getByText(/last used never/)).toBeVisible();

  await signOut(page);
  await expectAccessible(page, "the login page with the passkey button");
  await signInWithPasskey(page);
  await expect(dashboard(page)).toBeVisible();
  await page.goto(at("/admin/account"));
  await expect(page.getByText(/last used never/)).toHaveCount(0);
});

test("an answer naming another user than the passkey's owner is refused", async ({ browser }) => {
  // A copy of the admin's passkey (the same id and key) on another device, under another user handle.
  const [original] = await authenticator.credentials();
  const other = await browser.newContext();
  try {
    const p = await other.newPage();
    const copy = await addVirtualAuthenticator(other, p);
    await copy.cdp.send("WebAuthn.addCredential", {
      authenticatorId: copy.id,
      credential: { ...original!, userHandle: Buffer.from("someone else").toString("base64") },
    });
    await p.goto(at("/admin/login"));
    await signInWithPasskey(p);
    await expect(alertSaying(p, /The passkey's answer could not be verified/)).toBeVisible();
    expect(await other.cookies()).not.toContainEqual(expect.objectContaining({ name: "masthead_admin" }));
  } finally {
    await other.close();
  }
});

test("screenshots of the login page and /admin/account for docs/ (DOCS_SCREENSHOTS=1)", async ({
  browser,
}) => {
  test.skip(!process.env.DOCS_SCREENSHOTS, "writes docs/ only when asked");
  const signedIn = await context.storageState();
  const sizes = [
    ["desktop", { viewport: { width: 1280, height: 800 } }],
    [
      "mobile",
      { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    ],
  ] as const;
  for (const [size, options] of sizes) {
    const out = await browser.newContext(options);
    const login = await out.newPage();
    await login.goto(at("/admin/login"));
    await expect(login.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
    await login.screenshot({
      path: path.join(ROOT, `docs/screenshots/admin-login-${size}.png`),
      fullPage: true,
    });
    await out.close();
    const inside = await browser.newContext({ ...options, storageState: signedIn });
    const account = await inside.newPage();
    await account.goto(at("/admin/account"));
    await expect(account.getByRole("textbox", { name: "Name" })).toHaveValue("Work laptop");
    await account.screenshot({
      path: path.join(ROOT, `docs/screenshots/admin-account-${size}.png`),
      fullPage: true,
    });
    await inside.close();
  }
});

test("a signed-in admin asked to confirm it is them signs in again and is back on the account page", async () => {
  await page.goto(at("/admin/account"));
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  // Where the account page's "sign in again" link goes when the last sign-in is too old to enrol.
  await page.goto(at("/admin/login?reauth=1&next=%2Fadmin%2Faccount"));
  await expect(page.getByText("Confirm it is you: sign in again to change how you sign in.")).toBeVisible();
  await signInWithPassword(page);
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(page.getByRole("button", { name: "Add a passkey" })).toBeVisible();
});

test("a session opened with a passkey ends when that passkey is removed, on the spot", async ({
  browser,
}) => {
  // Someone else's device: a passkey added there, then a session opened with it.
  const other = await browser.newContext();
  try {
    const p = await other.newPage();
    await addVirtualAuthenticator(other, p);
    await p.goto(at("/admin/login"));
    await signInWithPassword(p);
    await expect(dashboard(p)).toBeVisible();
    await p.goto(at("/admin/account"));
    await p.getByRole("button", { name: "Add a passkey" }).click();
    await expect(p.getByRole("region", { name: "Passkeys" }).getByRole("status")).toHaveText(
      "Passkey added as “Passkey 2”.",
    );
    await signOut(p);
    await signInWithPasskey(p);
    await expect(dashboard(p)).toBeVisible();
    const theirs = (await other.cookies()).find((c) => c.name === "masthead_admin")!;
    const session = `masthead_admin=${theirs.value}`;
    expect(await statusWith(site.url, session)).toBe(200);

    // The admin removes it from their own session: the other one ends at once.
    await page.goto(at("/admin/account"));
    await page.getByRole("button", { name: "Remove Passkey 2" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove passkey" }).click();
    await expect(page.getByRole("region", { name: "Passkeys" }).getByRole("status")).toHaveText(
      "Removed “Passkey 2”.",
    );
    expect(await statusWith(site.url, session)).toBe(401);
    await p.goto(at("/admin/account"));
    await expect(p).toHaveURL(/\/admin\/login/);
  } finally {
    await other.close();
  }
});

test("passkeys only: the password stops signing in and its sessions end; the operator's command turns it back on", async () => {
  const elsewhere = await signIn(site.url);
  expect(await statusWith(site.url, elsewhere.session)).toBe(200);
  await page.goto(at("/admin/account"));
  // Not check(): the page it is on goes away.
  await passkeysOnly(page).click();
  // This session was opened with the password too: the admin is sent to sign in again, told why.
  await expect(page.getByText(SESSION_ENDED)).toBeVisible();
  expect(await statusWith(site.url, elsewhere.session)).toBe(401);
  // The right password now reads exactly like a wrong one.
  expect(await passwordPost(site.url, DEMO_ADMIN_PASSWORD)).toBe(401);

  const listed = await operator(["list", DEMO_ADMIN_EMAIL]);
  expect(listed.code, listed.out).toBe(0);
  expect(listed.out).toContain("name: Work laptop");
  expect(listed.out).toContain("Password sign-in: off (passkeys only)");
  const back = await operator(["password-on", DEMO_ADMIN_EMAIL]);
  expect(back.code, back.out).toBe(0);
  expect(await passwordPost(site.url, DEMO_ADMIN_PASSWORD)).toBe(200);
  await signInWithPasskey(page);
  await expect(dashboard(page)).toBeVisible();
  await page.goto(at("/admin/account"));
  await expect(passkeysOnly(page)).not.toBeChecked();
});

test("after a restart, the passkey still signs in", async () => {
  await site.stop();
  site = await startSecondServer(serverEnv, { siteUrl: localhost });
  await context.clearCookies();
  await page.goto(at("/admin/login"));
  await signInWithPasskey(page);
  await expect(dashboard(page)).toBeVisible();
});

test("the workspace deactivates the admin: the passkey is refused, saying why", async () => {
  await context.clearCookies();
  await page.goto(at("/admin/login"));
  await inWorkspace(ADA_ID, false);
  try {
    await signInWithPasskey(page);
    await expect(page.getByRole("alert").filter({ hasText: DEACTIVATED })).toBeVisible();
    expect(await context.cookies()).not.toContainEqual(expect.objectContaining({ name: "masthead_admin" }));
  } finally {
    await inWorkspace(ADA_ID, true);
  }
  await signInWithPasskey(page);
  await expect(dashboard(page)).toBeVisible();
});

test("without JavaScript, the login page says passkeys need it and the password still signs in", async ({
  browser,
}) => {
  const plain = await browser.newContext({ javaScriptEnabled: false });
  try {
    const p = await plain.newPage();
    await p.goto(at("/admin/login"));
    await expect(p.getByText("Signing in with a passkey needs JavaScript.")).toBeVisible();
    await expect(p.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
    await signInWithPassword(p);
    await expect(dashboard(p)).toBeVisible();
  } finally {
    await plain.close();
  }
});

test("a password lockout caused by others does not keep the passkey out", async () => {
  await context.clearCookies();
  // Strangers guess the admin's password until the account is locked for everyone without a device cookie.
  let guesses = 0;
  while ((await passwordPost(site.url, `guess number ${guesses}`, `203.0.113.${guesses + 1}`)) !== 429) {
    guesses++;
    expect(guesses, "the account locks within a bounded number of guesses").toBeLessThan(50);
  }
  expect(
    await passwordPost(site.url, DEMO_ADMIN_PASSWORD, "198.51.100.9"),
    "the right password from a browser that never signed in is locked out too",
  ).toBe(429);

  await page.goto(at("/admin/login"));
  await signInWithPasskey(page);
  await expect(dashboard(page)).toBeVisible();
});

test("a sign-in older than 10 minutes cannot remove a passkey or turn the password back on until the admin confirms it is them", async () => {
  await page.goto(at("/admin/account"));
  await passkeysOnly(page).check();
  await expect(page.getByRole("region", { name: "Passkeys" }).getByRole("status")).toHaveText(
    "Your password no longer signs you in: use a passkey.",
  );
  await ageSession(context, 11);
  await page.reload();
  await expect(page.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);

  await page.getByRole("button", { name: "Remove Work laptop" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove passkey" }).click();
  await expect(alertSaying(page, REAUTH)).toBeVisible();
  await passkeysOnly(page).click();
  await expect(alertSaying(page, REAUTH)).toBeVisible();
  await expect(passkeysOnly(page)).toBeChecked();
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue("Work laptop");
  await expect(passkeysOnly(page)).toBeChecked();

  await page.getByRole("region", { name: "Passkeys" }).getByRole("link", { name: "sign in again" }).click();
  await expect(page.getByText("Confirm it is you: sign in again to change how you sign in.")).toBeVisible();
  await signInWithPasskey(page);
  await expect(page).toHaveURL(/\/admin\/account$/);
  await passkeysOnly(page).uncheck();
  await expect(page.getByRole("region", { name: "Passkeys" }).getByRole("status")).toHaveText(
    "Your password signs you in again.",
  );
});

test("the operator's sign-out ends every session of the admin", async () => {
  const own = (await context.cookies()).find((c) => c.name === "masthead_admin")!;
  const session = `masthead_admin=${own.value}`;
  expect(await statusWith(site.url, session)).toBe(200);
  const out = await operator(["sign-out", DEMO_ADMIN_EMAIL]);
  expect(out.code, out.out).toBe(0);
  expect(out.out).toContain(`Every session of ${DEMO_ADMIN_EMAIL} has ended`);
  expect(await statusWith(site.url, session)).toBe(401);
  await page.goto(at("/admin/account"));
  await expect(page).toHaveURL(/\/admin\/login/);
  // A sign-in after it is not touched by it.
  await signInWithPasskey(page);
  await expect(page).toHaveURL(/\/admin\/account$/);
});

test("a removed passkey no longer signs in, and the session it opened ends with it", async () => {
  // This session was opened with the passkey it removes.
  await page.goto(at("/admin/account"));
  await page.getByRole("button", { name: "Remove Work laptop" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove this passkey?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Remove passkey" }).click();
  await expect(page.getByText(SESSION_ENDED)).toBeVisible();

  // The device still holds it, and offers it: the site refuses it.
  expect(await authenticator.credentials()).toHaveLength(1);
  await signInWithPasskey(page);
  await expect(page.getByRole("alert").filter({ hasText: NOT_REGISTERED })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login/);
});

test("a browser that signed in with a passkey signs in with the password while its holder and account are refused", async () => {
  // Others on this browser's /24 and /48 (it connects from loopback: 127.0.0.1 or ::1) fail
  // until their holders are refused; the account is still locked by the strangers above.
  for (let i = 2; i < 42; i++) {
    await passwordPost(site.url, `holder guess ${i}`, `127.0.0.${i}`);
    await passwordPost(site.url, `holder guess ${i}`, `0:0:0:${i.toString(16)}::1`);
  }
  expect(await passwordPost(site.url, DEMO_ADMIN_PASSWORD, "127.0.0.99")).toBe(429);
  expect(await passwordPost(site.url, DEMO_ADMIN_PASSWORD, "0:0:0:99::1")).toBe(429);

  await page.goto(at("/admin/login"));
  await signInWithPassword(page);
  await expect(dashboard(page)).toBeVisible();
});

test.describe("two instances on one Redis", () => {
  let redis: TestRedis;
  let front: SwitchableFront;
  let a: SecondServer;
  let b: SecondServer | undefined;

  test.afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await front?.stop();
    await redis?.stop();
  });

  test("enrolled on one instance, signed in on the other", async ({ browser }) => {
    test.setTimeout(240_000);
    redis = await startTestRedis();
    front = await startSwitchableFront();
    const shared = {
      REDIS_URL: redis.url,
      // Unused with Redis: a file of its own so a mistake here could not pass on the suite's store.
      ADMIN_PASSKEY_STORE_PATH: path.join(dir, "unused-with-redis.sqlite"),
      DELIVERY_STORE_PATH: path.join(dir, "delivery-redis.sqlite"),
    };
    a = await startSecondServer(shared, { siteUrl: () => front.url });
    b = await startSecondServer(shared, { siteUrl: () => front.url });
    const ctx = await browser.newContext();
    try {
      const p = await ctx.newPage();
      const device = await addVirtualAuthenticator(ctx, p);
      front.route(a.url);
      await p.goto(`${front.url}/admin/login`);
      await signInWithPassword(p);
      await expect(dashboard(p)).toBeVisible();
      await p.goto(`${front.url}/admin/account`);
      await p.getByRole("button", { name: "Add a passkey" }).click();
      await expect(p.getByRole("region", { name: "Passkeys" }).getByRole("status")).toHaveText(
        "Passkey added as “Passkey 1”.",
      );
      expect(await device.credentials()).toHaveLength(1);
      await signOut(p);

      // A is gone: whatever answers now is B.
      await a.stop();
      front.route(b.url);
      await signInWithPasskey(p);
      await expect(dashboard(p)).toBeVisible();
      await p.goto(`${front.url}/admin/account`);
      await expect(p.getByRole("textbox", { name: "Name" })).toHaveValue("Passkey 1");
      await expect(p.getByText(/last used never/)).toHaveCount(0);
    } finally {
      await ctx.close();
    }
  });
  test("sign out everywhere on one instance ends the admin's sessions on the other", async ({ browser }) => {
    test.setTimeout(240_000);
    const shared = {
      REDIS_URL: redis.url,
      ADMIN_PASSKEY_STORE_PATH: path.join(dir, "unused-with-redis.sqlite"),
      DELIVERY_STORE_PATH: path.join(dir, "delivery-redis.sqlite"),
    };
    const c = await startSecondServer(shared);
    const d = await startSecondServer(shared);
    const ctx = await browser.newContext();
    try {
      const elsewhere = await signIn(c.url);
      expect(await statusWith(c.url, elsewhere.session)).toBe(200);
      const p = await ctx.newPage();
      await p.goto(`${d.url}/admin/login`);
      await signInWithPassword(p);
      await expect(dashboard(p)).toBeVisible();
      await p.getByRole("link", { name: "Account" }).click();
      await expect(p.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
      const kept = (await ctx.cookies()).find((x) => x.name === "masthead_admin")!;
      await p.getByRole("button", { name: "Sign out everywhere" }).click();
      await expect(p.getByText("You have signed out everywhere.")).toBeVisible();
      for (const server of [c, d]) {
        expect(await statusWith(server.url, elsewhere.session), server.url).toBe(401);
        expect(await statusWith(server.url, `masthead_admin=${kept.value}`), server.url).toBe(401);
      }
      // A new sign-in is not touched by it.
      expect(await statusWith(c.url, (await signIn(c.url)).session)).toBe(200);
    } finally {
      await ctx.close();
      await c.stop();
      await d.stop();
    }
  });
});
