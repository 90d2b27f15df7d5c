import { z } from "zod";

/*
 * The local workspace's own controls under /__local/ (lib/local-workspace/README.md), by the
 * workspace's address: a contract suite passes `server.url`, a browser suite the e2e
 * workspace's. Plain fetch and no app code, so Vitest and Playwright share them. Each throws when
 * the workspace does not answer 2xx, so a test never goes on against a workspace that did not
 * take the change or could not say what it holds.
 */

/** The e2e site's local workspace (playwright.config.ts starts it on E2E_WORKSPACE_PORT). */
export const E2E_WORKSPACE_URL = `http://127.0.0.1:${process.env.E2E_WORKSPACE_PORT ?? 4110}`;

/** A fault as `POST /__local/faults` takes it: `mode` and its options (`status`, `pathPrefix`, `count`…). */
export type Fault = Record<string, unknown>;

/**
 * One control request. Retried once on a connection error: a workspace the test restarted
 * leaves pooled sockets to the old server, and the first request may meet one of them.
 */
async function control(url: string, pathname: string, init?: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(`${url}${pathname}`, init);
  } catch {
    res = await fetch(`${url}${pathname}`, init);
  }
  if (!res.ok) {
    const what = `${init?.method ?? "GET"} ${pathname}`;
    throw new Error(`the workspace answered ${what} with ${res.status}: ${await res.text()}`);
  }
  return res;
}

/** Makes the workspace at `url` misbehave as `fault` says; `null` lifts every fault. */
export async function setFault(url: string, fault: Fault | null): Promise<void> {
  await control(
    url,
    "/__local/faults",
    fault
      ? { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(fault) }
      : { method: "DELETE" },
  );
}

/** The fault the workspace holds now (null once a `count`-limited one is spent). */
export async function currentFault(url: string): Promise<unknown> {
  return ((await (await control(url, "/__local/faults")).json()) as { fault: unknown }).fault;
}

export const outboxSchema = z
  .object({
    emails: z.array(
      z
        .object({
          id: z.number().int(),
          to: z.string(),
          kind: z.enum(["verification", "invitation"]),
          subject: z.string(),
          link: z.string(),
          created_at: z.iso.datetime(),
        })
        .strict(),
    ),
  })
  .strict();

export type Outbox = z.infer<typeof outboxSchema>;
export type OutboxEmail = Outbox["emails"][number];

/** The emails the workspace has sent to `to` (every email it has sent, without `to`), oldest first. */
export async function outbox(url: string, to?: string): Promise<OutboxEmail[]> {
  const query = to === undefined ? "" : `?to=${encodeURIComponent(to)}`;
  return outboxSchema.parse(await (await control(url, `/__local/outbox${query}`)).json()).emails;
}

/** What the workspace has counted since its stats were last reset. */
export type Requests = {
  total: number;
  /** The most requests that arrived within any one second. */
  peakPerSecond: number;
  /** By `METHOD /route`, e.g. "GET /api/external/v2/blog-posts". */
  byRoute: Record<string, number>;
};

export async function stats(url: string): Promise<Requests> {
  return ((await (await control(url, "/__local/stats")).json()) as { requests: Requests }).requests;
}

/** How many requests the workspace has counted on `route` ("POST /api/external/v2/email-subscriptions"). */
export async function requestsTo(url: string, route: string): Promise<number> {
  return (await stats(url)).byRoute[route] ?? 0;
}

/** Starts the workspace's request counts afresh. */
export async function resetStats(url: string): Promise<void> {
  await control(url, "/__local/stats/reset", { method: "POST" });
}
