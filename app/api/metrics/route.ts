import { env } from "@/lib/config/env";
import { delivery } from "@/lib/delivery";
import { bearerToken, secretMatches } from "@/lib/http/bearer";
import { errorResponse } from "@/lib/http/json-response";
import { log } from "@/lib/observability/log.mjs";
import { metrics, reportGauge } from "@/lib/observability/metrics";
import { stateHealth } from "@/lib/state";
import { readiness } from "@/lib/state/readiness";

export const dynamic = "force-dynamic";

/*
 * GET /api/metrics: this instance's metrics in Prometheus' text format, for a scraper holding
 * METRICS_TOKEN (`Authorization: Bearer ...`). Unset token: 404, as if the route did not exist;
 * a missing or wrong token: 401. The gauges that describe shared state (the delivery backlog,
 * Redis) are read here at scrape time, so every instance reports the same backlog; the
 * registry (lib/observability) stays below the features it counts and imports none of them.
 */
export async function GET(request: Request): Promise<Response> {
  const { metricsToken } = env();
  if (!metricsToken) return errorResponse(404, "Not found");
  if (!secretMatches(bearerToken(request.headers), metricsToken))
    return errorResponse(
      401,
      "A valid metrics token is required (Authorization: Bearer <METRICS_TOKEN>).",
      {},
      { "WWW-Authenticate": 'Bearer realm="metrics"' },
    );

  const m = metrics();
  await Promise.all([readDeliveryGauges(m), readRedisGauge(m), readReadinessGauge(m)]);
  return new Response(await m.registry.metrics(), {
    headers: { "Content-Type": m.registry.contentType, "Cache-Control": "no-store" },
  });
}

async function readDeliveryGauges(m: ReturnType<typeof metrics>): Promise<void> {
  try {
    const overview = await delivery().overview();
    m.deliveryPending.set(overview.waiting);
    m.deliveryFailed.set(overview.failedTotal);
  } catch (error) {
    // An unreadable store must not cost the other metrics; the stale value would hide it, so
    // the gauges say "unknown" (NaN) until the store answers again.
    m.deliveryPending.set(Number.NaN);
    m.deliveryFailed.set(Number.NaN);
    log("delivery").warn(
      { error: error instanceof Error ? error.name : typeof error },
      "the delivery store could not be read for the metrics",
    );
  }
}

async function readRedisGauge(m: ReturnType<typeof metrics>): Promise<void> {
  const health = await stateHealth();
  if (health.engine === "redis") reportGauge(m.redisUp, health.redis === "up" ? 1 : 0);
}

async function readReadinessGauge(m: ReturnType<typeof metrics>): Promise<void> {
  m.ready.set((await readiness()).status === 200 ? 1 : 0);
}
