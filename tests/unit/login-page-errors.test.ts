import { describe, expect, it } from "vitest";
import type { SessionEnded } from "@/lib/admin/access";
import { en } from "@/lib/i18n/en";
import { loginPageMessage, REFUSALS, refuse, type Reply } from "@/lib/admin/login-answers";

/*
 * The sign-in's answers come from one table (lib/admin/login-answers.ts); a form post without
 * JavaScript is sent back to the login page with its row's `?error=`, and the page shows that
 * row's words. A new row with a `?error=` cannot be left without a message on the page.
 */

const formPost: Reply = { isForm: true, next: "/admin", isCodeStep: false };
const script: Reply = { isForm: false, next: "/admin", isCodeStep: false };

/** The `?error=` a refused form post is sent back to the login page with, if it is redirected. */
function pageError(response: Response): string | undefined {
  if (response.status !== 303) return undefined;
  const location = new URL(response.headers.get("location")!);
  expect(location.pathname).toBe("/admin/login");
  const error = location.searchParams.get("error");
  expect(error).not.toBeNull();
  return error ?? undefined;
}

describe("the login page's messages", () => {
  const redirected = REFUSALS.filter((name) => pageError(refuse(name, formPost)) !== undefined);

  it("covers the refusals a form post is redirected for", () => {
    // The table's rows with a page; the others answer JSON either way (unreadable requests).
    expect(redirected).toEqual(
      expect.arrayContaining(["origin", "invalid", "wrong_code", "step_expired", "busy", "rate_limited"]),
    );
    expect(redirected).not.toContain("unreadable");
  });

  it.each(REFUSALS)("%s: a form post's `?error=` has a message on the page", (name) => {
    const value = pageError(refuse(name, formPost));
    if (value === undefined) return;
    expect(value).toMatch(/^[a-z_]+$/);
    expect(loginPageMessage(value)).toMatch(/\w{3,}/);
  });

  it.each(REFUSALS)("%s: the page says what the JSON answer says", async (name) => {
    const value = pageError(refuse(name, formPost));
    if (value === undefined) return;
    const json = (await refuse(name, script, 120).json()) as { error: string };
    // A redirect carries no wait: the page's words say "a few minutes" where the JSON counts them.
    expect(json.error.replace("2 minutes", "a few minutes")).toBe(loginPageMessage(value));
  });

  it("shows the reason an admin page ended the session", () => {
    const ended: Record<SessionEnded["code"], keyof typeof en> = {
      not_admin: "admin.access.noLongerAdmin",
      unverified: "admin.access.unverified",
      signed_out: "admin.access.signedOut",
    };
    for (const [code, key] of Object.entries(ended)) expect(loginPageMessage(code)).toBe(en[key]);
  });

  it("keeps the rate limit's words with and without a wait", async () => {
    expect(loginPageMessage("rate_limited")).toBe(
      "Too many failed sign-in attempts. Try again in a few minutes.",
    );
    const json = (await refuse("rate_limited", script, 60).json()) as { error: string };
    expect(json.error).toBe("Too many failed sign-in attempts. Try again in 1 minute.");
  });

  it("says nothing for a value nothing sends", () => {
    expect(loginPageMessage("made_up")).toBeUndefined();
    expect(loginPageMessage(undefined)).toBeUndefined();
    expect(loginPageMessage("")).toBeUndefined();
  });
});
