import { beforeAll, describe, expect, it } from "vitest";
import { clientAddresses } from "../helpers/client-addresses";
import { localWorkspaceForSuite, pointAppAtWorkspace } from "../helpers/workspace-fixture";

/*
 * A flood of sign-ins with random addresses from many clients (what per-account and per-client
 * limits cannot stop) is admitted a few password checks at a time; the excess is told "busy"
 * (503 with Retry-After) at once instead of queueing CPU work, and the real admin can still
 * sign in once it passes (the workspace confirming they are still an admin). Called through the
 * route handler with real Requests.
 */

const fixture = localWorkspaceForSuite();

const SITE = "http://localhost:3000";
let login: typeof import("@/app/api/admin/login/route");
let limits: typeof import("@/lib/admin/password-check").PASSWORD_CHECK_LIMITS;

beforeAll(async () => {
  pointAppAtWorkspace(fixture.server, {
    SITE_URL: undefined,
    PORT: undefined,
    ADMIN_USERS: undefined,
    SESSION_SECRET: undefined,
  });
  login = await import("@/app/api/admin/login/route");
  ({ PASSWORD_CHECK_LIMITS: limits } = await import("@/lib/admin/password-check"));
});

let seq = 0;
/** Each attempt from a client of its own, so only the bounded password checks are in play. */
const freshClient = clientAddresses("203.0");
function attempt(email: string, password: string): Promise<Response> {
  seq++;
  return login.POST(
    new Request(`${SITE}/api/admin/login`, {
      method: "POST",
      headers: {
        host: "localhost:3000",
        origin: SITE,
        "content-type": "application/json",
        "x-forwarded-for": freshClient(),
      },
      body: JSON.stringify({ email, password }),
    }),
  );
}

describe("sign-in flood", () => {
  it("checks a bounded number of passwords at once; the rest get 503 with Retry-After at once, never a 500", async () => {
    const flood = 40;
    const answers = await Promise.all(
      Array.from({ length: flood }, (_, i) => attempt(`guess-${i}-${seq}@example.org`, `pw-${i}`)),
    );
    const statuses = answers.map((r) => r.status);
    const busy = answers.filter((r) => r.status === 503);
    // Only the gate's slots and queue reach a password check.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(
      limits.concurrency + limits.maxQueue,
    );
    expect(busy.length).toBeGreaterThanOrEqual(flood - limits.concurrency - limits.maxQueue);
    expect(statuses.every((s) => s === 401 || s === 503)).toBe(true);
    for (const r of busy) {
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await r.json()) as { error: string }).error).toMatch(/busy/i);
      expect(r.headers.get("set-cookie")).toBeNull();
    }
    // Once the flood has passed, the real admin signs in.
    const ok = await attempt("admin@example.com", "masthead-demo");
    expect(ok.status).toBe(200);
  });
});
