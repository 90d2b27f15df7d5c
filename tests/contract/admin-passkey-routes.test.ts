import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startLocalWorkspaceServer, type LocalWorkspaceServer } from "@/lib/local-workspace";
import { resetProcessState } from "@/lib/memo/process-memo.mjs";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "@/lib/config/schema";
import * as admin from "../helpers/admin-app";
import { oneClientPerNetwork } from "../helpers/client-addresses";

/*
 * The passkey routes' refusals and options through the real handlers, against the local
 * workspace (the ceremonies themselves, with an authenticator, run in Chromium:
 * tests/e2e/admin-passkeys.spec.ts). What they promise: the relying party is SITE_URL's host,
 * user verification and discoverable credentials are required, challenges are single-use and
 * bound, enrolling needs a recent sign-in, starting sign-ins has its own budget, and the
 * passkeys-only choice turns the right password into a wrong one.
 */

let ws: LocalWorkspaceServer;
let dir: string;
const lines: Record<string, unknown>[] = [];

type Routes = {
  app: admin.App;
  options: typeof import("@/app/api/admin/passkeys/sign-in/options/route");
  signIn: typeof import("@/app/api/admin/passkeys/sign-in/route");
  enrolment: typeof import("@/app/api/admin/passkeys/enrolment/route");
  passkeys: typeof import("@/app/api/admin/passkeys/route");
  one: typeof import("@/app/api/admin/passkeys/[id]/route");
  only: typeof import("@/app/api/admin/passkeys/passkeys-only/route");
  store: typeof import("@/lib/admin/passkeys");
  challenges: typeof import("@/lib/admin/passkeys/challenges");
};

async function load(): Promise<Routes> {
  vi.resetModules();
  const app = await admin.importApp((line) => lines.push(JSON.parse(line) as Record<string, unknown>));
  return {
    app,
    options: await import("@/app/api/admin/passkeys/sign-in/options/route"),
    signIn: await import("@/app/api/admin/passkeys/sign-in/route"),
    enrolment: await import("@/app/api/admin/passkeys/enrolment/route"),
    passkeys: await import("@/app/api/admin/passkeys/route"),
    one: await import("@/app/api/admin/passkeys/[id]/route"),
    only: await import("@/app/api/admin/passkeys/passkeys-only/route"),
    store: await import("@/lib/admin/passkeys"),
    challenges: await import("@/lib/admin/passkeys/challenges"),
  };
}

const post = (p: string, body: unknown, extra: { cookie?: string; ip?: string } = {}) =>
  admin.request(p, { method: "POST", body, cookies: [extra.cookie], ip: extra.ip ?? "203.0.113.7" });

/** A plausible answer of an authenticator this site never saw. */
const strangerAnswer = {
  id: "c3RyYW5nZXI",
  rawId: "c3RyYW5nZXI",
  type: "public-key",
  clientExtensionResults: {},
  response: { clientDataJSON: "e30", authenticatorData: "AAAA", signature: "AAAA" },
};

let r: Routes;

/** A passkey of `email` in the store (its key material is never checked here); its id. */
async function addPasskey(email: string): Promise<string> {
  const id = `a2V5${Math.random().toString(36).slice(2, 10)}`;
  await r.store.passkeyStore().add({
    id,
    email,
    publicKey: "AAAA",
    counter: 0,
    transports: [],
    deviceType: "singleDevice",
    backedUp: false,
    userHandle: "aGFuZGxl",
    name: "Test key",
    createdAt: Date.now(),
    lastUsedAt: null,
  });
  return id;
}

beforeAll(async () => {
  ws = await startLocalWorkspaceServer({ port: 0, dataDir: ":memory:", log: () => {} });
  dir = mkdtempSync(path.join(tmpdir(), "masthead-passkey-routes-"));
  for (const name of [
    "WORKSPACE_URL",
    "SITE_URL",
    "PORT",
    "ADMIN_USERS",
    "SESSION_SECRET",
    "TRUST_PROXY",
    "REDIS_URL",
  ])
    delete process.env[name];
  process.env.LOCAL_WORKSPACE_PORT = String(ws.port);
  process.env.ADMIN_PASSKEY_STORE_PATH = path.join(dir, "passkeys.sqlite");
  resetProcessState();
  r = await load();
});

