// For CPU-heavy work (password hashing): a bounded queue for a bounded time, so a flood costs a fixed amount.

export class GateBusyError extends Error {
  readonly code = "gate_busy";
  constructor() {
    super("busy");
    this.name = "GateBusyError";
  }
}

/** By code, not `instanceof`: a gate kept per process may come from another bundle's copy of this module. */
export function isGateBusy(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === "gate_busy";
}

export type GateOptions = { concurrency: number; maxQueue: number; maxWaitMs: number };

export type Gate = { run<T>(task: () => Promise<T>): Promise<T> };

type Waiter = { start: () => void; timer: NodeJS.Timeout };

export function createGate({ concurrency, maxQueue, maxWaitMs }: GateOptions): Gate {
  let running = 0;
  const queue: Waiter[] = [];

  const release = () => {
    running--;
    const next = queue.shift();
    if (next) {
      clearTimeout(next.timer);
      running++;
      next.start();
    }
  };

  const admit = (): Promise<void> => {
    if (running < concurrency) {
      running++;
      return Promise.resolve();
    }
    if (queue.length >= maxQueue) return Promise.reject(new GateBusyError());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: resolve,
        timer: setTimeout(() => {
          const i = queue.indexOf(waiter);
          if (i >= 0) queue.splice(i, 1);
          reject(new GateBusyError());
        }, maxWaitMs),
      };
      queue.push(waiter);
    });
  };

  return {
    async run(task) {
      await admit();
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
