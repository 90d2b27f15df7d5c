import { AsyncResource } from "node:async_hooks";
import { RateLimiterMemory } from "rate-limiter-flexible";

// The in-memory limiter starts a timer per key that lives as long as the key's window, and a timer
// keeps the async context it was started in. Started inside a request, each would keep that request
// (Next's stores, the response) alive for the whole window, and a stream of new clients would
// grow the heap until the process runs out. Its writes run in the context this module was loaded
// in instead.
const outside = new AsyncResource("masthead.memory-limiter");

export class MemoryLimiter extends RateLimiterMemory {
  override consume(...args: Parameters<RateLimiterMemory["consume"]>) {
    return outside.runInAsyncScope(() => super.consume(...args));
  }
  override penalty(...args: Parameters<RateLimiterMemory["penalty"]>) {
    return outside.runInAsyncScope(() => super.penalty(...args));
  }
  override reward(...args: Parameters<RateLimiterMemory["reward"]>) {
    return outside.runInAsyncScope(() => super.reward(...args));
  }
  override block(...args: Parameters<RateLimiterMemory["block"]>) {
    return outside.runInAsyncScope(() => super.block(...args));
  }
  override set(...args: Parameters<RateLimiterMemory["set"]>) {
    return outside.runInAsyncScope(() => super.set(...args));
  }
}
