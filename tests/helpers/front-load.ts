import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { Exit } from "./stop-process";
import type { Instance } from "./multi-instance";
import { sleep, until } from "./until";
import { outbox } from "./workspace-controls";

/*
 * Traffic through the production front for the front suite and the benchmark: single requests
 * from a chosen reader address, a steady load of page views and newsletter signups, and the
 * rolling restart of deploy/README.md played against a cluster (tests/helpers/multi-instance.ts).
 */

export type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

export type SendOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Source address: any of 127.0.0.0/8 is this machine, so readers can differ. */
  from?: string;
  timeoutMs?: number;
};

/** One request on its own connection (node:http: fetch cannot choose the source address). */
export function send(url: string, opts: SendOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: opts.method ?? "GET",
        headers: opts.headers,
        localAddress: opts.from,
        agent: false,
        timeout: opts.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`timed out: ${url}`)));
    req.on("error", reject);
    req.end(opts.body);
  });
}

/** A newsletter signup as the footer form's script sends it. */
export function signup(siteUrl: string, email: string, from?: string, headers: Record<string, string> = {}) {
  return send(`${siteUrl}/api/newsletter`, {
    method: "POST",
    from,
    headers: { "content-type": "application/json", accept: "application/json", origin: siteUrl, ...headers },
    body: JSON.stringify({ email }),
  });
}

export type LoadReport = {
  views: number;
  /** Addresses whose signup was accepted (201 or 202). */
  accepted: string[];
  /** Every request that did not get its expected answer: a status or a connection error. */
  failures: string[];
};

/**
 * Page views (`viewers` loops, back to back) and signups (`subscribers` loops, one every
 * `signupGapMs`, each from its own reader address in its own /24, so neither the per-client nor
 * the per-network budget is reached).
 */
export function steadyLoad(opts: {
  siteUrl: string;
  pages: string[];
  emailPrefix: string;
  viewers?: number;
  subscribers?: number;
  signupGapMs?: number;
}): { stop(): Promise<LoadReport> } {
  const report: LoadReport = { views: 0, accepted: [], failures: [] };
  let stopped = false;
  const viewer = async () => {
    while (!stopped) {
      const path = opts.pages[report.views++ % opts.pages.length]!;
      try {
        const res = await send(`${opts.siteUrl}${path}`);
        if (res.status !== 200) report.failures.push(`GET ${path}: ${res.status}`);
      } catch (error) {
        report.failures.push(`GET ${path}: ${(error as Error).message}`);
      }
    }
  };
  let n = 0;
  const subscriber = async () => {
    while (!stopped) {
      const i = n++;
      const email = `${opts.emailPrefix}-${i}@example.org`;
      try {
        const res = await signup(
          opts.siteUrl,
          email,
          `127.0.${(i % 250) + 1}.${(Math.floor(i / 250) % 250) + 1}`,
        );
        if (res.status === 201 || res.status === 202) report.accepted.push(email);
        else report.failures.push(`POST /api/newsletter: ${res.status} ${res.body.slice(0, 200)}`);
      } catch (error) {
        report.failures.push(`POST /api/newsletter: ${(error as Error).message}`);
      }
      // The load's pace: a reader's signups are this far apart (deliberate, not a wait).
      await sleep(opts.signupGapMs ?? 100);
    }
  };
  const loops = [
    ...Array.from({ length: opts.viewers ?? 3 }, viewer),
    ...Array.from({ length: opts.subscribers ?? 2 }, subscriber),
  ];
  return {
    async stop() {
      stopped = true;
      await Promise.all(loops);
      return report;
    },
  };
}

/**
 * deploy/README.md's rolling restart: for each instance in turn, SIGTERM and wait for it to
 * exit, start it again (`npm run start:instance`) and wait for its readiness. `beforeStop` runs
 * just before the signal, `whileStopping` between the signal and the exit (checks on the
 * draining instance).
 */
export async function rollingRestart(
  instances: Instance[],
  opts: {
    settleMs?: number;
    beforeStop?: (instance: Instance) => Promise<void>;
    whileStopping?: (instance: Instance) => Promise<void>;
  } = {},
): Promise<{ instance: string; exit: Exit | null; downMs: number }[]> {
  const exits: { instance: string; exit: Exit | null; downMs: number }[] = [];
  for (const instance of instances) {
    // Deliberate: the load runs against every instance for a while before the next one goes down.
    await sleep(opts.settleMs ?? 2_000);
    await opts.beforeStop?.(instance);
    const started = Date.now();
    const exiting = instance.stop(30_000);
    await opts.whileStopping?.(instance);
    const exit = await exiting;
    await instance.start();
    exits.push({ instance: instance.name, exit, downMs: Date.now() - started });
  }
  return exits;
}

/** How many verification emails the local workspace sent to each address in `emails`. */
export async function verificationsPerAddress(workspaceUrl: string, emails: string[]): Promise<number[]> {
  const sent = (await outbox(workspaceUrl)).filter((e) => e.kind === "verification");
  const counts = new Map<string, number>();
  for (const e of sent) counts.set(e.to, (counts.get(e.to) ?? 0) + 1);
  return emails.map((email) => counts.get(email.toLowerCase()) ?? 0);
}

/**
 * How long until every page in `watch` shows a post's new title after a revalidation: renames
 * the post in the local workspace, views the pages (so they are hot where they are watched),
 * POSTs `/api/revalidate` to `revalidateAt`, then polls every page until it shows the title.
 */
export async function revalidationDelayMs(opts: {
  workspaceUrl: string;
  slug: string;
  revalidateAt: string;
  secret: string;
  watch: string[];
  timeoutMs?: number;
}): Promise<number> {
  const title = `Renamed ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const renamed = await fetch(`${opts.workspaceUrl}/__local/posts/${encodeURIComponent(opts.slug)}`, {
    method: "PATCH",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ title }),
  });
  if (renamed.status !== 200) throw new Error(`renaming ${opts.slug} answered ${renamed.status}`);
  for (const url of opts.watch) for (let i = 0; i < 2; i++) await send(url);
  const started = Date.now();
  const res = await send(`${opts.revalidateAt}/api/revalidate`, {
    method: "POST",
    headers: { authorization: `Bearer ${opts.secret}` },
  });
  if (res.status !== 200) throw new Error(`revalidation answered ${res.status}: ${res.body.slice(0, 200)}`);
  const deadline = started + (opts.timeoutMs ?? 15_000);
  await Promise.all(
    opts.watch.map((url) =>
      until(async () => (await send(url)).body.includes(title), {
        what: `${url} to show the new title`,
        timeoutMs: Math.max(0, deadline - Date.now()),
      }),
    ),
  );
  return Date.now() - started;
}
