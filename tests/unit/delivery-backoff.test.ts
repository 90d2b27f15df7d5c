import { describe, expect, it } from "vitest";
import { BACKOFF_CAP_MS, backoffMs, classify } from "@/lib/delivery/attempt";
import { WorkspaceApiError } from "@/lib/workspace";

describe("delivery backoff", () => {
  it("grows exponentially with jitter (at least half of each step) and stops at about a minute", () => {
    const low = () => 0;
    const high = () => 0.999;
    expect(backoffMs(1, undefined, low)).toBe(250);
    expect(backoffMs(2, undefined, low)).toBe(500);
    expect(backoffMs(5, undefined, high)).toBeLessThanOrEqual(8_000);
    for (let n = 1; n < 40; n++) expect(backoffMs(n, undefined, high)).toBeLessThanOrEqual(BACKOFF_CAP_MS);
    expect(backoffMs(30, undefined, low)).toBe(BACKOFF_CAP_MS / 2);
  });

  it("honours a Retry-After however long it is", () => {
    expect(backoffMs(1, 3_600_000, () => 0)).toBe(3_600_000);
    expect(backoffMs(9, 90_000, () => 0.5)).toBeGreaterThanOrEqual(90_000);
  });

  it("keeps every signup on failures that may pass, including a refused key; drops nothing for a verified address", () => {
    const err = (status: number, code: ConstructorParameters<typeof WorkspaceApiError>[0]["code"]) =>
      new WorkspaceApiError({ status, code, message: "x", endpoint: "POST http://w/v2/email-subscriptions" });
    for (const code of [
      "unauthorized",
      "unavailable",
      "rate_limited",
      "timeout",
      "unreachable",
      "bad_response",
    ] as const)
      expect(classify(err(0, code)).kind, code).toBe("retry");
    expect(classify(err(422, "already_subscribed")).kind).toBe("already_subscribed");
    expect(classify(err(422, "invalid")).kind).toBe("rejected");
    expect(classify(new TypeError("boom")).kind).toBe("retry");
    // Thrown by another Next bundle's copy of the client: recognised by its brand, Retry-After kept.
    const foreign = Object.assign(new Error("x"), {
      [Symbol.for("masthead.WorkspaceApiError")]: true,
      status: 429,
      code: "rate_limited",
      endpoint: "POST http://w/v2/email-subscriptions",
      retryAfterSeconds: 600,
    });
    expect(classify(foreign)).toMatchObject({ kind: "retry", code: "rate_limited", retryAfterMs: 600_000 });
    // Never by its name alone.
    const named = Object.assign(new Error("x"), {
      name: "WorkspaceApiError",
      code: "invalid",
      endpoint: "e",
    });
    expect(classify(named).kind).toBe("retry");
  });
});
