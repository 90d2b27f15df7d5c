import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type Metric } from "prom-client";
import { observability } from "./log.mjs";

// One registry per process (kept beside the logger), so every bundle's counts show in one scrape.
// Counted where the work happens, never per page view; docs/operations.md lists them and their alerts.

export const SIGNUP_OUTCOMES = [
  "created",
  "already",
  "queued",
  "recently_sent",
  "invalid",
  "rate_limited",
  "refused",
  "forbidden",
  "bad_request",
  "honeypot",
] as const;
export type SignupOutcome = (typeof SIGNUP_OUTCOMES)[number];

const DELIVERY_OUTCOMES = ["delivered", "already_subscribed", "rejected", "retry"] as const;

export const LOGIN_OUTCOMES = [
  "ok",
  "code_required",
  "invalid",
  "rate_limited",
  "busy",
  "forbidden",
  "not_admin",
  "workspace_unreachable",
  "bad_request",
] as const;
export type LoginOutcome = (typeof LOGIN_OUTCOMES)[number];

/** lib/delivery/types.ts's StoreRefusal. */
const QUEUE_REFUSAL_REASONS = ["out_of_memory", "unreachable", "unreplicated", "unwritable"] as const;

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Gauges named `_total` fail `promtool check metrics`; the unsummed ones stay, which `sum()` totals.
  for (const kind of ["handles", "requests", "resources"])
    registry.removeSingleMetric(`nodejs_active_${kind}_total`);
  const registers = [registry];
  // Known values start at zero, so rate() and increase() see the first event.
  const counterOf = <L extends string>(name: string, help: string, label: L, values: readonly string[]) => {
    const counter = new Counter<L>({
      name,
      help: `${help} (${values.join(", ")}).`,
      labelNames: [label],
      registers,
    });
    for (const value of values) counter.inc({ [label]: value } as Record<L, string>, 0);
    return counter;
  };

  const metrics = {
    registry,
    workspaceRequests: new Counter({
      name: "masthead_workspace_requests_total",
      help: "HTTP requests to the workspace API, one per attempt (retries count), by operation and outcome (ok, or the kind of failure).",
      labelNames: ["operation", "outcome"] as const,
      registers,
    }),
    workspaceDuration: new Histogram({
      name: "masthead_workspace_request_duration_seconds",
      help: "Time from sending a request to the workspace API to its answer or failure, per attempt.",
      labelNames: ["operation"] as const,
      buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    signups: counterOf(
      "masthead_newsletter_signups_total",
      "Newsletter form submissions by outcome",
      "outcome",
      SIGNUP_OUTCOMES,
    ),
    deliveryPending: new Gauge({
      name: "masthead_delivery_pending",
      help: "Signups stored and waiting for delivery to the workspace (read from the store at scrape time).",
      registers,
    }),
    deliveryFailed: new Gauge({
      name: "masthead_delivery_failed",
      help: "Signups on the failed list (too old or refused by the workspace), waiting for an admin (read from the store at scrape time).",
      registers,
    }),
    deliveryAttempts: counterOf(
      "masthead_delivery_attempts_total",
      "Delivery attempts of stored signups by this process's worker, by outcome",
      "outcome",
      DELIVERY_OUTCOMES,
    ),
    rateLimited: new Counter({
      name: "masthead_rate_limited_total",
      help: "Requests refused by a rate limit, by limit.",
      labelNames: ["limit"] as const,
      registers,
    }),
    adminLogins: counterOf(
      "masthead_admin_logins_total",
      "Admin sign-in attempts by outcome",
      "outcome",
      LOGIN_OUTCOMES,
    ),
    // Exposed only once known (reportGauge): an early 0 would look like "Redis down" to an alert.
    redisUp: new Gauge({
      name: "masthead_redis_up",
      help: "1 when Redis answered a PING at scrape time, 0 when not; absent without REDIS_URL.",
      registers: [],
    }),
    ready: new Gauge({
      name: "masthead_ready",
      help: "1 when this instance's readiness (GET /api/health/ready) answers 200 at scrape time, 0 when it answers 503 (starting, draining, unavailable).",
      registers,
    }),
    redisNoeviction: new Gauge({
      name: "masthead_redis_noeviction",
      help: "1 when Redis's maxmemory-policy is noeviction, 0 when another policy lets a full Redis delete queued signups; read on each connection, absent without Redis.",
      registers: [],
    }),
    redisAofEnabled: new Gauge({
      name: "masthead_redis_aof_enabled",
      help: "1 when Redis's append-only file is on (appendonly yes), 0 when a restart would lose the signups since the last snapshot; read on each connection, absent without Redis.",
      registers: [],
    }),
    deliveryQueueUp: new Gauge({
      name: "masthead_delivery_queue_up",
      help: "1 when this instance's delivery queue answered its last command, 0 when it did not (its signups wait in the instance's own file); absent without Redis.",
      registers: [],
    }),
    signupQueueRefusals: counterOf(
      "masthead_signup_queue_refusals_total",
      "Signups the Redis queue could not hold safely, by reason; each was kept in the instance's own file (its outbox) until the queue confirmed it, or answered 503 when that refused too",
      "reason",
      QUEUE_REFUSAL_REASONS,
    ),
    blogPosts: new Gauge({
      name: "masthead_blog_posts",
      help: "Blog posts in this process's copy of the blog; absent until the process has loaded it.",
      registers: [],
    }),
  };
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;

export function metrics(): Metrics {
  const root = observability();
  return (root.metrics ??= createMetrics()) as Metrics;
}

/** Sets a gauge exposed only from its first value on. */
export function reportGauge(gauge: Gauge, value: number): void {
  const { registry } = metrics();
  if (!registry.getSingleMetric((gauge as unknown as Metric & { name: string }).name))
    registry.registerMetric(gauge);
  gauge.set(value);
}
