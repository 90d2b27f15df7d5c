import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../../lib/config/schema";
import { de } from "../../lib/i18n/de";
import { en } from "../../lib/i18n/en";
import type { Phrase } from "../../lib/i18n";
import { startSecondServer, type SecondServer } from "../helpers/e2e-second-server";

/*
 * A German team's admin: a build and a server of their own with SITE_CONFIG set to
 * tests/fixtures/site-config/werkstatt.config.json (German, one admin phrase of its own), walked
 * in Chromium from the sign-in to the account page. On each page: <html lang="de">, no element
 * marked English, no phrase of the English admin catalogue in what the admin reads or hears
 * (text, titles, labels, placeholders), and the errors and dates the admin meets are German.
 */

const ROOT = path.resolve(__dirname, "../..");
const SITE_CONFIG = path.join(ROOT, "tests/fixtures/site-config/werkstatt.config.json");
const ADA_ID = "6f1c9a52-8d3b-4e7a-9c10-000000000001";

let site: SecondServer;
let dir: string;
let context: BrowserContext;
let page: Page;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(600_000);
  dir = mkdtempSync(path.join(tmpdir(), "masthead-e2e-admin-language-"));
  site = await startSecondServer(
    {
      SITE_CONFIG,
      ADMIN_PASSKEY_STORE_PATH: path.join(dir, "admin-passkeys.sqlite"),
      DELIVERY_STORE_PATH: path.join(dir, "delivery.sqlite"),
    },
    { buildInto: `${process.env.E2E_DIST_DIR ?? ".next-e2e"}-werkstatt` },
  );
  context = await browser.newContext();
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
  await site?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const at = (p: string) => `${site.url}${p}`;
const texts = (p: Phrase) => (typeof p === "string" ? [p] : (Object.values(p).filter(Boolean) as string[]));
const GERMAN_TEXT = Object.values(de).flatMap(texts).join("\n");
/**
 * The English admin's words, as the literal runs between placeholders: every run with four
 * letters or more that the German catalogue does not also use ("Passkeys", "Status", "Blog").
 */
const ENGLISH_RUNS = [
  ...new Set(
    Object.entries(en)
      .filter(([key]) => key.startsWith("admin."))
      .flatMap(([, phrase]) => texts(phrase))
      .flatMap((t) => t.split(/\{[A-Za-z]+\}/))
      .map((run) => run.trim().replace(/^[\s.,;:!?→←“”()·-]+|[\s.,;:!?→←“”()·-]+$/g, ""))
      .filter((run) => (run.match(/\p{L}/gu)?.length ?? 0) >= 4 && !GERMAN_TEXT.includes(run)),
  ),
];

/** What the admin reads or hears on the page: its text, title, and the words of labels and controls. */
async function wordsOn(p: Page): Promise<string> {
  return p.evaluate(() => {
    const attributes = [...document.querySelectorAll("[aria-label], [placeholder], [title], [alt]")].flatMap(
      (el) => ["aria-label", "placeholder", "title", "alt"].map((a) => el.getAttribute(a) ?? ""),
    );
    const buttons = [...document.querySelectorAll("button, option, label")].map((el) => el.textContent ?? "");
    return [document.title, document.body.innerText, ...attributes, ...buttons].join("\n");
  });
}

async function expectGerman(p: Page) {
  await expect(p.locator("html")).toHaveAttribute("lang", "de");
  expect(
    await p.locator("[lang]:not(html)").evaluateAll((els) => els.map((e) => e.outerHTML.slice(0, 80))),
  ).toEqual([]);
  const words = await wordsOn(p);
  expect(ENGLISH_RUNS.filter((run) => words.includes(run))).toEqual([]);
  // The site's own name, never the product's.
  expect(words).not.toContain("Masthead");
  expect(await p.title()).toMatch(/ · Verwaltung · Werkstatt Nord$/);
}

test("the list of English phrases is the admin catalogue's, not a handful", () => {
  expect(ENGLISH_RUNS.length).toBeGreaterThan(200);
  expect(ENGLISH_RUNS).toContain("Invalid email or password");
});

