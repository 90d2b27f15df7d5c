import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  LOCAL_DEMO_API_KEY,
  startLocalWorkspaceServer,
  type LocalWorkspaceServer,
} from "@/lib/local-workspace";
import type { SqliteSignupStore } from "@/lib/delivery/sqlite-store";
import { createWorkspaceClient } from "@/lib/workspace";
import { freePort } from "../helpers/redis-server";
import { until } from "../helpers/until";
import { clientAddresses, clientNetworks, oneClientPerNetwork } from "../helpers/client-addresses";
import {
  DELIVERY_SITE,
  deliveryTestHandler,
  embeddedDelivery,
  signupRequest,
} from "../helpers/delivery-handler";
import * as workspace from "../helpers/workspace-controls";
import {
  createNewsletterLimiters,
  DEFAULT_LIMITS,
  type NewsletterLimiters,
} from "@/lib/newsletter/rate-limit";
import { createStateEngine } from "@/lib/state/engine";

/*
 * Durable delivery with the embedded engine (SQLite store, in-process worker) against a real
 * local workspace over HTTP: outages, refused connections, a refused key, bursts against the
 * workspace's own rate limit, one pending delivery per address, and a store that cannot write.
 * Every test asserts what the workspace received (its outbox and stats) and what the store holds.
 */

const SITE = DELIVERY_SITE;
let dir: string;
let port: number;
let ws: LocalWorkspaceServer | undefined;
const services: SqliteSignupStore[] = [];

async function startWorkspace(opts: { rateLimit?: { limit: number; windowMs: number } } = {}) {
  ws = await startLocalWorkspaceServer({
    port,
    dataDir: path.join(dir, "workspace"),
    log: () => {},
    ...(opts.rateLimit ? { rateLimit: opts.rateLimit } : {}),
  });
  return ws;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "masthead-delivery-"));
  port = await freePort();
  await startWorkspace();
});
beforeEach(async () => {
  await workspace.resetStats(base());
});
afterEach(async () => {
  while (services.length) await services.pop()!.close();
  await workspace.setFault(base(), null);
});
afterAll(async () => {
  await ws?.close();
  rmSync(dir, { recursive: true, force: true });
});

const base = () => `http://127.0.0.1:${port}`;

