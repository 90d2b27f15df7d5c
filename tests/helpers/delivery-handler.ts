import { randomUUID } from "node:crypto";
import path from "node:path";
import { MemoryGate } from "@/lib/delivery/gate";
import { createDeliveryService, type DeliveryService } from "@/lib/delivery/service";
import { SqliteSignupStore } from "@/lib/delivery/sqlite-store";
import {
  createNewsletterHandler,
  createNewsletterLimiters,
  type NewsletterHandlerOptions,
} from "@/lib/newsletter";

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
 * and `trustProxy: 1` because each test request carries its own X-Forwarded-For (one client
 * each, as if behind one proxy).
 */
export function deliveryTestHandler(
  opts: Pick<NewsletterHandlerOptions, "subscribe" | "queue" | "log" | "siteUrl" | "limiters">,
): ReturnType<typeof createNewsletterHandler> {
  return createNewsletterHandler({
    trustProxy: 1,
    limiters: createNewsletterLimiters(),
    ...opts,
  });
}

/**
 * The embedded delivery service on a fresh SQLite file in `dir`, its worker not started: what
 * the route could not send stays in the store for the test to see. Close it after the test.
 */
export function storeOnlyDelivery(opts: {
  dir: string;
  mode?: "local" | "remote";
  maxPending?: number;
  ratePerSecond?: number;
  log?: (line: string) => void;
}): DeliveryService {
  return createDeliveryService({
    store: new SqliteSignupStore({
      file: path.join(opts.dir, `store-${randomUUID()}.sqlite`),
      maxPending: opts.maxPending ?? 1000,
    }),
    gate: new MemoryGate(opts.ratePerSecond ?? 100),
    // Only the worker calls this, and it is never started here.
    subscribe: () => Promise.reject(new Error("no worker in this test")),
    mode: opts.mode ?? "local",
    maxAgeMs: 72 * 3600_000,
    leaseMs: 5_000,
    log: opts.log ?? (() => {}),
  });
}
