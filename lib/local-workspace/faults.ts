import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { errorResponse, json } from "./http";

// For resilience tests of the client; only /api/external/ traffic, so the control endpoints keep working.
export const faultSchema = z
  .object({
    mode: z.enum(["slow", "status", "rate-limit", "malformed-json", "wrong-shape", "hang", "off"]),
    status: z.union([z.literal(422), z.literal(500), z.literal(502), z.literal(503)]).optional(),
    delayMs: z.number().int().min(0).max(600_000).optional(),
    retryAfter: z.number().int().min(0).max(86_400).optional(),
    pathPrefix: z.string().startsWith("/api/external/").optional(),
    count: z.number().int().min(1).optional(),
  })
  .strict();

type FaultConfig = z.infer<typeof faultSchema>;
type ActiveFault = Omit<FaultConfig, "pathPrefix" | "count"> & {
  pathPrefix: string;
  remaining: number | null;
};

export class FaultInjector {
  fault: ActiveFault | null = null;

  set(config: FaultConfig): ActiveFault | null {
    if (config.mode === "off") return this.clear();
    const { count, pathPrefix = "/api/external/", ...rest } = config;
    this.fault = { ...rest, pathPrefix, remaining: count ?? null };
    return this.fault;
  }

  clear(): null {
    this.fault = null;
    return null;
  }

  /** A response replacing the real one, or null to carry on (after any delay); `signal` ends a hang. */
  async apply(pathname: string, signal: AbortSignal | undefined): Promise<Response | null> {
    const f = this.fault;
    if (!f || !pathname.startsWith(f.pathPrefix)) return null;
    if (f.remaining !== null && --f.remaining <= 0) this.fault = null;
    switch (f.mode) {
      case "slow":
        await this.wait(f.delayMs ?? 2_000, signal);
        return null;
      case "status": {
        const headers = f.retryAfter === undefined ? undefined : { "retry-after": String(f.retryAfter) };
        return errorResponse(f.status ?? 503, "Injected fault", {}, headers);
      }
      case "rate-limit":
        return errorResponse(429, "Rate limit exceeded", {}, { "retry-after": String(f.retryAfter ?? 1) });
      case "malformed-json":
        return new Response('{"blog_posts": [{"slug": "trunc', {
          status: 200,
          headers: { "content-type": "application/json; charset=utf-8" },
        });
      case "wrong-shape":
        return json({ data: { items: "not what the document says" }, unexpected: true });
      case "hang":
        await this.wait(f.delayMs ?? Number.POSITIVE_INFINITY, signal);
        return errorResponse(504, "Injected hang ended");
      default:
        return null;
    }
  }

  /** Ends pending waits when the server closes, so closing does not wait forever for a hang. */
  private readonly closing = new AbortController();

  private async wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
    const stop = signal ? AbortSignal.any([signal, this.closing.signal]) : this.closing.signal;
    // Capped at the longest timer Node keeps: a hang without delayMs lasts until the client leaves.
    await sleep(Math.min(ms, 2 ** 31 - 1), undefined, { signal: stop, ref: false }).catch(() => {});
  }

  releaseAll(): void {
    this.closing.abort();
  }
}