/** A reader of its own for each request: 250 to a /24, as readers behind one network are. */
const freshClient = clientAddresses("10.9");
/** A fresh IPv4 /24 per call, and its addresses (tests/helpers/client-addresses.ts). */
const floodNetworks = clientNetworks("10.81");
const email = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.org`;

type Setup = {
  file?: string;
  rate?: number;
  maxPending?: number;
  apiKey?: string;
  logs?: string[];
  now?: () => number;
  worker?: boolean;
  limiters?: NewsletterLimiters;
};

function setup(opts: Setup = {}) {
  const logs = opts.logs ?? [];
  const client = createWorkspaceClient({
    apiBase: `${base()}/api/external`,
    apiKey: opts.apiKey ?? LOCAL_DEMO_API_KEY,
    timeoutMs: 2_000,
    maxRetries: 0,
    log: (l) => logs.push(l),
  });
  const service = embeddedDelivery({
    dir,
    file: opts.file,
    maxPending: opts.maxPending,
    ratePerSecond: opts.rate ?? 20,
    now: opts.now,
    log: (l) => logs.push(l),
    subscribe: opts.worker === false ? undefined : (e) => client.addSubscriber(e),
  });
  services.push(service);
  const handler = deliveryTestHandler({
    store: service,
    // Without a worker nothing will happen while the reader waits.
    waitMs: opts.worker === false ? 0 : 500,
    siteUrl: SITE,
    log: (l) => logs.push(l),
    limiters: opts.limiters,
  });
  return { handler, service, logs };
}

/** The dashboard's three figures. */
async function counts(service: SqliteSignupStore) {
  const o = await service.overview();
  return { pending: o.waiting, failed: o.failedTotal, deliveredLastDay: o.last24h.delivered };
}

const post = (value: unknown, headers: Record<string, string> = {}) =>
  signupRequest(value, { "x-forwarded-for": freshClient(), ...headers });

const fault = (config: workspace.Fault) => workspace.setFault(base(), config);
const liftFault = () => workspace.setFault(base(), null);
const outbox = (to: string) => workspace.outbox(base(), to);
const stats = () => workspace.stats(base());

async function everyoneGotOneEmail(addresses: string[], service: SqliteSignupStore): Promise<void> {
  await until(async () => (await counts(service)).pending === 0, {
    what: "every address delivered",
    timeoutMs: 20_000,
  });
  for (const a of addresses) expect(await outbox(a), a).toHaveLength(1);
}

/** Limiters with counters of their own (a fresh in-memory engine), so a test's flood starts at zero. */
const ownLimiters = (limits = DEFAULT_LIMITS) =>
  createNewsletterLimiters(limits, createStateEngine({ redis: null }).limiter);

const allEmails = () => workspace.outbox(base());

describe("signup floods cost the flooder, not the readers", () => {
  it("1,000 signups from 50 addresses of one /24: the network's budget is stored, the rest 429; a reader after it is confirmed within 60 s", async () => {
    const { handler, service } = setup({ rate: 10, limiters: ownLimiters() });
    const statuses: Record<number, number> = {};
    for (let i = 0; i < 1000; i++) {
      const res = await handler(
        post({ email: email(`flood${i}`) }, { "x-forwarded-for": `10.77.1.${(i % 50) + 1}` }),
      );
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status === 429) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    const accepted = (statuses[201] ?? 0) + (statuses[202] ?? 0);
    // Without the network's budget each address had its own 20: all 1,000 were accepted.
    expect(accepted).toBe(DEFAULT_LIMITS.perNetwork.points);
    expect(statuses[429]).toBe(1000 - accepted);
    const kept = await counts(service);
    expect(kept.pending).toBeLessThanOrEqual(accepted);

    const reader = email("reader");
    const started = Date.now();
    const res = await handler(post({ email: reader }, { "x-forwarded-for": "192.0.2.10" }));
    expect([201, 202]).toContain(res.status);
    await until(async () => (await outbox(reader)).length === 1, {
      what: "the reader's confirmation email",
      timeoutMs: 60_000,
      intervalMs: 250,
    });
    console.info(
      `[flood] ${JSON.stringify(statuses)}; ${kept.pending} stored; the reader's email after ${Date.now() - started} ms`,
    );
  }, 180_000);

  it("an IPv6 /64 is one client: rotating addresses inside it does not multiply the client's budget", async () => {
    const { handler } = setup({ limiters: ownLimiters() });
    const statuses: number[] = [];
    for (let i = 0; i < DEFAULT_LIMITS.perClient.points + 5; i++) {
      const address = `2001:db8:77:1:${(i + 1).toString(16)}::${(i * 7 + 1).toString(16)}`;
      statuses.push(
        (await handler(post({ email: email(`v6-${i}`) }, { "x-forwarded-for": address }))).status,
      );
    }
    expect(statuses.filter((s) => s === 201 || s === 202)).toHaveLength(DEFAULT_LIMITS.perClient.points);
    expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
  }, 120_000);

  it("3 signups from each of 111 /64s of one IPv6 /56, then 10 readers from fresh IPv4 networks: the /56 is one holder, and the readers are subscribed", async () => {
    const { handler } = setup({ limiters: ownLimiters(), worker: false });
    const flood: Record<number, number> = {};
    for (let n = 0; n < 111; n++) {
      for (let i = 0; i < 3; i++) {
        // 2001:db8:56:NN00::/56 holds 256 /64s; a tunnel broker hands out a whole /48 for free.
        const address = `2001:db8:56:${(0x5600 + n).toString(16)}::${(i + 1).toString(16)}`;
        const res = await handler(post({ email: email(`v6-56-${n}-${i}`) }, { "x-forwarded-for": address }));
        flood[res.status] = (flood[res.status] ?? 0) + 1;
      }
    }
    const readers = oneClientPerNetwork("10.123");
    const subscribed: number[] = [];
    for (let r = 0; r < 10; r++) {
      const res = await handler(post({ email: email(`reader-${r}`) }, { "x-forwarded-for": readers() }));
      subscribed.push(res.status);
    }
    console.info(`[/56 flood] ${JSON.stringify(flood)}; readers ${subscribed.join(", ")}`);
    // One holder's budget of signups, however many /64s it spreads them over.
    expect((flood[201] ?? 0) + (flood[202] ?? 0)).toBeLessThanOrEqual(DEFAULT_LIMITS.perNetwork.points);
    expect(subscribed.filter((s) => s === 201 || s === 202).length).toBeGreaterThanOrEqual(9);
  }, 180_000);

  it("320 valid signups from 40 /24s, network by network: the flood spends the open part of the site-wide cap, and a reader from a fresh network is still accepted", async () => {
    await fault({ mode: "status", status: 503 });
    const { handler, service } = setup({ limiters: ownLimiters(), worker: false });
    const statuses: Record<number, number> = {};
    for (let n = 0; n < 40; n++) {
      const inNetwork = floodNetworks();
      for (let i = 0; i < 8; i++) {
        const res = await handler(
          post({ email: email(`flood40-${n}-${i}`) }, { "x-forwarded-for": inNetwork() }),
        );
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    }
    const accepted = statuses[202] ?? 0;
    expect(accepted).toBeLessThanOrEqual(DEFAULT_LIMITS.global.points);
    expect(statuses[429]).toBe(320 - accepted);

    // Before the reserved part, the flood took all 300 and this reader was told "busy".
    const reader = email("reader40");
    const res = await handler(post({ email: reader }, { "x-forwarded-for": floodNetworks()() }));
    expect(res.status).toBe(202);
    expect((await service.overview()).failed).toEqual([]);
    expect((await counts(service)).pending).toBe(accepted + 1);
    console.info(`[flood of 40 networks] ${JSON.stringify(statuses)}; the reader: ${res.status}`);
  }, 120_000);

  it("the site-wide cap: beyond it 429 with Retry-After and 'try again', nothing sent or stored", async () => {
    const limits = { ...DEFAULT_LIMITS, global: { points: 5, durationSeconds: 60 } };
    await fault({ mode: "status", status: 503 });
    const { handler, service } = setup({ limiters: ownLimiters(limits), worker: false });
    const addresses = Array.from({ length: 8 }, () => email("site-cap"));
    const answers = [];
    for (const [i, a] of addresses.entries())
      answers.push(await handler(post({ email: a }, { "x-forwarded-for": `10.78.${i}.1` })));
    expect(answers.map((r) => r.status)).toEqual([202, 202, 202, 202, 202, 429, 429, 429]);
    const refused = answers[5]!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { outcome: string; error: string }).error).toMatch(/try again/i);
    expect((await counts(service)).pending).toBe(5);
  });
});

