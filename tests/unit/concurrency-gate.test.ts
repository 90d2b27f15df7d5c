import { describe, expect, it } from "vitest";
import { createGate, GateBusyError, isGateBusy } from "@/lib/http/concurrency-gate";

/* The admission gate in front of password hashing: bounded work however large the flood. */

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("createGate", () => {
  it("runs at most `concurrency` tasks at once, queues up to maxQueue, refuses the rest at once", async () => {
    const gate = createGate({ concurrency: 2, maxQueue: 3, maxWaitMs: 10_000 });
    let running = 0;
    let peak = 0;
    const release = deferred();
    const task = async () => {
      running++;
      peak = Math.max(peak, running);
      await release.promise;
      running--;
      return "done";
    };
    const results = Array.from({ length: 10 }, () =>
      gate.run(task).then(
        (v) => v,
        (e: unknown) => e,
      ),
    );
    await new Promise((r) => setImmediate(r));
    expect(running).toBe(2);
    release.resolve();
    const settled = await Promise.all(results);
    expect(settled.filter((r) => r === "done")).toHaveLength(5);
    expect(settled.filter((r) => r instanceof GateBusyError)).toHaveLength(5);
    expect(peak).toBe(2);
    expect(running).toBe(0);
  });

  it("a waiter that is not admitted within maxWaitMs is refused, and a failing task frees its slot", async () => {
    const gate = createGate({ concurrency: 1, maxQueue: 5, maxWaitMs: 20 });
    const hold = deferred();
    const first = gate.run(() => hold.promise);
    await expect(gate.run(async () => "late")).rejects.toBeInstanceOf(GateBusyError);
    // Recognised by its code (another bundle's copy of the class), never by its name.
    const refusal = await gate.run(async () => "late").catch((e: unknown) => e);
    expect(isGateBusy(refusal)).toBe(true);
    expect(isGateBusy(Object.assign(new Error("busy"), { name: "GateBusyError" }))).toBe(false);
    hold.resolve();
    await first;
    await expect(gate.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await gate.run(async () => "free again")).toBe("free again");
  });
});
