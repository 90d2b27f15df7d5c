import { childResult, log } from "./lib";
import { section, type Table, type Target } from "./section";

/*
 * Durable newsletter delivery (section "delivery", lib/delivery): signups accepted per second while the workspace
 * is down (kept, the worker pausing) against while it is up (kept and delivered while the route
 * waits), and the time the worker
 * takes to drain 1,000 stored signups at the configured rate. The measuring runs in
 * delivery-child.ts (its own process, with the react-server condition the handler needs).
 */

type DeliveryBench = {
  signupsPerRound: number;
  rounds: number;
  up: {
    perSecondMedian: number;
    rounds: { perSecond: number; statuses: Record<string, number>; stored: number }[];
  };
  down: {
    perSecondMedian: number;
    rounds: { perSecond: number; statuses: Record<string, number>; stored: number }[];
  };
  drain: {
    signups: number;
    configuredRatePerSecond: number;
    seconds: number;
    achievedPerSecond: number;
    workspaceCalls: number;
    workspacePeakPerSecond: number;
    delivered: number;
  };
};

async function benchDelivery(): Promise<DeliveryBench> {
  log("delivery: signups accepted while the workspace is up vs down, then a 1,000-signup drain");
  return childResult<DeliveryBench>("delivery-child.ts", "delivery");
}

function deliveryTargets(d: DeliveryBench): Target[] {
  const ratio = d.down.perSecondMedian / d.up.perSecondMedian;
  return [
    {
      name: "signups accepted/s: workspace down (kept) / up (delivered at once)",
      value: `${ratio.toFixed(2)}x (${d.down.perSecondMedian.toFixed(0)} vs ${d.up.perSecondMedian.toFixed(0)}/s)`,
      target: ">= 0.5x",
      pass: ratio >= 0.5,
    },
    {
      name: `drain ${d.drain.signups.toLocaleString("en")} stored signups at ${d.drain.configuredRatePerSecond}/s`,
      value: `${d.drain.seconds.toFixed(1)} s (${d.drain.achievedPerSecond.toFixed(2)}/s)`,
      target: `>= 0.75x of ${d.drain.configuredRatePerSecond}/s`,
      pass: d.drain.achievedPerSecond >= 0.75 * d.drain.configuredRatePerSecond,
    },
    {
      name: "drain: workspace's busiest second / configured rate",
      value: `${d.drain.workspacePeakPerSecond} / ${d.drain.configuredRatePerSecond}`,
      target: "<= 1x",
      pass: d.drain.workspacePeakPerSecond <= d.drain.configuredRatePerSecond,
    },
  ];
}

function deliveryTable(d: DeliveryBench): Table {
  const statuses = (rs: { statuses: Record<string, number> }[]) => {
    const sum: Record<string, number> = {};
    for (const r of rs) for (const [k, v] of Object.entries(r.statuses)) sum[k] = (sum[k] ?? 0) + v;
    return JSON.stringify(sum);
  };
  return {
    header: [
      `newsletter delivery (${d.rounds} interleaved rounds of ${d.signupsPerRound})`,
      "signups/s (median)",
      "statuses",
    ],
    rows: [
      [
        "workspace up: delivered while the route waits",
        d.up.perSecondMedian.toFixed(0),
        statuses(d.up.rounds),
      ],
      ["workspace down (503): kept for later", d.down.perSecondMedian.toFixed(0), statuses(d.down.rounds)],
      [
        `drain ${d.drain.signups} at ${d.drain.configuredRatePerSecond}/s (${d.drain.workspaceCalls} calls, peak ${d.drain.workspacePeakPerSecond}/s)`,
        d.drain.achievedPerSecond.toFixed(2),
        `${d.drain.delivered} delivered in ${d.drain.seconds.toFixed(1)} s`,
      ],
    ],
  };
}

export const delivery = section({
  name: "delivery",
  needs: "none",
  run: benchDelivery,
  targets: deliveryTargets,
  tables: (d) => [deliveryTable(d)],
});