describe("one mailbox however it is written (case, +tag, Gmail, Proton, Fastmail)", () => {
  it("40 signups of victim+N@ send at most the per-address budget of emails to that inbox", async () => {
    const { handler } = setup({ limiters: ownLimiters() });
    const name = `victim${randomUUID().slice(0, 6)}`;
    const answers: number[] = [];
    for (let n = 0; n < 40; n++) {
      const written = n % 2 ? `${name}+${n}@Example.ORG` : `${name.toUpperCase()}+${n}@example.org`;
      answers.push((await handler(post({ email: written }))).status);
    }
    // Every answer looks like success: a stranger typing the address must not lock its owner out.
    expect(answers.every((s) => s >= 200 && s < 300)).toBe(true);
    const emails = (await allEmails()).filter((e) => e.to.toLowerCase().startsWith(`${name}+`));
    expect(emails).toHaveLength(DEFAULT_LIMITS.perAddress.points);
  });

  it("Gmail ignores dots: v.i.c.t.i.m@gmail.com and victim@googlemail.com are one inbox", async () => {
    const { handler } = setup({ limiters: ownLimiters() });
    const name = `gm${randomUUID().slice(0, 6)}`;
    const spellings = [
      `${name}@gmail.com`,
      `${name.split("").join(".")}@gmail.com`,
      `${name.slice(0, 3)}.${name.slice(3)}+x@googlemail.com`,
      `${name.toUpperCase()}@GMAIL.COM`,
      `${name}+y@gmail.com`,
    ];
    for (const written of spellings) await handler(post({ email: written }));
    const gmailEmails = (await allEmails()).filter((e) =>
      e.to.toLowerCase().replace(/\./g, "").startsWith(name),
    );
    expect(gmailEmails).toHaveLength(DEFAULT_LIMITS.perAddress.points);
  });

  /** 15 signups, each a fresh spelling from `spell`, from fresh clients: the emails that reached the outbox. */
  async function fifteenSpellings(spell: (n: number) => string): Promise<number> {
    const { handler } = setup({ limiters: ownLimiters() });
    const written = Array.from({ length: 15 }, (_, n) => spell(n));
    expect(new Set(written).size).toBe(15);
    for (const address of written) {
      const res = await handler(post({ email: address }));
      // Every answer looks like success: a stranger typing the address must not lock its owner out.
      expect(res.status).toBeLessThan(300);
    }
    const sent = new Set(written.map((w) => w.toLowerCase()));
    return (await allEmails()).filter((e) => sent.has(e.to.toLowerCase())).length;
  }

  it("Proton ignores `.`, `-`, `_` and +tag on its four domains: 15 spellings, at most 3 emails", async () => {
    const name = `victim${randomUUID().slice(0, 4).replace(/\d/g, "q")}`;
    const domains = ["proton.me", "pm.me", "protonmail.com", "protonmail.ch"];
    const seps = [".", "-", "_"];
    const sent = await fifteenSpellings((n) => {
      const cut = 1 + (n % (name.length - 1));
      const tag = n >= 12 ? `+${n}` : "";
      return `${name.slice(0, cut)}${seps[n % 3]}${name.slice(cut)}${tag}@${domains[n % 4]}`;
    });
    console.info(`[Proton spellings] 15 signups, ${sent} emails to one inbox`);
    expect(sent).toBeLessThanOrEqual(DEFAULT_LIMITS.perAddress.points);
  });

  it("Fastmail subdomain addressing (xN@victim.fastmail.com): 15 spellings, at most 3 emails", async () => {
    const name = `victim${randomUUID().slice(0, 6)}`;
    const sent = await fifteenSpellings((n) => `x${n}@${name}.fastmail.com`);
    console.info(`[Fastmail subdomains] 15 signups, ${sent} emails to one inbox`);
    expect(sent).toBeLessThanOrEqual(DEFAULT_LIMITS.perAddress.points);
  });
});

