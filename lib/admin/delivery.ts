import "server-only";
import { z } from "zod";
import { delivery } from "../delivery";
import { siteText } from "../config/text";
import { audit, maskAddresses } from "./audit";
import { errorResponse, jsonResponse } from "./http";
import type { AdminSession } from "./session";

// Addresses leave the store masked: an admin tells signups apart without reading a list of readers.

export type DeliveryView = NonNullable<Awaited<ReturnType<typeof deliveryView>>>;

/** The dashboard's newsletter figures; null when the signup store could not be reached. */
export async function deliveryView() {
  try {
    const overview = await delivery().overview();
    return {
      ...overview,
      oldestWaitingMs: overview.oldestWaitingAt === null ? null : Date.now() - overview.oldestWaitingAt,
      failed: overview.failed.map(({ email, ...rest }) => ({ ...rest, address: maskAddresses(email) })),
    };
  } catch {
    return null;
  }
}

/** The body of POST (retry) and DELETE (discard): the failed signups to act on, or every one. */
export const failedSelection = z
  .object({
    ids: z
      .array(z.string().regex(/^[\w-]{1,128}$/, "A signup id is letters, digits, - and _."))
      .min(1, "Name at least one signup, or leave ids out to act on every failed signup.")
      .max(200, "At most 200 signups at a time.")
      .optional(),
  })
  .strict();

/** POST (retry) and DELETE (discard) /api/admin/newsletter/failed, once the admin is authorized. */
export async function actOnFailed(
  session: AdminSession,
  action: "retry" | "discard",
  { ids }: z.infer<typeof failedSelection>,
): Promise<Response> {
  const entry = {
    actor: session.email,
    action: action === "retry" ? "retry_failed_signups" : "discard_failed_signups",
    target: "newsletter_delivery",
  };
  try {
    const store = delivery();
    const count = action === "retry" ? await store.retryFailed(ids) : await store.discardFailed(ids);
    audit({ ...entry, outcome: "ok", detail: `count=${count}${ids ? ` of=${ids.length}` : ""}` });
    return jsonResponse({ ok: true, count });
  } catch (error) {
    audit({ ...entry, outcome: "failed", detail: error instanceof Error ? error.name : "unknown" });
    return errorResponse(503, siteText()("admin.failed.storeDown"));
  }
}
