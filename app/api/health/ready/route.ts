import { readiness } from "@/lib/state/readiness";
import { jsonResponse } from "@/lib/http/json-response";

export const dynamic = "force-dynamic";

/** GET /api/health/ready: readiness, including Redis when REDIS_URL is set (lib/state/readiness.ts). */
export async function GET(): Promise<Response> {
  const { status, body } = await readiness();
  return jsonResponse(body, status);
}