afterAll(async () => {
  (await import("@/lib/admin/audit")).setAuditSink(null);
  await r?.store.passkeyStore().close();
  resetProcessState();
  delete process.env.ADMIN_PASSKEY_STORE_PATH;
  await ws?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("signing in with a passkey", () => {
  it("options: discoverable (no allow-list), user verification required, RP ID = SITE_URL's host", async () => {
    const res = await r.options.POST(post("/api/admin/passkeys/sign-in/options", {}));
    expect(res.status).toBe(200);
    const { options } = (await res.json()) as { options: Record<string, unknown> };
    expect(options).toMatchObject({ rpId: "localhost", userVerification: "required" });
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("a request from another site is refused before its body is read", async () => {
    const req = new Request(`${admin.SITE}/api/admin/passkeys/sign-in`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ response: strangerAnswer }),
    });
    expect((await r.signIn.POST(req)).status).toBe(403);
    const options = new Request(`${admin.SITE}/api/admin/passkeys/sign-in/options`, {
      method: "POST",
      headers: { origin: "https://evil.example" },
    });
    expect((await r.options.POST(options)).status).toBe(403);
  });

  it("an answer that cannot be read is a 400; an unknown passkey a 401 that says so, audited", async () => {
    const bad = await r.signIn.POST(post("/api/admin/passkeys/sign-in", { response: { id: 5 } }));
    expect(bad.status).toBe(400);
    lines.length = 0;
    const unknown = await r.signIn.POST(post("/api/admin/passkeys/sign-in", { response: strangerAnswer }));
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ code: "unknown_passkey", error: /not registered/ });
    expect(unknown.headers.getSetCookie()).toEqual([]);
    expect(lines).toContainEqual(
      expect.objectContaining({ action: "passkey_login", outcome: "refused", detail: "unknown_passkey" }),
    );
  });

  it("starting sign-ins has its own budget per client, not the password's", async () => {
    const ip = "198.51.100.77";
    let status = 200;
    let started = 0;
    while (status === 200 && started < 100) {
      status = (await r.options.POST(post("/api/admin/passkeys/sign-in/options", {}, { ip }))).status;
      started++;
    }
    expect(status).toBe(429);
    expect(started).toBeGreaterThan(10);
    // Another client starts at once, and the password still signs this one in.
    expect(
      (await r.options.POST(post("/api/admin/passkeys/sign-in/options", {}, { ip: "198.51.100.78" }))).status,
    ).toBe(200);
    await admin.signIn(r.app, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, ip);
  });
});

describe("challenges", () => {
  it("are single-use, for their purpose, and an enrolment's for its admin only", async () => {
    const key = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
    const signIn = key(await r.challenges.issueChallenge({ purpose: "sign-in" }));
    expect(await r.challenges.consumeChallenge(signIn, { purpose: "enrol", email: DEMO_ADMIN_EMAIL })).toBe(
      false,
    );
    expect(await r.challenges.consumeChallenge(signIn, { purpose: "sign-in" })).toBe(true);
    expect(await r.challenges.consumeChallenge(signIn, { purpose: "sign-in" })).toBe(false);
    const enrol = key(await r.challenges.issueChallenge({ purpose: "enrol", email: DEMO_ADMIN_EMAIL }));
    expect(await r.challenges.consumeChallenge(enrol, { purpose: "enrol", email: "other@example.com" })).toBe(
      false,
    );
    expect(await r.challenges.consumeChallenge(enrol, { purpose: "enrol", email: DEMO_ADMIN_EMAIL })).toBe(
      true,
    );
    expect(await r.challenges.consumeChallenge("never-issued-challenge", { purpose: "sign-in" })).toBe(false);
  });
});

