import { metricsResponse } from "@/lib/observability/endpoint";

export const dynamic = "force-dynamic";

/** GET /api/metrics: Prometheus metrics for a scraper with METRICS_TOKEN (lib/observability/endpoint.ts). */
export function GET(request: Request): Promise<Response> {
  return metricsResponse(request);
}
