import http from 'node:http';
import type { Kind } from './calls';
import { ACCEPT_ENCODING, type Figures, latencies, type Target } from './load';

/** How long requests still unanswered when the sending ends may take before they count as failures. */
const DRAIN_MS = 10_000;

export interface OpenFigures extends Figures {
  /** Requests a second the load offered. */
  offered: number;
  /** Latencies of each kind of request. */
  kinds: Map<Kind, { answers: number; p50: number; p99: number }>;
  /** Requests sent of each kind. */
  sentOf: Map<Kind, number>;
}

/**
 * An open loop: sends the stream's requests at `rate` a second, evenly spaced, whether or not the earlier
 * ones were answered, over at most `connections` kept-alive connections (a request finding them all busy
 * waits for one). Each latency counts from the moment its request was due, so a server that falls behind
 * shows it in every request that waited, not only in the ones it was slow to answer.
 */
export async function openLoop(
  target: Target,
  options: { rate: number; seconds: number; connections: number },
): Promise<OpenFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const { hostname, port } = new URL(target.url);
  const total = Math.max(1, Math.round(options.rate * options.seconds));
  const interval = 1000 / options.rate;
  const times: number[] = [];
  const byKind = new Map<Kind, number[]>();
  const sentOf = new Map<Kind, number>();
  const statuses: Record<string, number> = {};
  const pending = new Set<Promise<void>>();
  let failures = 0;
  let lastAnswer = 0;

  const send = (due: number) => {
    const call = target.stream();
    sentOf.set(call.kind, (sentOf.get(call.kind) ?? 0) + 1);
    const done = new Promise<void>((finish) => {
      const request = http.request(
        {
          agent,
          host: hostname,
          port,
          method: call.method,
          path: call.path,
          headers: { 'accept-encoding': ACCEPT_ENCODING, ...call.headers },
        },
        (response) => {
          response.resume();
          response.once('end', () => {
            const status = response.statusCode ?? 0;
            statuses[status] = (statuses[status] ?? 0) + 1;
            if (status >= 200 && status < 300) {
              lastAnswer = performance.now();
              const time = lastAnswer - due;
              times.push(time);
              const list = byKind.get(call.kind) ?? [];
              list.push(time);
              byKind.set(call.kind, list);
            } else {
              failures++;
            }
            finish();
          });
          response.once('error', () => {
            failures++;
            finish();
          });
        },
      );
      request.once('error', () => {
        failures++;
        finish();
      });
      request.end(call.body);
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };

  const start = performance.now();
  let sent = 0;
  await new Promise<void>((sendingDone) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) send(start + sent++ * interval);
      if (sent < total) setTimeout(tick, 1);
      else sendingDone();
    };
    tick();
  });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(pending),
    new Promise((r) => {
      timer = setTimeout(r, DRAIN_MS);
    }),
  ]);
  clearTimeout(timer);
  failures += pending.size;
  agent.destroy();

  // Answers a second over the time it took to answer them (longer than the sending when the server lags).
  const elapsed = Math.max(options.seconds * 1000, lastAnswer - start) / 1000;
  return {
    offered: options.rate,
    rps: times.length / elapsed,
    ...latencies(times),
    sent,
    failures,
    statuses,
    kinds: new Map([...byKind].map(([kind, list]) => [kind, latencies(list)])),
    sentOf,
  };
}