describe("the account page's routes", () => {
  it("enrolment options: a discoverable credential with user verification, this admin's existing passkeys excluded", async () => {
    await r.store.passkeyStore().add({
      id: "ZXhpc3Rpbmc",
      email: DEMO_ADMIN_EMAIL,
      publicKey: "AAAA",
      counter: 0,
      transports: ["internal"],
      deviceType: "singleDevice",
      backedUp: false,
      userHandle: "aGFuZGxl",
      name: "Old phone",
      createdAt: Date.now(),
      lastUsedAt: null,
    });
    const cookie = await admin.signIn(r.app, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, "203.0.113.8");
    const res = await r.enrolment.POST(post("/api/admin/passkeys/enrolment", {}, { cookie }));
    expect(res.status).toBe(200);
    const { options } = (await res.json()) as { options: Record<string, unknown> };
    expect(options).toMatchObject({
      rp: { id: "localhost" },
      user: { name: DEMO_ADMIN_EMAIL },
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      attestation: "none",
      excludeCredentials: [expect.objectContaining({ id: "ZXhpc3Rpbmc" })],
    });
    // The user handle names nobody.
    expect(JSON.stringify((options.user as { id: string }).id)).not.toContain("admin");
    await r.store.passkeyStore().removeAll(DEMO_ADMIN_EMAIL);
  });

  it("changing how the admin signs in needs a sign-in within the last 10 minutes; turning the password off does not", async () => {
    const value = await r.app.session.sealSession(DEMO_ADMIN_EMAIL, Date.now() - 11 * 60 * 1000);
    const cookie = `masthead_admin=${value}`;
    // The session itself is fine for everything else.
    expect(
      (
        await r.app.list.GET(
          admin.request("/api/admin/team-members", { cookies: [cookie], ip: "203.0.113.9" }),
        )
      ).status,
    ).toBe(200);
    const mine = await addPasskey(DEMO_ADMIN_EMAIL);
    const send = (p: string, method: string, body?: unknown) =>
      admin.request(p, { method, body, cookies: [cookie], ip: "203.0.113.9" });
    lines.length = 0;
    for (const res of [
      await r.enrolment.POST(post("/api/admin/passkeys/enrolment", {}, { cookie })),
      await r.passkeys.POST(
        post(
          "/api/admin/passkeys",
          { response: { ...strangerAnswer, response: { clientDataJSON: "e30", attestationObject: "AAAA" } } },
          { cookie },
        ),
      ),
      await r.one.DELETE(send(`/api/admin/passkeys/${mine}`, "DELETE"), {
        params: Promise.resolve({ id: mine }),
      }),
      await r.only.PUT(send("/api/admin/passkeys/passkeys-only", "PUT", { on: false })),
    ]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: "reauth_required", error: /sign in again/ });
    }
    expect(lines).toContainEqual(
      expect.objectContaining({
        action: "recent_sign_in",
        target: `/api/admin/passkeys/${mine}`,
        outcome: "refused",
        detail: "reauth_required",
      }),
    );
    expect(await r.store.passkeyStore().get(mine)).not.toBeNull();
    // Taking the password away asks for nothing more: it takes nothing from the admin's own ways in.
    const on = await r.only.PUT(send("/api/admin/passkeys/passkeys-only", "PUT", { on: true }));
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ passkeysOnly: true, signedOut: true });
    await r.store.passkeyStore().removeAll(DEMO_ADMIN_EMAIL);
    await r.store.passkeyStore().setPasskeysOnly(DEMO_ADMIN_EMAIL, false);
  });

  it("an answer that does not verify is not kept", async () => {
    const cookie = await admin.signIn(r.app, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, "203.0.113.10");
    const res = await r.passkeys.POST(
      post(
        "/api/admin/passkeys",
        { response: { ...strangerAnswer, response: { clientDataJSON: "e30", attestationObject: "AAAA" } } },
        { cookie },
      ),
    );
    expect(res.status).toBe(400);
    expect(await r.store.passkeyStore().list(DEMO_ADMIN_EMAIL)).toEqual([]);
  });

  it("another admin's passkey cannot be renamed or removed; passkeys only needs a passkey", async () => {
    await r.store.passkeyStore().add({
      id: "Z3JhY2Vz",
      email: "grace@example.com",
      publicKey: "AAAA",
      counter: 0,
      transports: [],
      deviceType: "singleDevice",
      backedUp: false,
      userHandle: "aGFuZGxl",
      name: "Grace's",
      createdAt: Date.now(),
      lastUsedAt: null,
    });
    const cookie = await admin.signIn(r.app, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, "203.0.113.11");
    const ctx = { params: Promise.resolve({ id: "Z3JhY2Vz" }) };
    const rename = admin.request("/api/admin/passkeys/Z3JhY2Vz", {
      method: "PATCH",
      body: { name: "Mine" },
      cookies: [cookie],
      ip: "203.0.113.11",
    });
    expect((await r.one.PATCH(rename, ctx)).status).toBe(404);
    const remove = admin.request("/api/admin/passkeys/Z3JhY2Vz", {
      method: "DELETE",
      cookies: [cookie],
      ip: "203.0.113.11",
    });
    expect((await r.one.DELETE(remove, ctx)).status).toBe(404);
    expect((await r.store.passkeyStore().get("Z3JhY2Vz"))?.name).toBe("Grace's");
    const only = admin.request("/api/admin/passkeys/passkeys-only", {
      method: "PUT",
      body: { on: true },
      cookies: [cookie],
      ip: "203.0.113.11",
    });
    const refused = await r.only.PUT(only);
    expect(refused.status).toBe(409);
    expect((await r.store.passkeyStore().signInState(DEMO_ADMIN_EMAIL)).passkeysOnly).toBe(false);
  });
});

