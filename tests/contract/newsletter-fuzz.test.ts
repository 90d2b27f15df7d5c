import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { SqliteSignupStore } from "@/lib/delivery/sqlite-store";
import { LOCAL_DEMO_API_KEY } from "@/lib/local-workspace";
import { createNewsletterHandler } from "@/lib/newsletter/handler";
import { createNewsletterLimiters } from "@/lib/newsletter/rate-limit";
import { createWorkspaceClient } from "@/lib/workspace";
import { embeddedDelivery } from "../helpers/delivery-handler";
import * as workspace from "../helpers/workspace-controls";
import { localWorkspaceForSuite } from "../helpers/workspace-fixture";

/*
 * Property-based fuzzing of POST /api/newsletter with malformed and hostile bodies and headers,
 * against a real local workspace. Invariants: never a 5xx; never an upstream call for input
 * that is invalid by construction; and with valid input mixed in, upstream only ever receives
 * a trimmed, well-formed address, once per success.
 */

const SITE = "http://localhost:3000";
const SUBSCRIPTIONS = "POST /api/external/v2/email-subscriptions";
const HOSTILE_RUNS = 2_000;
const MIXED_RUNS = 500;

const fixture = localWorkspaceForSuite({ options: { rateLimit: { limit: 1_000_000, windowMs: 60_000 } } });
const storeDir = mkdtempSync(path.join(tmpdir(), "masthead-fuzz-"));
const services: SqliteSignupStore[] = [];
afterAll(async () => {
  while (services.length) await services.pop()!.close();
  rmSync(storeDir, { recursive: true, force: true });
  // The report quotes these.
  console.info(`[newsletter fuzz] hostile runs: ${HOSTILE_RUNS}, mixed runs: ${MIXED_RUNS}`);
});

/** A handler whose every upstream call is recorded; limits raised so they never hide validation. */
function instrumentedHandler() {
  const upstream: string[] = [];
  const client = createWorkspaceClient({
    apiBase: `${fixture.server.url}/api/external`,
    apiKey: LOCAL_DEMO_API_KEY,
    timeoutMs: 5_000,
    maxRetries: 0,
    log: () => {},
  });
  const big = { points: 1_000_000_000, durationSeconds: 60 };
  const logs: string[] = [];
  // Paced far above the fuzzing rate, so every valid address is delivered while the reader waits.
  const service = embeddedDelivery({
    dir: storeDir,
    ratePerSecond: 1_000,
    subscribe: async (email) => {
      upstream.push(email);
      return client.addSubscriber(email);
    },
  });
  services.push(service);
  const handle = createNewsletterHandler({
    store: service,
    waitMs: 5_000,
    siteUrl: SITE,
    trustProxy: 0,
    limiters: createNewsletterLimiters({
      perClient: big,
      perNetwork: big,
      perAddress: big,
      global: big,
      reserved: { share: 0, firstSignups: 0 },
    }),
    log: (line) => logs.push(line),
  });
  return { handle, upstream, logs, service };
}

const upstreamCallsSeenByWorkspace = () => workspace.requestsTo(fixture.server.url, SUBSCRIPTIONS);

// ---- arbitraries ------------------------------------------------------------------------

/** Header values must be ByteStrings without CR/LF; hostile, but sendable. */
const headerText = fc.string({ maxLength: 300 }).map((s) => s.replace(/[^\x20-\x7e]/g, "").trim());

// Mostly our own origin, so most runs get past the CSRF check and reach the body parsing.
const originHeader = fc.oneof(
  { weight: 6, arbitrary: fc.constant(SITE) },
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.constant("null"),
      fc.webUrl(),
      headerText,
      fc.constant("http://localhost:3000.evil.example"),
    ),
  },
);
const contentType = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("application/json", "application/x-www-form-urlencoded") },
  fc.constantFrom(
    "application/json",
    "application/json; charset=utf-8",
    "APPLICATION/JSON",
    "application/x-www-form-urlencoded",
    "multipart/form-data",
    "multipart/form-data; boundary=xyz",
    "text/plain",
    "application/xml",
  ),
  headerText,
);
const headers = fc.record(
  {
    origin: originHeader,
    "sec-fetch-site": fc.option(
      fc.oneof(fc.constantFrom("same-origin", "same-site", "cross-site", "none"), headerText),
      { nil: undefined },
    ),
    "sec-fetch-mode": fc.option(fc.oneof(fc.constantFrom("navigate", "cors", "no-cors"), headerText), {
      nil: undefined,
    }),
    referer: fc.option(fc.oneof(fc.webUrl(), headerText, fc.constant(`${SITE}/blog/x`)), { nil: undefined }),
    accept: fc.option(fc.oneof(fc.constantFrom("application/json", "text/html", "*/*"), headerText), {
      nil: undefined,
    }),
    "x-forwarded-for": fc.option(headerText, { nil: undefined }),
    host: fc.option(fc.oneof(fc.constant("localhost:3000"), headerText), { nil: undefined }),
    "content-type": contentType,
  },
  { requiredKeys: ["content-type", "origin"] },
);

