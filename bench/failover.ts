import type { RoundResult } from "../tests/helpers/failover-rounds";
import { childResult, log } from "./lib";
import { section } from "./section";

/*
 * Accepted signups through Sentinel failovers (section "failover", lib/delivery): ten rounds of
 * kill -9 of the current primary under signups, two instances, the workspace failing until the
 * killed server is a replica again (tests/helpers/failover-rounds.ts). Per round: accepted,
 * delivered once, lost, duplicated, failed. The rounds run in failover-child.ts (its own
 * process, with the react-server condition the handler needs).
 */

async function benchFailover(): Promise<{ rounds: RoundResult[] }> {
  log("failover: rounds of kill -9 of the Redis primary under signups");
  return childResult<{ rounds: RoundResult[] }>("failover-child.ts", "failover");
}

export const failover = section({
  name: "failover",
  needs: "none",
  run: benchFailover,
  targets: ({ rounds }) => {
    const sum = (k: keyof RoundResult) => rounds.reduce((n, r) => n + r[k], 0);
    return [
      {
        name: `failover: accepted signups lost, duplicated or failed over ${rounds.length} rounds`,
        value: `${sum("lost")} lost, ${sum("duplicated")} duplicated, ${sum("failed")} failed of ${sum("accepted")}`,
        target: "0",
        pass: sum("lost") + sum("duplicated") + sum("failed") === 0,
      },
    ];
  },
  tables: ({ rounds }) => [
    {
      header: ["round", "accepted", "delivered once", "lost", "duplicated", "failed"],
      rows: rounds.map((r, i) =>
        [i + 1, r.accepted, r.deliveredOnce, r.lost, r.duplicated, r.failed].map(String),
      ),
    },
  ],
});
