import { readiness } from "@/lib/state/readiness";
import { jsonResponse } from "@/lib/http/json-response";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const { status, body } = await readiness();
  return jsonResponse(body, status);
}
