import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LOCAL_DEMO_API_KEY } from "@/lib/local-workspace";
import { stampPeerAddress } from "@/lib/http/client-key";
import { createNewsletterHandler } from "@/lib/newsletter/handler";
import { createNewsletterLimiters, DEFAULT_LIMITS } from "@/lib/newsletter/rate-limit";
import type { SqliteSignupStore } from "@/lib/delivery/sqlite-store";
import { createStateEngine } from "@/lib/state/engine";
import { createWorkspaceClient, WorkspaceApiError } from "@/lib/workspace";
import { clientNetworks, oneClientPerNetwork } from "../helpers/client-addresses";
import { embeddedDelivery } from "../helpers/delivery-handler";
import * as workspace from "../helpers/workspace-controls";
import { localWorkspaceForSuite, pointAppAtWorkspace } from "../helpers/workspace-fixture";
import { countingRequest } from "../helpers/counting-request";
import { sleep, until } from "../helpers/until";

/*
 * POST /api/newsletter against a real local workspace over HTTP. The first block calls the
 * route's exported POST exactly as Next does (config from the environment); the fault block
 * builds the same handler around a client with short timeouts so retries stay fast, and a
 * store whose worker never runs, so what the route kept is visible there.
 * Every test asserts what the workspace received: its request counter and its outbox.
 */

const SITE = "http://localhost:3000";
const SUBSCRIPTIONS = "POST /api/external/v2/email-subscriptions";

const fixture = localWorkspaceForSuite();
let storeDir: string;
let POST: (request: Request) => Promise<Response>;
let GET: (request: Request) => Promise<Response>;

