import { describe, expect, it, vi } from "vitest";
import { WorkspaceApiError } from "@/lib/workspace/errors";

/*
 * Next bundles lib/workspace once per route type, and the one client per process is made by
 * whichever bundle asks first, so a route meets errors made by another copy of the class. A
 * second import after vi.resetModules() is such a copy.
 */
describe("a workspace error made by another copy of the module", () => {
  it("is recognised by instanceof in this one", async () => {
    vi.resetModules();
    const other = await import("@/lib/workspace/errors");
    expect(other.WorkspaceApiError).not.toBe(WorkspaceApiError);
    const error = new other.WorkspaceApiError({
      status: 503,
      code: "unavailable",
      message: "down",
      endpoint: "GET http://127.0.0.1/api/external/v2/team-members",
    });
    expect(error instanceof WorkspaceApiError).toBe(true);
    expect(error.code).toBe("unavailable");
  });

  it("is not claimed for other errors or values", () => {
    for (const value of [new Error("x"), { code: "unavailable", status: 503 }, null, "unavailable", 503])
      expect(value instanceof WorkspaceApiError).toBe(false);
  });
});
