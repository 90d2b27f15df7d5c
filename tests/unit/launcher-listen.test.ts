import { describe, expect, it } from "vitest";
import { listenPlan } from "@/lib/launcher/listen";

describe("where npm start listens", () => {
  it("local mode (demo password and secrets): loopback only, and says so", () => {
    const plan = listenPlan({ hostnameEnv: undefined, localMode: true, port: "3000" });
    expect(plan.hostname).toBe("127.0.0.1");
    expect(plan.message).toMatch(/127\.0\.0\.1:3000 only/);
    expect(plan.message).toMatch(/HOSTNAME/);
    expect(listenPlan({ hostnameEnv: "  ", localMode: true, port: "3000" }).hostname).toBe("127.0.0.1");
  });
  it("HOSTNAME decides when set, in either mode", () => {
    expect(listenPlan({ hostnameEnv: "0.0.0.0", localMode: true, port: "3000" })).toMatchObject({
      hostname: "0.0.0.0",
      message: expect.stringMatching(/0\.0\.0\.0:3000/),
    });
    expect(listenPlan({ hostnameEnv: "10.0.0.5", localMode: false, port: "80" }).hostname).toBe("10.0.0.5");
  });
  it("a real workspace keeps Next's default (every interface)", () => {
    expect(listenPlan({ hostnameEnv: undefined, localMode: false, port: "3000" }).hostname).toBeUndefined();
  });
});
