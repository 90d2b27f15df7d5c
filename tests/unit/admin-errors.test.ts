import { describe, expect, it } from "vitest";
import { mapWorkspaceError } from "@/lib/admin/errors";
import { en } from "@/lib/i18n/en";
import { WorkspaceApiError, type WorkspaceErrorCode } from "@/lib/workspace/errors";

const err = (
  code: WorkspaceErrorCode,
  status: number,
  message = "upstream text",
  retryAfterSeconds?: number,
) =>
  new WorkspaceApiError({
    code,
    status,
    message,
    endpoint: "GET http://127.0.0.1:4010/api/external/v2/team-members",
    retryAfterSeconds,
  });

describe("mapWorkspaceError: every WorkspaceApiError code has a status and plain words", () => {
  it.each([
    ["last_admin", 422, 409, en["admin.error.lastAdmin"]],
    ["not_found", 404, 404, en["admin.error.notFound"]],
    ["unauthorized", 401, 502, en["admin.error.unauthorized"]],
    ["unavailable", 503, 503, en["admin.error.unavailable"]],
    ["timeout", 0, 504, en["admin.error.timeout"]],
    ["unreachable", 0, 503, en["admin.error.unreachable"]],
    ["bad_response", 200, 502, en["admin.error.badResponse"]],
    ["not_acceptable", 406, 502, en["admin.error.notAcceptable"]],
    [
      "http_error",
      418,
      502,
      "The workspace answered with an unexpected error (status 418). Try again later.",
    ],
  ] as const)("%s (upstream %i) → %i", (code, upstream, status, message) => {
    const mapped = mapWorkspaceError(err(code, upstream));
    expect(mapped.status).toBe(status);
    expect(mapped.error).toBe(message);
    expect(mapped.error).not.toContain("127.0.0.1");
  });

  it("rate_limited says how long to wait and passes Retry-After on", () => {
    const mapped = mapWorkspaceError(err("rate_limited", 429, "slow down", 7));
    expect(mapped).toMatchObject({ status: 503, code: "rate_limited", retryAfterSeconds: 7 });
    expect(mapped.error).toBe("The workspace is receiving too many requests. Try again in 7 seconds.");
    expect(mapWorkspaceError(err("rate_limited", 429)).error).toMatch(/Try again in a moment\./);
  });

  it("invalid: an unknown role and an invalid time zone get their own sentences", () => {
    const role = mapWorkspaceError(
      err("invalid", 422, 'Invalid organization_role "boss": must be one of Admin, Standard'),
      { role: "boss" },
    );
    expect(role).toMatchObject({
      status: 422,
      code: "unknown_role",
      error:
        "The workspace has no role named “boss”. Roles are case sensitive: check the spelling and capitals.",
    });
    const tz = mapWorkspaceError(err("invalid", 422, 'Invalid time_zone "Etc/Nowhere"'), {
      timeZone: "Etc/Nowhere",
    });
    expect(tz).toMatchObject({
      status: 422,
      code: "invalid_time_zone",
      error:
        "“Etc/Nowhere” is not a time zone the workspace accepts. Pick one from the list, e.g. Europe/Paris.",
    });
  });

  it("invalid otherwise quotes the workspace's reason (it is about the admin's input), clipped", () => {
    const taken = mapWorkspaceError(err("invalid", 422, "Email is already used by another team member"));
    expect(taken).toMatchObject({
      status: 422,
      error: "The workspace refused the change: Email is already used by another team member",
    });
    const long = mapWorkspaceError(err("invalid", 422, "x".repeat(1000)));
    expect(long.error.length).toBeLessThan(340);
  });

  it("anything that is not a WorkspaceApiError is a 500 without details", () => {
    const mapped = mapWorkspaceError(new TypeError("secret internals at /srv/app"));
    expect(mapped).toEqual({ status: 500, code: "internal", error: en["admin.error.internal"] });
  });
});
