import "server-only";
import { delivery, type DeliveryCounts, type DeliveryOverview } from "../delivery";
import { audit } from "./audit";
import { errorResponse, jsonResponse, readJson } from "./http";
import type { AdminSession } from "./session";

/*
 * The admin's view of newsletter delivery: counts for the dashboard, and the two actions on
 * the failed list (the dashboard's overview, failed addresses included, is `delivery().overview()`).
 */

export async function deliveryCounts(): Promise<DeliveryCounts | null> {
  try {
    return countsOf(await delivery().overview());
  } catch {
    return null;
  }
}

const countsOf = (o: DeliveryOverview): DeliveryCounts => ({
  pending: o.waiting,
  deliveredLastDay: o.last24h.delivered,
  failed: o.failedTotal,
});

export const STORE_UNAVAILABLE =
  "The signup store could not be reached, so nothing was changed. Try again in a minute.";

export const NO_INPUT = "This action takes no input: send no body, or an empty JSON object.";

/** POST (retry) and DELETE (discard) /api/admin/newsletter/failed, once the admin is authorized. */
export async function actOnFailed(
  request: Request,
  session: AdminSession,
  action: "retry" | "discard",
): Promise<Response> {
  // Nothing to read, but a body is refused rather than ignored: a request carrying one was not
  // made by the dashboard's buttons.
  if (request.body !== null) {
    const parsed = await readJson(request);
    if (!parsed.ok) return parsed.response;
    const body = parsed.body;
    if (!body || typeof body !== "object" || Array.isArray(body) || Object.keys(body).length > 0)
      return errorResponse(400, NO_INPUT);
  }
  const entry = {
    actor: session.email,
    action: action === "retry" ? "retry_failed_signups" : "discard_failed_signups",
    target: "newsletter_delivery",
  };
  try {
    const store = delivery();
    const count = action === "retry" ? await store.retryFailed() : await store.discardFailed();
    audit({ ...entry, outcome: "ok", detail: `count=${count}` });
    return jsonResponse({ ok: true, count, counts: countsOf(await store.overview()) });
  } catch (error) {
    audit({ ...entry, outcome: "failed", detail: error instanceof Error ? error.name : "unknown" });
    return errorResponse(503, STORE_UNAVAILABLE);
  }
}
