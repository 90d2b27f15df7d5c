import { jsonResponse } from "@/lib/http/json-response";

export const dynamic = "force-dynamic";

/** Liveness: nothing else is checked, so a load balancer can poll it every second for free. */
export function GET(): Response {
  return jsonResponse({ status: "ok" });
}
