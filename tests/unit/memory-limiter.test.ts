import { AsyncLocalStorage } from "node:async_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { RateLimiterMemory } from "rate-limiter-flexible";
import { expect, it } from "vitest";
import { MemoryLimiter } from "@/lib/state/memory-limiter";

/*
 * An in-memory limiter's key lives as long as its window, on a timer. Started inside a request, a
 * timer keeps that request's async context (and so the request) alive as long, so a stream of new
 * clients grows the heap without end. MemoryLimiter starts its timers outside the request.
 */

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** Whether a request (a 1 MiB object in an AsyncLocalStorage) that spent a key is alive after it. */
async function requestOutlivesItself(limiter: RateLimiterMemory): Promise<boolean> {
  const requestContext = new AsyncLocalStorage<object>();
  let alive!: WeakRef<object>;
  await (async () => {
    const request = { body: new Uint8Array(1024 * 1024) };
    alive = new WeakRef(request);
    await requestContext.run(request, () => limiter.consume(`client-${Math.random()}`));
  })();
  for (let i = 0; i < 10 && alive.deref(); i++) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
  }
  return alive.deref() !== undefined;
}

it("the library's own memory limiter keeps the request alive for the key's window (why MemoryLimiter exists)", async () => {
  expect(await requestOutlivesItself(new RateLimiterMemory({ points: 5, duration: 3600 }))).toBe(true);
});

it("MemoryLimiter's keys do not keep the request that spent them alive", async () => {
  const limiter = new MemoryLimiter({ points: 5, duration: 3600 });
  expect(await requestOutlivesItself(limiter)).toBe(false);
  // Still a limiter: the key counts, and refuses past its points.
  const key = "one-client";
  for (let i = 0; i < 5; i++) await limiter.consume(key);
  await expect(limiter.consume(key)).rejects.toMatchObject({ remainingPoints: 0 });
  await limiter.penalty(key, 1);
  await limiter.reward(key, 3);
  expect((await limiter.get(key))?.consumedPoints).toBe(4);
});
