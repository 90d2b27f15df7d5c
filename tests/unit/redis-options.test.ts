import { describe, expect, it } from "vitest";
import { redisTargetFromVars } from "@/lib/config/redis-target.mjs";
import { describeRedis, redisOptions } from "@/lib/state/redis-fail-fast.mjs";

/*
 * lib/state's one recipe for Redis clients: every client (state, Next's cache, pub/sub, the
 * queue and its worker, health) gets its ioredis options from redisOptions, for one Redis or a
 * Sentinel group alike.
 */

const group = {
  sentinels: [
    { host: "10.0.0.5", port: 26379 },
    { host: "10.0.0.6", port: 26379 },
  ],
  name: "masthead",
  sentinelPassword: "sentinel-secret",
  password: "data-secret",
};

describe("redisOptions", () => {
  it("reads a URL into host, port, credentials, database and TLS", () => {
    const options = redisOptions("rediss://app:p%40ss@cache.acme.test:6380/2", "state");
    expect(options).toMatchObject({
      host: "cache.acme.test",
      port: 6380,
      username: "app",
      password: "p@ss",
      db: 2,
      tls: { servername: "cache.acme.test" },
      connectionName: "masthead:state",
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
    });
  });

  it("asks a Sentinel group for its primary and follows its failovers", () => {
    const options = redisOptions(group, "next-cache");
    expect(options).toMatchObject({
      sentinels: group.sentinels,
      name: "masthead",
      role: "master",
      sentinelPassword: "sentinel-secret",
      password: "data-secret",
      failoverDetector: true,
      enableOfflineQueue: false,
    });
    expect(options.host).toBeUndefined();
    expect(typeof options.sentinelRetryStrategy).toBe("function");
  });

  it("gives BullMQ's worker the blocking options it requires (maxRetriesPerRequest: null)", () => {
    const options = redisOptions(group, "delivery-worker", true);
    expect(options.maxRetriesPerRequest).toBeNull();
    expect(options.enableOfflineQueue).toBe(true);
    expect(options.commandTimeout).toBeUndefined();
  });

  it("reads the target from the environment: REDIS_URL, or the Sentinel variables", () => {
    expect(redisTargetFromVars({})).toBeNull();
    expect(redisTargetFromVars({ REDIS_URL: " redis://127.0.0.1:6379 " })).toBe("redis://127.0.0.1:6379");
    expect(
      redisTargetFromVars({
        REDIS_SENTINELS: "10.0.0.5:26379,10.0.0.6:26379",
        REDIS_SENTINEL_NAME: "masthead",
        REDIS_SENTINEL_PASSWORD: "sentinel-secret",
        REDIS_PASSWORD: "data-secret",
      }),
    ).toEqual(group);
  });

  it("describes a target for logs without its passwords", () => {
    expect(describeRedis("redis://:hunter2@cache.acme.test:6379/1")).toBe("cache.acme.test:6379/1");
    const described = describeRedis(group);
    expect(described).toBe("Sentinel group masthead (10.0.0.5:26379, 10.0.0.6:26379)");
    expect(described).not.toContain("secret");
  });
});