/** Plain addresses every validator accepts, so the mixed run exercises the success path often. */
const plainEmail = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9]{1,12}([._+-][a-z0-9]{1,8})?$/),
    fc.stringMatching(/^[a-z0-9]{1,10}(-[a-z0-9]{1,6})?$/),
    fc.constantFrom("org", "com", "net", "io", "co.uk"),
  )
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);

/** Addresses that are invalid by construction, judged independently of the handler's schema. */
const invalidEmail = fc.oneof(
  fc.string({ maxLength: 300 }).filter((s) => !s.includes("@")),
  fc.string({ maxLength: 40 }).map((s) => `a b${s}@example.org`),
  fc.string({ minLength: 1, maxLength: 40 }).map((s) => `${"x".repeat(260)}${s}@example.org`),
  fc.constantFrom(
    "@",
    "a@",
    "@example.org",
    "a@b",
    "a@@b.org",
    "a@b@c.org",
    "<script>@x",
    "a@.",
    "a@b.",
    "mailto:@x",
    "\u0000@\u0000",
    "\uFEFF",
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.emailAddress(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.emailAddress(), { maxKeys: 3 }),
);

const junkFields = fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 });
const filledHoneypot = fc.oneof(
  fc.string({ minLength: 1, maxLength: 50 }).filter((s) => s.trim() !== ""),
  fc.integer(),
  fc.constant(true),
  fc.array(fc.string(), { minLength: 1, maxLength: 2 }),
);

type Case = { headers: Record<string, string | undefined>; body: BodyInit | null; note: string };

const encodeForm = (fields: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(fields).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
  ).toString();

/** Bodies that must never cause an upstream call, whatever the headers say. */
const hostileBody: fc.Arbitrary<{ body: BodyInit | null; note: string }> = fc.oneof(
  fc.record({ extra: junkFields, email: invalidEmail }).map(({ extra, email }) => ({
    body: JSON.stringify({ ...extra, email }),
    note: "json, invalid email",
  })),
  fc.record({ extra: junkFields, email: invalidEmail }).map(({ extra, email }) => ({
    body: encodeForm({ ...extra, email }),
    note: "form, invalid email",
  })),
  fc.record({ email: fc.emailAddress(), trap: filledHoneypot }).map(({ email, trap }) => ({
    body: JSON.stringify({ email, homepage: trap }),
    note: "json, honeypot filled",
  })),
  fc
    .record({
      email: fc.emailAddress(),
      trap: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== ""),
    })
    .map(({ email, trap }) => ({
      body: encodeForm({ email, homepage: trap }),
      note: "form, honeypot filled",
    })),
  fc
    .jsonValue()
    .filter((v) => v === null || typeof v !== "object" || Array.isArray(v))
    .map((v) => ({ body: JSON.stringify(v), note: "json, not an object" })),
  fc
    .string({ maxLength: 500 })
    .filter((s) => !s.includes("@"))
    .map((s) => ({ body: s, note: "text without an address" })),
  fc.uint8Array({ maxLength: 2_000 }).map((b) => ({ body: b as BodyInit, note: "binary" })),
  fc
    .emailAddress()
    .map((email) => ({ body: JSON.stringify({ email, pad: "p".repeat(5_000) }), note: "oversized json" })),
  fc.emailAddress().map((email) => ({
    body: `email=${encodeURIComponent(email)}&pad=${"p".repeat(5_000)}`,
    note: "oversized form",
  })),
  fc.constant({ body: null, note: "no body" }),
  fc.constant({ body: '{"email": "reader@example.org"', note: "truncated json" }),
  fc.constant({
    body: '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\nnot-an-address\r\n--xyz--\r\n',
    note: "multipart, invalid email",
  }),
);

/** Valid addresses but a request no reader's browser would make from this site. */
const crossSiteValid = fc.record({
  email: fc.emailAddress(),
  origin: fc.oneof(fc.webUrl(), fc.constant("null")).filter((o) => !o.startsWith(SITE)),
});

