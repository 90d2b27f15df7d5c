import { env } from "@/lib/config/env";
import { delivery } from "@/lib/delivery";
import { bearerToken, secretMatches } from "@/lib/http/bearer";
import { errorResponse } from "@/lib/http/json-response";
import { log } from "@/lib/observability/log.mjs";
import { metrics, reportGauge } from "@/lib/observability/metrics";
import { stateHealth } from "@/lib/state";
import { readiness } from "@/lib/state/readiness";

export const dynamic = "force-dynamic";

// For a scraper holding METRICS_TOKEN (unset: 404). Shared state (the delivery backlog, Redis) is read at
// scrape time, so every instance reports the same, and the registry imports no feature.
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
  const [, health, ready] = await Promise.all([readDeliveryGauges(m), stateHealth(), readiness()]);
  if (health.engine === "redis") reportGauge(m.redisUp, health.redis === "up" ? 1 : 0);
  m.ready.set(ready.status === 200 ? 1 : 0);
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
    // A stale value would hide an unreadable store: "unknown" (NaN) until it answers again.
    m.deliveryPending.set(Number.NaN);
    m.deliveryFailed.set(Number.NaN);
    log("delivery").warn(
      { error: error instanceof Error ? error.name : typeof error },
      "the delivery store could not be read for the metrics",
    );
  }
}
