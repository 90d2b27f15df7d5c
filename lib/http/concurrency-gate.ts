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

export function createGate({ concurrency, maxQueue, maxWaitMs }: GateOptions): Gate {
  let running = 0;
  const queue: (() => void)[] = [];
  return {
    async run(task) {
      if (running < concurrency) running++;
      else if (queue.length >= maxQueue) throw new GateBusyError();
      else
        // A slot is handed from the task that ends to the first waiter, so `running` stays counted.
        await new Promise<void>((resolve, reject) => {
          const start = () => {
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(() => {
            queue.splice(queue.indexOf(start), 1);
            reject(new GateBusyError());
          }, maxWaitMs);
          queue.push(start);
        });
      try {
        return await task();
      } finally {
        const next = queue.shift();
        if (next) next();
        else running--;
      }
    },
  };
}