function build(c: Case): Request | undefined {
  const h = new Headers();
  try {
    for (const [k, v] of Object.entries(c.headers)) if (v !== undefined) h.set(k, v);
    return new Request(`${SITE}/api/newsletter`, { method: "POST", headers: h, body: c.body });
  } catch {
    // A header undici itself refuses cannot reach the handler either.
    return undefined;
  }
}

describe("POST /api/newsletter under fuzzing", () => {
  it(`hostile bodies and headers (${HOSTILE_RUNS} runs): zero 5xx, zero upstream calls`, async () => {
    const { handle, upstream, service } = instrumentedHandler();
    await workspace.resetStats(fixture.server.url);
    const statuses = new Map<number, number>();
    let built = 0;

    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { weight: 4, arbitrary: fc.record({ headers, body: hostileBody }) },
          {
            weight: 1,
            arbitrary: fc.record({ headers, valid: crossSiteValid }).map(({ headers: hs, valid }) => ({
              headers: { ...hs, origin: valid.origin, "content-type": "application/json" },
              body: { body: JSON.stringify({ email: valid.email }), note: "cross-site origin" },
            })),
          },
        ),
        async ({ headers: hs, body }) => {
          const request = build({ headers: hs, body: body.body, note: body.note });
          if (!request) return;
          built++;
          const res = await handle(request);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          expect(res.status, body.note).toBeLessThan(500);
          expect(upstream, body.note).toEqual([]);
          if (res.headers.get("content-type")?.includes("json")) {
            const text = await res.text();
            expect(text).not.toMatch(/\bat .+:\d+:\d+|Error:/);
          }
          // A redirect only ever goes to an outcome's page on this site, followed by a path
          // (never `//`, a backslash, a scheme or a query a reader could have smuggled in), or to
          // the retry page with the outcome and the typed address form-encoded (nothing raw).
          if (res.status === 303)
            expect(res.headers.get("location")).toMatch(
              /^\/newsletter\/([a-z-]+(\/(?![/\\])[^?#]*)?|retry\?outcome=[a-z-]+(&email=[A-Za-z0-9%+._*-]*)?)$/,
            );
        },
      ),
      { numRuns: HOSTILE_RUNS },
    );

    expect(await upstreamCallsSeenByWorkspace()).toBe(0);
    expect((await service.overview()).waiting).toBe(0);
    console.info(
      `[newsletter fuzz] hostile: ${built} requests built of ${HOSTILE_RUNS} runs, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(built).toBeGreaterThan(HOSTILE_RUNS * 0.9);
  });

  it(`valid and invalid input mixed (${MIXED_RUNS} runs): zero 5xx; upstream gets only trimmed well-formed addresses, once per success`, async () => {
    const { handle, upstream } = instrumentedHandler();
    await workspace.resetStats(fixture.server.url);
    const independentEmail = z.email();
    let successes = 0;

    await fc.assert(
      fc.asyncProperty(
        fc.record({
          email: fc.oneof(
            { weight: 3, arbitrary: plainEmail },
            { weight: 2, arbitrary: invalidEmail },
            { weight: 1, arbitrary: fc.emailAddress() },
            { weight: 1, arbitrary: plainEmail.map((e) => `  ${e}\t`) },
          ),
          form: fc.boolean(),
          accept: fc.constantFrom("application/json", "*/*", undefined),
        }),
        async ({ email, form, accept }) => {
          const before = upstream.length;
          const request = build({
            headers: {
              origin: SITE,
              "content-type": form ? "application/x-www-form-urlencoded" : "application/json",
              accept,
            },
            body: form ? encodeForm({ email }) : JSON.stringify({ email }),
            note: "mixed",
          });
          if (!request) return;
          const res = await handle(request);
          expect(res.status).toBeLessThan(500);
          const made = upstream.slice(before);
          expect(made.length).toBeLessThanOrEqual(1);
          for (const sent of made) {
            expect(sent).toBe(sent.trim());
            expect(sent.length).toBeLessThanOrEqual(254);
            expect(independentEmail.safeParse(sent).success).toBe(true);
          }
          if (res.status === 201 || res.status === 200) {
            successes++;
            expect(made).toHaveLength(1);
          } else {
            // 422 from our validation never calls upstream; 422 "rejected" did, once.
            const b = (await res.json()) as { reason?: string };
            expect(made).toHaveLength(b.reason === "rejected" ? 1 : 0);
          }
        },
      ),
      { numRuns: MIXED_RUNS },
    );

    expect(await upstreamCallsSeenByWorkspace()).toBe(upstream.length);
    console.info(
      `[newsletter fuzz] mixed: ${MIXED_RUNS} runs, ${successes} successes, ${upstream.length} upstream calls`,
    );
    expect(successes).toBeGreaterThan(0);
  });
});