beforeAll(async () => {
  // lib/config/env.ts reads process.env once, on first use: point it at this workspace before importing the route.
  pointAppAtWorkspace(fixture.server, { SITE_URL: undefined, TRUST_PROXY: undefined, PORT: "3000" });
  // The route keeps signups the workspace cannot take; this suite's store is a throwaway file.
  storeDir = mkdtempSync(path.join(tmpdir(), "masthead-route-"));
  process.env.DELIVERY_STORE_PATH = path.join(storeDir, "delivery.sqlite");
  // Sequential tests should not wait on the pace meant for bursts (covered in newsletter-delivery).
  process.env.DELIVERY_RATE_PER_SECOND = "100";
  ({ POST, GET } = await import("@/app/api/newsletter/route"));
  // What instrumentation.ts does at start: the store's worker is the only caller of the workspace.
  (await import("@/lib/delivery")).startInProcessDelivery();
});
afterAll(async () => {
  await (await import("@/lib/delivery")).closeDelivery();
  rmSync(storeDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await workspace.setFault(fixture.server.url, null);
  await workspace.resetStats(fixture.server.url);
});

// ---- helpers --------------------------------------------------------------------------

/** A fresh client address per request unless a test wants one client, each in a network of its own. */
const freshIp = oneClientPerNetwork("10");
const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.org`;

type PostOptions = {
  headers?: Record<string, string>;
  contentType?: string | null;
  ip?: string;
  origin?: string | null;
};

function request(body: BodyInit | null, opts: PostOptions = {}, method = "POST"): Request {
  const headers: Record<string, string> = {};
  if (opts.origin !== null) headers.origin = opts.origin ?? SITE;
  if (opts.contentType !== null) headers["content-type"] = opts.contentType ?? "application/json";
  Object.assign(headers, opts.headers);
  const made = new Request(`${SITE}/api/newsletter`, { method, headers, body });
  // The connection's address, as instrumentation.ts stamps it in the server.
  stampPeerAddress(made.headers, opts.ip ?? freshIp());
  return made;
}

const jsonPost = (value: unknown, opts: PostOptions = {}) => request(JSON.stringify(value), opts);

/** What a browser without JavaScript sends for the footer form. */
function formPost(fields: Record<string, string>, opts: PostOptions = {}): Request {
  return request(new URLSearchParams(fields).toString(), {
    contentType: "application/x-www-form-urlencoded",
    ...opts,
    headers: {
      accept: "text/html,application/xhtml+xml,*/*;q=0.8",
      "sec-fetch-mode": "navigate",
      "sec-fetch-site": "same-origin",
      ...opts.headers,
    },
  });
}

const upstreamCalls = () => workspace.requestsTo(fixture.server.url, SUBSCRIPTIONS);
const outbox = (to: string) => workspace.outbox(fixture.server.url, to);

async function body(res: Response): Promise<Record<string, unknown>> {
  return (await res.json()) as Record<string, unknown>;
}

// ---- the route as Next runs it ---------------------------------------------------------

describe("POST /api/newsletter (route export, real local workspace)", () => {
  it("subscribes a new address: 201, 'a confirmation link is on its way', one verification email upstream", async () => {
    const email = uniqueEmail("new");
    const res = await POST(jsonPost({ email: `  ${email}  ` }));
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const b = await body(res);
    expect(b.outcome).toBe("subscribed");
    expect(String(b.message)).toMatch(/a confirmation link is on its way/i);
    expect(await upstreamCalls()).toBe(1);
    const mail = await outbox(email);
    // The trimmed address is what went upstream.
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: email, kind: "verification" });
  });

  it("a subscribed address is answered exactly like a new one (JSON and no-JS), so nobody learns who reads it", async () => {
    const verifiedSubscriber = async () => {
      const email = uniqueEmail("reader");
      expect((await POST(jsonPost({ email }))).status).toBe(201);
      const [mail] = await outbox(email);
      expect((await fetch(mail!.link.replace(/^http:\/\/[^/]+/, fixture.server.url))).status).toBe(200);
      return email;
    };
    const subscribed = await verifiedSubscriber();
    const stranger = uniqueEmail("stranger");

    const json = async (email: string) => {
      const res = await POST(jsonPost({ email }));
      return { status: res.status, body: await body(res) };
    };
    const known = await json(subscribed);
    const fresh = await json(stranger);
    expect(known).toEqual(fresh);
    expect(known.status).toBe(201);
    expect(String(known.body.message)).toMatch(/a confirmation link is on its way/i);
    // The workspace was asked both times, and sent no second email to the subscriber.
    expect(await outbox(subscribed)).toHaveLength(1);

    const form = async (email: string) => {
      const res = await POST(formPost({ email, returnTo: "/blog" }));
      return { status: res.status, location: res.headers.get("location") };
    };
    const knownForm = await form(subscribed);
    expect(knownForm).toEqual(await form(uniqueEmail("stranger")));
    expect(knownForm).toEqual({ status: 303, location: "/newsletter/subscribed" });
  });

  it("sends an unverified address a fresh confirmation (201 again), as the workspace does", async () => {
    const email = uniqueEmail("unverified");
    expect((await POST(jsonPost({ email }))).status).toBe(201);
    expect((await POST(jsonPost({ email }))).status).toBe(201);
    expect(await outbox(email)).toHaveLength(2);
  });

  it.each([
    ["", "empty", /enter your email/i],
    ["   ", "empty", /enter your email/i],
    ["reader.example.org", "missing_at", /needs an @/i],
    ["reader@", "missing_domain", /domain after the @/i],
    ["reader@localhost", "missing_domain", /domain after the @/i],
    ["read er@example.org", "spaces", /spaces/i],
    [`${"a".repeat(250)}@example.org`, "too_long", /too long/i],
    ["reader@@example.org", "shape", /doesn't look like an email/i],
    [42, "shape", /doesn't look like an email/i],
    [["a@example.org"], "shape", /doesn't look like an email/i],
    [null, "empty", /enter your email/i],
  ])(
    "refuses %j with 422 saying what is wrong (%s), sending nothing upstream",
    async (email, reason, message) => {
      const res = await POST(jsonPost({ email }));
      expect(res.status).toBe(422);
      const b = await body(res);
      expect(b).toMatchObject({ outcome: "invalid", reason });
      expect(String(b.error)).toMatch(message);
      expect(await upstreamCalls()).toBe(0);
    },
  );

  it("answers a no-JS form post with 303 to the outcome's page, or a refusal to the retry page holding what was typed", async () => {
    const email = uniqueEmail("nojs");
    const res = await POST(
      formPost({ email, homepage: "", form: "newsletter", returnTo: "/blog/some-post" }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/newsletter/subscribed");
    expect(await outbox(email)).toHaveLength(1);

    const bad = await POST(formPost({ email: "nope", form: "newsletter-page", returnTo: "/newsletter" }));
    expect(bad.status).toBe(303);
    expect(bad.headers.get("location")).toBe("/newsletter/retry?outcome=invalid-missing-at&email=nope");
    expect(await upstreamCalls()).toBe(1);
  });

  it("accepts multipart form posts too", async () => {
    const email = uniqueEmail("multipart");
    const form = new FormData();
    form.set("email", email);
    const res = await POST(request(form, { contentType: null, headers: { accept: "application/json" } }));
    expect(res.status).toBe(201);
    expect(await outbox(email)).toHaveLength(1);
  });

  it("never redirects anywhere but the outcome's page, whatever return path or Referer a post names", async () => {
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ returnTo: "//evil.example/x" }, { referer: `${SITE}/tags/rust?page=2` }],
      [{ returnTo: "https://evil.example/" }, {}],
      [{ returnTo: `/blog/${"x".repeat(400)}` }, {}],
      [{}, { referer: "https://evil.example/page" }],
    ];
    for (const [fields, headers] of cases) {
      const res = await POST(formPost({ email: "bad", ...fields }, { headers }));
      expect(res.status, JSON.stringify(fields)).toBe(303);
      expect(res.headers.get("location")).toBe("/newsletter/retry?outcome=invalid-missing-at&email=bad");
    }
  });

  it("refuses posts from another site with 403 and sends nothing upstream", async () => {
    const email = uniqueEmail("csrf");
    const attempts: PostOptions[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: "http://localhost:3000.evil.example" },
      { origin: null, headers: { "sec-fetch-site": "cross-site" } },
      { origin: null, headers: { "sec-fetch-site": "same-site" } },
      { origin: null, headers: { referer: "https://evil.example/form" } },
    ];
    for (const opts of attempts) {
      const res = await POST(jsonPost({ email }, opts));
      expect(res.status, JSON.stringify(opts)).toBe(403);
      expect((await body(res)).error).toMatch(/only accepts submissions from this site/);
    }
    // A form post from another site is refused the same way (no redirect).
    const form = await POST(formPost({ email }, { origin: "https://evil.example" }));
    expect(form.status).toBe(403);
    expect(await upstreamCalls()).toBe(0);
    expect(await outbox(email)).toHaveLength(0);
  });

  it("answers another site's post, and a client over its budget, without reading a byte of the body", async () => {
    // A malformed body that counts how much of it was pulled.
    const counted = (opts: PostOptions) => {
      const base = request(null, opts);
      return countingRequest(base.url, { method: "POST", headers: base.headers }, "{not json");
    };

    const crossSite = counted({ origin: "https://evil.example" });
    const refused = await POST(crossSite.request);
    expect(refused.status).toBe(403);
    expect(await body(refused)).toMatchObject({ outcome: "forbidden" });
    expect(crossSite.pulled()).toBe(0);

    const ip = "203.0.113.79";
    for (let i = 0; i < DEFAULT_LIMITS.perClient.points; i++) {
      expect((await POST(jsonPost({ email: "not-an-email" }, { ip }))).status).toBe(422);
    }
    const limited = counted({ ip });
    const res = await POST(limited.request);
    expect(res.status).toBe(429);
    expect(limited.pulled()).toBe(0);

    // The same body from the site, within budget, is read and refused for what it is.
    const own = counted({});
    expect((await POST(own.request)).status).toBe(400);
    expect(own.pulled()).toBe(1);
    expect(await upstreamCalls()).toBe(0);
  });

  it("lets through requests that carry no browser signal at all (curl): nothing to forge", async () => {
    const email = uniqueEmail("curl");
    const res = await POST(jsonPost({ email }, { origin: null }));
    expect(res.status).toBe(201);
    // And the request's own Host counts as same-origin (SITE_URL may differ behind a proxy).
    const viaHost = await POST(jsonPost({ email: uniqueEmail("host") }, { origin: "http://localhost:3000" }));
    expect(viaHost.status).toBe(201);
  });

  it("gives a honeypot-filling bot a normal-looking success and sends nothing upstream", async () => {
    const email = uniqueEmail("bot");
    const res = await POST(jsonPost({ email, homepage: "http://spam.example" }));
    const real = await POST(jsonPost({ email: uniqueEmail("human"), homepage: "" }));
    expect(res.status).toBe(real.status);
    expect(await body(res)).toEqual(await body(real));
    const form = await POST(formPost({ email, homepage: "x", returnTo: "/blog" }));
    expect(form.headers.get("location")).toBe("/newsletter/subscribed");
    expect(await upstreamCalls()).toBe(1); // only the human
    expect(await outbox(email)).toHaveLength(0);
  });

  it("rate-limits one client: 429 with Retry-After once its budget is spent, nothing upstream", async () => {
    const ip = "203.0.113.77";
    for (let i = 0; i < DEFAULT_LIMITS.perClient.points; i++) {
      expect((await POST(jsonPost({ email: "not-an-email" }, { ip }))).status).toBe(422);
    }
    const res = await POST(jsonPost({ email: uniqueEmail("limited") }, { ip }));
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(DEFAULT_LIMITS.perClient.durationSeconds);
    expect(await body(res)).toMatchObject({ outcome: "rate_limited" });
    expect(await upstreamCalls()).toBe(0);
    // Another client is unaffected.
    expect((await POST(jsonPost({ email: uniqueEmail("other") }))).status).toBe(201);
  });

  it("100 posts with invalid emails from one /24 do not spend its network's budget: another reader there is then accepted", async () => {
    const inNetwork = clientNetworks("198.51")();
    const flooders = Array.from({ length: 50 }, inNetwork);
    for (let i = 0; i < DEFAULT_LIMITS.perNetwork.points; i++) {
      const res = await POST(jsonPost({ email: `not-an-email-${i}` }, { ip: flooders[i % flooders.length] }));
      expect(res.status).toBe(422);
    }
    // Before, the network's budget was taken before the body was read: this reader got 429 for ten minutes.
    const reader = uniqueEmail("same-network");
    const res = await POST(jsonPost({ email: reader }, { ip: inNetwork() }));
    expect(res.status).toBe(201);
    expect(await outbox(reader)).toHaveLength(1);
  });

  it("a client rotating its own X-Forwarded-For is still one client (no trusted proxy): the 21st signup is refused", async () => {
    const ip = "203.0.113.78";
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await POST(
        jsonPost(
          { email: uniqueEmail(`rotating-${i}`) },
          { ip, headers: { "x-forwarded-for": `198.18.${i}.1` } },
        ),
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, DEFAULT_LIMITS.perClient.points).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(DEFAULT_LIMITS.perClient.points)).toEqual([429, 429, 429, 429, 429]);
    expect(await upstreamCalls()).toBe(DEFAULT_LIMITS.perClient.points);
  });

  it("limits confirmation emails per address across clients, without locking the address's owner out", async () => {
    const email = uniqueEmail("victim");
    // Someone else posts the address until its budget is spent...
    for (let i = 0; i < DEFAULT_LIMITS.perAddress.points; i++)
      expect((await POST(jsonPost({ email }))).status).toBe(201);
    // ...then its owner signs up: a success that points at the emails already sent, and nothing more is sent.
    const res = await POST(jsonPost({ email: email.toUpperCase() }));
    expect(res.status).toBe(200);
    expect(res.headers.get("retry-after")).toBeNull();
    const b = await body(res);
    expect(b).toMatchObject({ outcome: "recently_sent" });
    expect(String(b.message)).toMatch(/a confirmation link was sent to it a short while ago/i);
    expect(await outbox(email)).toHaveLength(DEFAULT_LIMITS.perAddress.points);
    expect(await upstreamCalls()).toBe(DEFAULT_LIMITS.perAddress.points);
    // The no-JavaScript form shows the same success.
    const form = await POST(formPost({ email, returnTo: "/blog" }));
    expect(form.headers.get("location")).toBe("/newsletter/recently-sent");
    expect(await outbox(email)).toHaveLength(DEFAULT_LIMITS.perAddress.points);
  });

  it("refuses oversized, malformed and unsupported bodies without a 5xx or an upstream call", async () => {
    const big = await POST(jsonPost({ email: "a@example.org", pad: "x".repeat(5000) }));
    expect(big.status).toBe(413);

    // Content-Length claims little; the stream carries more: counted while reading.
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 10; i++) c.enqueue(new TextEncoder().encode(`{"email":"${"y".repeat(1000)}`));
        c.close();
      },
    });
    const lying = new Request(`${SITE}/api/newsletter`, {
      method: "POST",
      headers: { origin: SITE, "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit & { duplex: "half" });
    stampPeerAddress(lying.headers, freshIp());
    expect((await POST(lying)).status).toBe(413);

    expect((await POST(request("{not json", {}))).status).toBe(400);
    expect((await POST(request("[1,2]", {}))).status).toBe(400);
    expect((await POST(request('"a@example.org"', {}))).status).toBe(400);
    expect((await POST(request(new Uint8Array([0xff, 0xfe, 0x7b]), {}))).status).toBe(400);
    expect((await POST(request("email=a@example.org", { contentType: "text/plain" }))).status).toBe(415);
    expect((await POST(request(null, { contentType: null }))).status).toBe(415);

    const get = await GET(new Request(`${SITE}/api/newsletter`));
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(await upstreamCalls()).toBe(0);
  });
});