describe("passkeys only", () => {
  it("the right password reads as a wrong one while it is on", async () => {
    await r.store.passkeyStore().setPasskeysOnly(DEMO_ADMIN_EMAIL, true);
    try {
      const ip = "203.0.113.12";
      const right = await r.app.login.POST(
        post("/api/admin/login", { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD }, { ip }),
      );
      const wrong = await r.app.login.POST(
        post("/api/admin/login", { email: DEMO_ADMIN_EMAIL, password: "not the password" }, { ip }),
      );
      expect(right.status).toBe(401);
      expect(await right.json()).toEqual(await wrong.json());
      expect(admin.setCookie(right, "masthead_admin")).toBeUndefined();
    } finally {
      await r.store.passkeyStore().setPasskeysOnly(DEMO_ADMIN_EMAIL, false);
    }
    await admin.signIn(r.app, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, "203.0.113.13");
  });
});

describe("a session lasts while what opened it stands", () => {
  const list = (cookie: string) =>
    r.app.list.GET(admin.request("/api/admin/team-members", { cookies: [cookie], ip: "203.0.113.20" }));

  it("a passkey's sessions end when it is removed; the password's when passkeys only is turned on", async () => {
    const id = await addPasskey(DEMO_ADMIN_EMAIL);
    const byPasskey = `masthead_admin=${await r.app.session.sealSession(DEMO_ADMIN_EMAIL, Date.now(), id)}`;
    const byPassword = await admin.signIn(r.app, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, "203.0.113.20");
    expect((await list(byPasskey)).status).toBe(200);
    await r.store.passkeyStore().setPasskeysOnly(DEMO_ADMIN_EMAIL, true);
    const ended = await list(byPassword);
    expect(ended.status).toBe(401);
    expect(await ended.json()).toMatchObject({ code: "signed_out", error: /Your session has ended/ });
    expect((await list(byPasskey)).status).toBe(200);
    await r.store.passkeyStore().remove(DEMO_ADMIN_EMAIL, id);
    expect((await list(byPasskey)).status).toBe(401);
    // Ended for good (revoked), even with passkeys only off again.
    await r.store.passkeyStore().setPasskeysOnly(DEMO_ADMIN_EMAIL, false);
    expect((await list(byPassword)).status).toBe(401);
  });

  it("sign out everywhere ends every session begun before it, this one too, and no later one", async () => {
    const one = await admin.signIn(r.app, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, "203.0.113.21");
    const two = await admin.signIn(r.app, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, "203.0.113.21");
    const out = await r.app.logout.POST(
      admin.request("/api/admin/logout?everywhere=1", { method: "POST", cookies: [one], ip: "203.0.113.21" }),
    );
    expect(out.status).toBe(200);
    expect(admin.setCookie(out, "masthead_admin")).toBe("masthead_admin=");
    expect((await list(one)).status).toBe(401);
    expect((await list(two)).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 2));
    const later = await admin.signIn(r.app, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, "203.0.113.21");
    expect((await list(later)).status).toBe(200);
  });
});

