import { randomUUID } from "node:crypto";
import path from "node:path";
import { createAttempt } from "@/lib/delivery/attempt";
import { SqliteSignupStore } from "@/lib/delivery/sqlite-store";
import { createNewsletterHandler, type NewsletterHandlerOptions } from "@/lib/newsletter/handler";
import { createNewsletterLimiters } from "@/lib/newsletter/rate-limit";

/** The site the delivery suites' requests and links name. */
export const DELIVERY_SITE = "http://localhost:3000";

/**
 * A signup as the footer form sends it with JavaScript, from the reader `headers` names in
 * X-Forwarded-For; a string body is sent as it is.
 */
export function signupRequest(value: unknown, headers: Record<string, string>): Request {
  return new Request(`${DELIVERY_SITE}/api/newsletter`, {
    method: "POST",
    headers: { origin: DELIVERY_SITE, "content-type": "application/json", ...headers },
    body: typeof value === "string" ? value : JSON.stringify(value),
  });
}

/**
 * The newsletter handler the delivery suites test with: the app's default limiters (unless given),
 * `trustProxy: 1` because each test request carries its own X-Forwarded-For (one client each, as
 * if behind one proxy), and the app's wait for the worker unless given.
 */
export function deliveryTestHandler(
  opts: Pick<NewsletterHandlerOptions, "store" | "log" | "siteUrl" | "limiters"> & { waitMs?: number },
): ReturnType<typeof createNewsletterHandler> {
  return createNewsletterHandler({
    trustProxy: 1,
    limiters: createNewsletterLimiters(),
    waitMs: 1_000,
    ...opts,
  });
}

/**
 * The embedded store on a fresh SQLite file in `dir`. With `subscribe`, its worker runs (the
 * only caller of the workspace); without, nothing is delivered and what the route kept stays in
 * the store for the test to see. Close it after the test.
 */
export function embeddedDelivery(opts: {
  dir: string;
  subscribe?: (email: string) => Promise<unknown>;
  mode?: "local" | "remote";
  maxPending?: number;
  ratePerSecond?: number;
  maxAgeMs?: number;
  file?: string;
  now?: () => number;
  log?: (line: string) => void;
}): SqliteSignupStore {
  const log = opts.log ?? (() => {});
  const subscribe = opts.subscribe;
  const store = new SqliteSignupStore({
    file: opts.file ?? path.join(opts.dir, `store-${randomUUID()}.sqlite`),
    maxPending: opts.maxPending ?? 1000,
    now: opts.now,
    log,
    worker: subscribe && {
      ...createAttempt({ subscribe, mode: opts.mode ?? "local", log }),
      ratePerSecond: opts.ratePerSecond ?? 100,
      maxAgeMs: opts.maxAgeMs ?? 72 * 3600_000,
      leaseMs: 5_000,
    },
  });
  store.start({ worker: Boolean(subscribe) });
  return store;
}