// ---- workspace failures ---------------------------------------------------------------

describe("POST /api/newsletter when the workspace fails", () => {
  type Sent = { url: string; method: string; headers: Record<string, string>; body: string | undefined };
  let sent: Sent[];
  let logs: string[];
  let store: SqliteSignupStore | undefined;
  const stores: SqliteSignupStore[] = [];
  afterEach(async () => {
    while (stores.length) await stores.pop()!.close();
  });

  /** The route and the store's worker (the only caller of the workspace), through a client that records what it sends. */
  function handler(
    opts: { apiKey?: string; apiBase?: string; mode?: "local" | "remote"; maxPending?: number } = {},
  ) {
    sent = [];
    logs = [];
    const client = createWorkspaceClient({
      apiBase: opts.apiBase ?? `${fixture.server.url}/api/external`,
      apiKey: opts.apiKey ?? LOCAL_DEMO_API_KEY,
      timeoutMs: 400,
      maxRetries: 0,
      log: (line) => logs.push(line),
      // Records exactly what went upstream, then really sends it.
      fetch: async (input, init) => {
        sent.push({
          url: String(input),
          method: init?.method ?? "GET",
          headers: Object.fromEntries(
            Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [
              k.toLowerCase(),
              v,
            ]),
          ),
          body: typeof init?.body === "string" ? init.body : undefined,
        });
        return fetch(input, init);
      },
    });
    store = embeddedDelivery({
      dir: storeDir,
      subscribe: (email) => client.addSubscriber(email),
      mode: opts.mode ?? "local",
      maxPending: opts.maxPending,
      log: (line) => logs.push(line),
    });
    stores.push(store);
    return createNewsletterHandler({
      store,
      waitMs: 1_000,
      siteUrl: SITE,
      trustProxy: 0,
      // Counters of its own, so these cases do not spend the app handler's budgets.
      limiters: createNewsletterLimiters(DEFAULT_LIMITS, createStateEngine({ redis: null }).limiter),
      log: (line) => logs.push(line),
    });
  }

  const fault = (config: workspace.Fault) => workspace.setFault(fixture.server.url, config);

  /** The workspace could not take it: "on its way" (202), and the signup waits in the store, not lost. */
  async function expectKept(res: Response, email: string) {
    expect(res.status).toBe(202);
    const b = await body(res);
    expect(b.outcome).toBe("queued");
    expect(String(b.message)).toMatch(/within a few minutes/i);
    expect(JSON.stringify(b)).not.toMatch(/at .*\.ts|Error:|stack/i);
    expect((await store!.overview()).waiting).toBe(1);
    expect(await outbox(email)).toHaveLength(0);
  }

  /** Neither sent nor kept: "try again in a minute" (503 with Retry-After), never a false success. */
  async function expectTryAgain(res: Response) {
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(60);
    const b = await body(res);
    expect(b.outcome).toBe("unavailable");
    expect(String(b.error)).toMatch(/try again in a minute/i);
    expect(JSON.stringify(b)).not.toMatch(/at .*\.ts|Error:|stack/i);
  }

  it("the worker sends exactly the documented request upstream (POST email-subscriptions, the key, {email}) while the reader waits", async () => {
    const email = uniqueEmail("wire");
    const res = await handler()(jsonPost({ email: ` ${email}` }));
    expect(res.status).toBe(201);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe("POST");
    expect(sent[0]!.url).toBe(`${fixture.server.url}/api/external/v2/email-subscriptions`);
    expect(sent[0]!.headers["x-api-key"]).toBe(LOCAL_DEMO_API_KEY);
    expect(sent[0]!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(sent[0]!.body!)).toEqual({ email });
    const overview = await store!.overview();
    expect(overview.waiting).toBe(0);
    expect(overview.last24h).toMatchObject({
      accepted: 1,
      sentAtOnce: 1,
      queued: 0,
      delivered: 1,
      failed: 0,
    });
  });

  it("workspace down (503): 202 'on its way' with the signup kept, one call, then the worker waits", async () => {
    await fault({ mode: "status", status: 503 });
    const email = uniqueEmail("down");
    await expectKept(await handler()(jsonPost({ email })), email);
    // Tried again after a backoff that grows (at least 250 ms, then 500 ms): not in a loop.
    await sleep(300);
    expect(await upstreamCalls()).toBeLessThanOrEqual(3);
    expect((await store!.overview()).last24h).toMatchObject({ accepted: 1, sentAtOnce: 0, queued: 1 });
    // Back: the worker delivers it without a new signup.
    await workspace.setFault(fixture.server.url, null);
    await until(async () => (await outbox(email)).length === 1, { what: "the kept signup's email" });
  });

  it("workspace rate-limiting (429 with Retry-After): kept, and no call to the workspace for as long as it asked", async () => {
    await fault({ mode: "rate-limit", retryAfter: 600 });
    const h = handler();
    const busy = uniqueEmail("busy");
    await expectKept(await h(jsonPost({ email: busy })), busy);
    const later = uniqueEmail("busier");
    expect((await h(jsonPost({ email: later }))).status).toBe(202);
    expect(sent).toHaveLength(1);
  });

  it("workspace slow or hanging: the reader is answered within the wait, and the signup is kept", async () => {
    await fault({ mode: "hang" });
    const started = Date.now();
    const email = uniqueEmail("hang");
    await expectKept(await handler()(jsonPost({ email })), email);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("workspace unreachable: kept", async () => {
    // A port that was just free: connection refused (fetch blocks well-known ports such as 9).
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const email = uniqueEmail("gone");
    await expectKept(
      await handler({ apiBase: `http://127.0.0.1:${port}/api/external` })(jsonPost({ email })),
      email,
    );
  });

  it.each(["malformed-json", "wrong-shape"])(
    "workspace answers garbage (%s): kept, never a false success",
    async (mode) => {
      await fault({ mode });
      const email = uniqueEmail("garbage");
      await expectKept(await handler()(jsonPost({ email })), email);
    },
  );

  it("the workspace refuses the address (422): the reader is told, and it is on the failed list as rejected", async () => {
    handler();
    // The local workspace accepts what the form accepts: a 422 of its own, as a remote one answers it.
    store = embeddedDelivery({
      dir: storeDir,
      subscribe: async () => {
        throw new WorkspaceApiError({ status: 422, code: "invalid", message: "x", endpoint: SUBSCRIPTIONS });
      },
      log: (line) => logs.push(line),
    });
    stores.push(store);
    const email = uniqueEmail("refused");
    const res = await createNewsletterHandler({
      store,
      waitMs: 1_000,
      siteUrl: SITE,
      trustProxy: 0,
      limiters: createNewsletterLimiters(DEFAULT_LIMITS, createStateEngine({ redis: null }).limiter),
    })(jsonPost({ email }));
    expect(res.status).toBe(422);
    expect((await body(res)).reason).toBe("rejected");
    const overview = await store.overview();
    expect(overview.failed).toEqual([expect.objectContaining({ email, reason: "rejected" })]);
    expect(overview.last24h).toMatchObject({ accepted: 0, failed: 1 });
    expect(logs.some((l) => l.includes("422"))).toBe(true);
  });

  it("workspace rejects the key (401): the signup is kept; one log line says what to fix, without the key", async () => {
    const wrongKey = "wps_wrong_key_0123456789abcdef";
    const email = uniqueEmail("key");
    await expectKept(await handler({ apiKey: wrongKey, mode: "remote" })(jsonPost({ email })), email);
    const keyLines = logs.filter((l) => /401/.test(l));
    expect(keyLines).toHaveLength(1);
    expect(keyLines[0]).toMatch(/WORKSPACE_API_KEY/);
    expect(keyLines[0]).toMatch(/WORKSPACE_URL/);
    expect(keyLines[0]).toMatch(/subdomain/);
    for (const line of logs) {
      expect(line).not.toContain(wrongKey);
      expect(line).not.toContain(email);
    }

    await handler({ apiKey: wrongKey, mode: "local" })(jsonPost({ email }));
    expect(logs.filter((l) => /401/.test(l))[0]).toMatch(/LOCAL_WORKSPACE_API_KEY/);
  });

  it("neither sent nor kept (store full): 503 'try again in a minute', and the address's confirmation budget is not used up", async () => {
    const h = handler({ maxPending: 0 });
    const email = uniqueEmail("budget");
    for (let i = 0; i < DEFAULT_LIMITS.perAddress.points + 1; i++)
      await expectTryAgain(await h(jsonPost({ email })));
    expect(await upstreamCalls()).toBe(0);
  });

  it("a no-JS reader gets the outcome on their page too (303 to #…-queued, or #…-unavailable when nothing could be kept)", async () => {
    await fault({ mode: "status", status: 503 });
    const kept = await handler()(formPost({ email: uniqueEmail("nojs-kept"), returnTo: "/blog" }));
    expect(kept.status).toBe(303);
    expect(kept.headers.get("location")).toBe("/newsletter/queued");

    const res = await handler({ maxPending: 0 })(
      formPost({ email: uniqueEmail("nojs-down"), returnTo: "/blog" }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/^\/newsletter\/retry\?outcome=unavailable&email=nojs-down/);
  });
});