test("sign-in: German words, and a wrong password is refused in German", async () => {
  await page.goto(at("/admin/login"));
  await expect(page.getByRole("heading", { level: 1, name: "Anmelden" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Mit einem Passkey anmelden" })).toBeVisible();
  await expectGerman(page);

  await page.getByLabel("E-Mail").pressSequentially(DEMO_ADMIN_EMAIL);
  await page.getByLabel("Passwort").pressSequentially("nicht-das-passwort");
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "falsch" })).toHaveText(
    "E-Mail-Adresse oder Passwort ist falsch",
  );
  await expectGerman(page);

  await page.getByLabel("Passwort").fill(DEMO_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test("dashboard: the team's own phrase, German figures, and a refresh dated in German", async () => {
  // "Cockpit" is the site file's phrase for the dashboard's title (admin.dashboard.title).
  await expect(page.getByRole("heading", { level: 1, name: "Cockpit" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Verwaltung" }).getByRole("link", { name: "Cockpit" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Newsletter-Anmeldungen" })).toBeVisible();
  await expectGerman(page);

  await page.getByRole("button", { name: "Blog aktualisieren" }).click();
  const status = page.getByRole("status").filter({ hasText: "Aktualisierung des Blogs angefordert am" });
  await expect(status).toBeVisible();
  // "29. Nov. 2026, 04:21 MEZ": day before month, German month, 24-hour clock, in the site file's
  // time zone (Europe/Berlin), named.
  await expect(status).toHaveText(/angefordert am \d{1,2}\. \p{L}+\.? \d{4}, \d{2}:\d{2} MES?Z\./u);
  await expectGerman(page);
});

test("members: German counts and labels", async () => {
  await page.goto(at("/admin/members"));
  await expect(page.getByRole("heading", { level: 1, name: "Mitglieder" })).toBeVisible();
  await expect(page.getByTestId("list-summary")).toHaveText(/^\d+ Mitglieder? · Seite 1 von \d+$/);
  await expect(page.getByRole("columnheader", { name: "Zeitzone" })).toBeVisible();
  await expectGerman(page);
});

test("invite: German labels, and an invalid address is refused in German", async () => {
  await page.goto(at("/admin/members/invite"));
  await expect(page.getByRole("heading", { level: 1, name: "Mitglieder einladen" })).toBeVisible();
  await expectGerman(page);
  await page.getByLabel("E-Mail-Adressen").pressSequentially("keine-adresse");
  await page.getByRole("button", { name: "Einladungen senden" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "keine-adresse" })).toHaveText(
    "Diese Adresse ist ungültig: keine-adresse",
  );
  await expectGerman(page);
});

test("one member: German details, status and removal, and its confirmation", async () => {
  await page.goto(at(`/admin/members/${ADA_ID}`));
  await expect(page.getByRole("heading", { name: "Angaben" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Aus dem Workspace entfernen" })).toBeVisible();
  await expectGerman(page);
  await page.getByRole("button", { name: "Mitglied entfernen …" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: "Abbrechen" })).toBeVisible();
  await expectGerman(page);
  await dialog.getByRole("button", { name: "Abbrechen" }).click();
  await expect(dialog).toBeHidden();
});

test("account: German passkeys and sessions", async () => {
  await page.goto(at("/admin/account"));
  await expect(page.getByRole("heading", { level: 1, name: "Ihr Konto" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Überall abmelden" })).toBeVisible();
  await expectGerman(page);
});

test("screenshots of the German admin for docs/ (DOCS_SCREENSHOTS=1)", async ({ browser }) => {
  test.skip(!process.env.DOCS_SCREENSHOTS, "writes docs/ only when asked");
  const storageState = await context.storageState();
  for (const [device, viewport] of [
    ["desktop", { width: 1280, height: 800 }],
    ["mobile", { width: 390, height: 844 }],
  ] as const) {
    const shots = await browser.newContext({ viewport, storageState });
    const p = await shots.newPage();
    for (const [name, route] of [
      ["dashboard", "/admin"],
      ["members", "/admin/members"],
      ["member", `/admin/members/${ADA_ID}`],
      ["account", "/admin/account"],
    ] as const) {
      await p.goto(at(route));
      await expectGerman(p);
      await p.screenshot({
        path: path.join(ROOT, `docs/screenshots/de-admin-${name}-${device}.png`),
        fullPage: true,
      });
    }
    await shots.close();
  }
});
