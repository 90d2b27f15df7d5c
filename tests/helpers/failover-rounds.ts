import { oneClientPerNetwork } from "./client-addresses";
import { signupRequest } from "./delivery-handler";
import type { RedisInstance } from "./redis-delivery";
import { oneShot, type SentinelGroup } from "./redis-group";
import { sleep, until } from "./until";
import * as workspace from "./workspace-controls";

/*
 * One round of a Sentinel failover under signups, shared by tests/contract/redis-durability and
 * the bench's "failover" section: with the workspace failing (every signup waits in a store),
 * 20 signups, kill -9 of the current primary, a signup every 200 ms for 10 s, the killed server
 * back as a replica; then the workspace heals and each accepted address's emails are counted.
 */

export type RoundResult = {
  accepted: number;
  refused: number;
  answered500: number;
  deliveredOnce: number;
  lost: number;
  duplicated: number;
  failed: number;
  /** Signups still in a store when the round ended (late, not lost). */
  stillWaiting: number;
};

const nextClient = oneClientPerNetwork("10.77");
let counter = 0;

async function signup(instance: RedisInstance, tag: string) {
  const email = `${tag}-${++counter}-${Date.now().toString(36)}@example.com`;
  const res = await instance.handler(signupRequest({ email }, { "x-forwarded-for": nextClient() }));
  return { email, status: res.status };
}

/** Signups waiting on any of `instances`: the shared queue's and each one's outbox (1 for an unreadable one). */
export async function waitingOn(instances: RedisInstance[]): Promise<number> {
  const each = await Promise.all(
    instances.map((i) =>
      i.store.overview().then(
        (o) => o.waiting,
        () => 1,
      ),
    ),
  );
  return each.reduce((a, b) => a + b, 0);
}

/**
 * Until nothing waits on any of `instances`, read twice in a row (a signup moving from an outbox
 * to the queue between the two counts of one read is in neither): from then on no copy of any
 * signup can still be sent, so a count of emails is final. Bounded; whatever still waits then is
 * for the caller to count.
 */
export async function untilNothingWaits(instances: RedisInstance[], timeoutMs = 10_000): Promise<void> {
  let idle = 0;
  await until(async () => ((await waitingOn(instances)) === 0 ? ++idle : (idle = 0)) >= 2, {
    what: "nothing waiting on any instance",
    timeoutMs,
    intervalMs: 100,
  }).catch(() => undefined);
}

/** The node the Sentinels name as primary now. */
async function currentPrimary(group: SentinelGroup) {
  const now = await group.primaryNow();
  return [group.primary, group.replica].find((node) => now === `127.0.0.1:${node.port}`);
}

export async function failoverRound(
  group: SentinelGroup,
  instances: RedisInstance[],
  workspaceUrl: string,
  tag: string,
): Promise<RoundResult> {
  await workspace.setFault(workspaceUrl, { mode: "status", status: 503 });
  const failedTotal = () =>
    instances[0]!.store.overview().then(
      (o) => o.failedTotal,
      () => Number.NaN,
    );
  const failedBefore = await failedTotal();
  const answers: { email: string; status: number }[] = [];
  for (let i = 0; i < 20; i++) answers.push(await signup(instances[i % instances.length]!, `${tag}-before`));
  const victim = await currentPrimary(group);
  if (!victim) throw new Error("the Sentinels name no primary");
  await victim.kill9();
  const killedAt = Date.now();
  for (let i = 0; Date.now() - killedAt < 10_000; i++) {
    answers.push(await signup(instances[i % instances.length]!, `${tag}-during`));
    await sleep(200);
  }
  await victim.restart();
  await until(
    async () => {
      const primary = await currentPrimary(group);
      if (!primary || primary === victim) return false;
      const info = (await oneShot(primary.port, (c) => c.info("replication"))) ?? "";
      return /connected_slaves:1/.test(info) && /state=online/.test(info);
    },
    { what: "the killed server to be a replica again", timeoutMs: 60_000, intervalMs: 250 },
  );
  await workspace.setFault(workspaceUrl, null);
  const accepted = answers.filter((a) => a.status >= 200 && a.status < 300);
  const emailsTo = async (to: string) => (await workspace.outbox(workspaceUrl, to)).length;
  let counts: number[] = [];
  // Until each has its email, or nothing waits anywhere (then a missing one is lost, not late).
  const waiting = () => waitingOn(instances);
  await until(
    async () => {
      counts = await Promise.all(accepted.map((a) => emailsTo(a.email)));
      return counts.every((n) => n >= 1) || (await waiting()) === 0;
    },
    { what: "every accepted signup's email", timeoutMs: 180_000, intervalMs: 500 },
  ).catch(() => undefined);
  // A second copy of one signup can come only from something still waiting.
  await untilNothingWaits(instances);
  counts = await Promise.all(accepted.map((a) => emailsTo(a.email)));
  return {
    accepted: accepted.length,
    refused: answers.filter((a) => a.status === 503).length,
    answered500: answers.filter((a) => a.status >= 500 && a.status !== 503).length,
    deliveredOnce: counts.filter((n) => n === 1).length,
    lost: counts.filter((n) => n === 0).length,
    duplicated: counts.filter((n) => n > 1).length,
    failed: (await failedTotal()) - failedBefore,
    stillWaiting: await waiting(),
  };
}