describe("newsletter delivery (SQLite store, in-process worker)", () => {
  it("workspace answering 503: every signup gets 202 'on its way', is stored, and is delivered once when it recovers", async () => {
    await fault({ mode: "status", status: 503 });
    const { handler, service } = setup();
    const addresses = Array.from({ length: 6 }, () => email("outage"));
    for (const a of addresses) {
      const res = await handler(post({ email: a }));
      expect(res.status).toBe(202);
      const body = (await res.json()) as { outcome: string; message: string };
      expect(body.outcome).toBe("queued");
      expect(body.message).toMatch(/a confirmation link will reach it/);
    }
    expect((await counts(service)).pending).toBe(6);
    for (const a of addresses) expect(await outbox(a)).toHaveLength(0);
    await liftFault();
    await everyoneGotOneEmail(addresses, service);
    expect(await counts(service)).toMatchObject({ pending: 0, failed: 0, deliveredLastDay: 6 });
  });

  it("workspace refusing connections: 202, kept, delivered once after it is back on the same port", async () => {
    const { handler, service } = setup();
    await ws!.close();
    const addresses = Array.from({ length: 4 }, () => email("refused"));
    try {
      for (const a of addresses) expect((await handler(post({ email: a }))).status).toBe(202);
      expect((await counts(service)).pending).toBe(4);
    } finally {
      await startWorkspace();
    }
    await everyoneGotOneEmail(addresses, service);
  });

  it("workspace hanging: the route answers 202 after its short wait, and the signup arrives once", async () => {
    await fault({ mode: "hang" });
    const { handler, service } = setup();
    const a = email("hang");
    const started = Date.now();
    const res = await handler(post({ email: a }));
    expect(res.status).toBe(202);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect((await counts(service)).pending).toBe(1);
    await liftFault();
    await everyoneGotOneEmail([a], service);
  });

  it("a repeat for a pending address adds no second delivery, and the owner is told it is on its way", async () => {
    await fault({ mode: "status", status: 503 });
    const { handler, service } = setup();
    const a = email("twice");
    expect((await handler(post({ email: a }))).status).toBe(202);
    for (const variant of [a, a.toUpperCase(), `  ${a} `]) {
      const res = await handler(post({ email: variant }));
      expect(res.status).toBe(202);
      expect(((await res.json()) as { outcome: string }).outcome).toBe("queued");
    }
    expect((await counts(service)).pending).toBe(1);
    await liftFault();
    await everyoneGotOneEmail([a], service);
  });

  it("bad input never reaches the store: invalid addresses, the honeypot, oversize and malformed bodies", async () => {
    await fault({ mode: "status", status: 503 });
    const { handler, service } = setup();
    const statuses = [];
    for (const bad of ["", "nope", "a@b", "x y@example.org", `${"a".repeat(250)}@example.org`, 42, null])
      statuses.push((await handler(post({ email: bad }))).status);
    statuses.push((await handler(post({ email: email("bot"), homepage: "http://spam.example" }))).status);
    statuses.push((await handler(post({ email: email("big"), pad: "x".repeat(5000) }))).status);
    statuses.push((await handler(post("{not json"))).status);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 422, 422, 201, 413, 400]);
    expect(await counts(service)).toEqual({ pending: 0, failed: 0, deliveredLastDay: 0 });
    expect((await stats()).byRoute["POST /api/external/v2/email-subscriptions"] ?? 0).toBe(0);
  });

  it("a full store answers 503 'nothing was saved' (never a 500) and does not use up the address's budget", async () => {
    await fault({ mode: "status", status: 503 });
    const logs: string[] = [];
    const { handler, service } = setup({ maxPending: 2, worker: false, logs });
    expect((await handler(post({ email: email("one") }))).status).toBe(202);
    expect((await handler(post({ email: email("two") }))).status).toBe(202);
    const third = email("three");
    const res = await handler(post({ email: third }));
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await res.json()) as { outcome: string; error: string };
    expect(body).toMatchObject({ outcome: "unavailable" });
    expect(body.error).toMatch(/Nothing was saved; please try again/);
    expect((await counts(service)).pending).toBe(2);
    expect(logs.some((l) => /could not be kept.*full/.test(l))).toBe(true);
    for (const line of logs) expect(line).not.toContain(third);
  });

  it("an unwritable store answers 503 with the same clear message, even with the workspace up: every signup goes through the store", async () => {
    const blocker = path.join(dir, `not-a-dir-${randomUUID()}`);
    writeFileSync(blocker, "a file where the store's folder should be");
    await fault({ mode: "status", status: 503 });
    const { handler } = setup({ file: path.join(blocker, "store.sqlite"), worker: false });
    const res = await handler(post({ email: email("nodisk") }));
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toMatch(/Nothing was saved/);
    await liftFault();
    expect((await handler(post({ email: email("direct") }))).status).toBe(503);
    expect((await stats()).byRoute["POST /api/external/v2/email-subscriptions"] ?? 0).toBe(0);
  });

  it("a refused key is an outage: signups are kept (202), one log line names the variable, nothing is dropped", async () => {
    const logs: string[] = [];
    const wrong = "wps_wrong_key_0123456789abcdef";
    const file = path.join(dir, `store-${randomUUID()}.sqlite`);
    const { handler, service } = setup({ apiKey: wrong, logs, file });
    const addresses = Array.from({ length: 3 }, () => email("key"));
    for (const a of addresses) expect((await handler(post({ email: a }))).status).toBe(202);
    // The worker keeps trying (and failing) without dropping anything or logging again.
    await until(async () => (await stats()).total >= 3, { what: "the worker to retry", timeoutMs: 20_000 });
    expect(await counts(service)).toMatchObject({ pending: 3, failed: 0 });
    const keyLines = logs.filter((l) => /refused the API key/.test(l));
    expect(keyLines).toHaveLength(1);
    expect(keyLines[0]).toMatch(/LOCAL_WORKSPACE_API_KEY/);
    for (const line of logs) {
      expect(line).not.toContain(wrong);
      for (const a of addresses) expect(line).not.toContain(a);
    }
    // The key is fixed (a restart with the right one): the same store is delivered.
    await services.pop()!.close();
    const fixed = setup({ file });
    await everyoneGotOneEmail(addresses, fixed.service);
  });

  it("a burst against the workspace's own rate limit (Retry-After beyond the client's 5 s cap): all 2xx, all delivered, never faster than configured", async () => {
    await ws!.close();
    await startWorkspace({ rateLimit: { limit: 4, windowMs: 6_000 } });
    try {
      await workspace.resetStats(base());
      const rate = 2;
      const { handler, service } = setup({ rate });
      const addresses = Array.from({ length: 10 }, () => email("burst"));
      const answers = await Promise.all(addresses.map((a) => handler(post({ email: a }))));
      for (const res of answers)
        expect(res.status === 201 || res.status === 202, String(res.status)).toBe(true);
      await until(async () => (await counts(service)).pending === 0, {
        what: "the burst delivered",
        timeoutMs: 45_000,
      });
      for (const a of addresses) expect(await outbox(a), a).toHaveLength(1);
      const s = await stats();
      expect(s.peakPerSecond).toBeLessThanOrEqual(rate);
      // The workspace did push back (429 with a Retry-After up to 6 s), and it was honoured.
      expect(s.total).toBeGreaterThan(addresses.length);
    } finally {
      await ws!.close();
      await startWorkspace();
    }
  }, 60_000);

  it("signups past the maximum age move to the failed list; admins can retry or discard them", async () => {
    await fault({ mode: "status", status: 503 });
    let clock = Date.now() - 73 * 3600_000;
    const file = path.join(dir, `store-${randomUUID()}.sqlite`);
    const old = setup({ file, worker: false, now: () => clock });
    const a = email("old");
    expect((await old.handler(post({ email: a }))).status).toBe(202);
    clock = Date.now();
    const { service } = setup({ file });
    await until(async () => (await counts(service)).failed === 1, {
      what: "the old signup to expire",
      timeoutMs: 20_000,
    });
    expect((await counts(service)).pending).toBe(0);
    await liftFault();
    expect(await service.retryFailed()).toBe(1);
    await everyoneGotOneEmail([a], service);

    await fault({ mode: "status", status: 503 });
    clock = Date.now() - 73 * 3600_000;
    expect((await old.handler(post({ email: email("discard") }))).status).toBe(202);
    clock = Date.now();
    await until(async () => (await counts(service)).failed === 1, {
      what: "it to expire",
      timeoutMs: 20_000,
    });
    expect(await service.discardFailed()).toBe(1);
    expect(await counts(service)).toMatchObject({ pending: 0, failed: 0 });
  });
});
