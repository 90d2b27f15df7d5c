import "server-only";
import { delivery, type DeliveryCounts } from "../delivery";
import { audit } from "./audit";
import { errorResponse, jsonResponse, type Authorized } from "./http";

/*
 * The admin's view of newsletter delivery: counts for the dashboard, and the two actions on
 * the failed list. Counts only: addresses never leave the store, not even for admins.
 */

export async function deliveryCounts(): Promise<DeliveryCounts | null> {
  try {
    return await delivery().store.counts();
  } catch {
    return null;
  }
}

export const STORE_UNAVAILABLE =
  "The signup store could not be reached, so nothing was changed. Try again in a minute.";

/** POST (retry) and DELETE (discard) /api/admin/newsletter/failed, after authorize(). */
export async function actOnFailed(
  auth: Extract<Authorized, { ok: true }>,
  action: "retry" | "discard",
): Promise<Response> {
  const entry = {
    actor: auth.session.email,
    action: action === "retry" ? "retry_failed_signups" : "discard_failed_signups",
    target: "newsletter_delivery",
  };
  try {
    const store = delivery().store;
    const count = action === "retry" ? await store.retryFailed() : await store.discardFailed();
    audit({ ...entry, outcome: "ok", detail: `count=${count}` });
    return jsonResponse({ ok: true, count, counts: await store.counts() });
  } catch (error) {
    audit({ ...entry, outcome: "failed", detail: error instanceof Error ? error.name : "unknown" });
    return errorResponse(503, STORE_UNAVAILABLE);
  }
}
