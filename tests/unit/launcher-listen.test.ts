import { describe, expect, it } from "vitest";
import { listenPlan } from "@/lib/config/local-mode";

const FIVE = ["WORKSPACE_URL", "WORKSPACE_API_KEY", "SESSION_SECRET", "ADMIN_USERS", "SITE_URL"];

describe("where npm start listens", () => {
  it("local mode (demo password and secrets): loopback only, and says so", () => {
    expect(listenPlan({ hostnameEnv: undefined, localMode: true, port: "3000" })).toMatchObject({
      hostname: "127.0.0.1",
      message: expect.stringMatching(/127\.0\.0\.1:3000 only/),
    });
    expect(listenPlan({ hostnameEnv: "  ", localMode: true, port: "3000" })).toMatchObject({
      hostname: "127.0.0.1",
    });
    for (const loopback of ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost", "LOCALHOST"])
      expect(listenPlan({ hostnameEnv: loopback, localMode: true, port: "3000" }), loopback).toMatchObject({
        hostname: loopback,
      });
  });

  it("local mode refuses any other HOSTNAME, naming what to set, whatever HOSTNAME says", () => {
    for (const elsewhere of [
      "0.0.0.0",
      "::",
      "[::]",
      "10.0.0.5",
      "my-host.example",
      "localhost.evil.example",
    ]) {
      const plan = listenPlan({ hostnameEnv: elsewhere, localMode: true, port: "3000" });
      expect(plan.refused, elsewhere).toContain(`HOSTNAME=${elsewhere}`);
      for (const name of FIVE) expect(plan.refused, elsewhere).toContain(name);
      expect(plan).not.toHaveProperty("hostname");
    }
  });

  it("with a real workspace HOSTNAME decides, and unset keeps Next's default (every interface)", () => {
    expect(listenPlan({ hostnameEnv: "0.0.0.0", localMode: false, port: "80" })).toMatchObject({
      hostname: "0.0.0.0",
      message: expect.stringMatching(/0\.0\.0\.0:80/),
    });
    expect(listenPlan({ hostnameEnv: undefined, localMode: false, port: "3000" })).toMatchObject({
      hostname: undefined,
      message: expect.stringMatching(/every interface/),
    });
  });
});
