import { actOnFailed } from "@/lib/admin/delivery";
import { authorize } from "@/lib/admin/http";

export const dynamic = "force-dynamic";

/** POST /api/admin/newsletter/failed: "retry failed" (every failed signup back to pending). */
export async function POST(request: Request): Promise<Response> {
  const auth = await authorize(request);
  if (!auth.ok) return auth.response;
  return actOnFailed(request, auth, "retry");
}

/** DELETE /api/admin/newsletter/failed: "discard failed" (the addresses are deleted). */
export async function DELETE(request: Request): Promise<Response> {
  const auth = await authorize(request);
  if (!auth.ok) return auth.response;
  return actOnFailed(request, auth, "discard");
}
