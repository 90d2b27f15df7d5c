import { readiness } from "@/lib/health";
import { jsonResponse } from "@/lib/json-response";

export const dynamic = "force-dynamic";

/** GET /api/health/ready: readiness, including Redis when REDIS_URL is set (lib/health.ts). */
export async function GET(): Promise<Response> {
  const { status, body } = await readiness();
  return jsonResponse(body, status);
}
