import { jsonResponse } from "@/lib/http/json-response";

export const dynamic = "force-dynamic";

/**
 * GET /api/health: liveness. The process is up and answering; nothing else is checked (no
 * workspace call, no Redis), so a load balancer can poll it every second for free.
 */
export function GET(): Response {
  return jsonResponse({ status: "ok" });
}
