import { type Answer, type CallOptions, call } from './http';

export interface Sample extends Answer {
  method: string;
  path: string;
  /** performance.now() when it was sent and when it was answered. */
  sentAt: number;
  doneAt: number;
}

export type Request = { method: string; path: string } & CallOptions;

/**
 * Keeps `workers` clients sending the requests `next` gives (each waits for its answer before the next)
 * until `stop()` is called; every answer is kept as a sample.
 */
export function runLoad(base: string, workers: number, next: (worker: number, n: number) => Request) {
  const samples: Sample[] = [];
  let stopping = false;
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let n = 0; !stopping; n++) {
      const request = next(worker, n);
      const sentAt = performance.now();
      const answer = await call(base, request.method, request.path, request);
      samples.push({
        ...answer,
        method: request.method,
        path: request.path,
        sentAt,
        doneAt: performance.now(),
      });
      // A refused connection answers at once: keep a failing loop from spinning the CPU.
      if (answer.status === 0 || answer.status >= 500) await new Promise((r) => setTimeout(r, 20));
    }
  });
  return {
    samples,
    async stop(): Promise<Sample[]> {
      stopping = true;
      await Promise.all(loops);
      return samples;
    },
  };
}