describe("a browser that signed in with a passkey", () => {
  it("is known to the password's budgets: its right password gets in while others' failures refuse its /24", async () => {
    const { passkeySignedIn } = await import("@/lib/admin/login-answers");
    const device = admin.setCookie(
      await passkeySignedIn(DEMO_ADMIN_EMAIL, "credential-id", "/admin"),
      "masthead_device",
    );
    expect(device).toBeDefined();
    const signIn = (ip: string, password: string, cookie?: string) =>
      r.app.login.POST(post("/api/admin/login", { email: DEMO_ADMIN_EMAIL, password }, { ip, cookie }));
    for (let i = 20; i < 60; i++) await signIn(`192.0.2.${i}`, `guess-${i}`);
    expect((await signIn("192.0.2.7", DEMO_ADMIN_PASSWORD)).status).toBe(429);
    expect((await signIn("192.0.2.7", DEMO_ADMIN_PASSWORD, device)).status).toBe(200);
  });
});

describe("floods of passkey sign-ins", () => {
  const options = (ip: string) => r.options.POST(post("/api/admin/passkeys/sign-in/options", {}, { ip }));
  /** A challenge the site handed out, as the browser would answer it. */
  const challengeOf = async (res: Response) =>
    ((await res.json()) as { options: { challenge: string } }).options.challenge;

  it("unknown passkeys from one holder are refused past the password's failure budgets", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 100; i++) {
      const res = await r.signIn.POST(
        post("/api/admin/passkeys/sign-in", { response: strangerAnswer }, { ip: `198.18.7.${i}` }),
      );
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    const failed = statuses.filter((s) => s === 401).length;
    expect(failed).toBe(r.app.loginLib.HOLDER_FAILURE_LIMIT);
    expect(statuses.slice(failed).every((s) => s === 429)).toBe(true);
  });

  it("10,000 option requests from one holder (a /64 each) leave an earlier challenge answerable, the flood refused past its budget", async () => {
    const earlier = await challengeOf(await options("2001:db8:77:1::1"));
    let answered = 0;
    for (let i = 2; i < 10_002; i++) {
      const res = await options(`2001:db8:77:${i.toString(16)}::1`);
      if (res.status === 200) answered++;
      else expect(res.status).toBe(429);
    }
    expect(answered).toBeLessThan(100);
    expect(await r.challenges.consumeChallenge(earlier, { purpose: "sign-in" })).toBe(true);
  });

  // Last: it fills the store for the rest of a challenge's lifetime.
  it("a full challenge store refuses new challenges with Retry-After and keeps every live one", async () => {
    const holder = oneClientPerNetwork("10");
    const earlier = await challengeOf(await options(holder()));
    let refused: Response | undefined;
    for (let i = 0; i <= r.challenges.SIGN_IN_CHALLENGES && !refused; i++) {
      const res = await options(holder());
      if (res.status !== 200) refused = res;
    }
    expect(refused?.status).toBe(503);
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await r.challenges.consumeChallenge(earlier, { purpose: "sign-in" })).toBe(true);
  });
});
