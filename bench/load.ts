import autocannon from 'autocannon';
import type { Stream } from './calls';

/**
 * What Chromium sends with every request the web app makes: the server may answer compressed, as it answers
 * the web app.
 */
export const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** A cheap path of every server process, answered quickly only once it has caught up (see `settle`). */
const IDLE = '/api/health';

/** A load on one server process. */
export interface Target {
  url: string;
  stream: Stream;
}

export interface Figures {
  /** Successful (2xx) answers per second. */
  rps: number;
  /** Latency of the successful answers in milliseconds (not rounded). */
  p50: number;
  p99: number;
  answers: number;
  /** Requests sent, answered or not when the run ended (the server still does the work of each). */
  sent: number;
  /** Answers that were not 2xx, and connection errors or timeouts: any makes the figure worthless. */
  failures: number;
  statuses: Record<string, number>;
  /** CPU milliseconds per request sent of the server processes and of PostgreSQL (filled in by the run). */
  cpu?: { server: number | null; database: number | null };
  /** The median latency of each round, in the order they ran (filled in by the run). */
  roundP50s?: number[];
}

interface Run {
  result: autocannon.Result;
  times: number[];
}

/** `connections` connections, each sending the stream's next request as soon as its last one is answered. */
function drive(target: Target, connections: number, seconds: number): Promise<Run> {
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        connections,
        duration: seconds,
        headers: { 'accept-encoding': ACCEPT_ENCODING },
        requests: [
          {
            setupRequest: (req) => {
              const call = target.stream();
              return {
                ...req,
                method: call.method,
                path: call.path,
                headers: { ...req.headers, ...call.headers },
                body: call.body ?? '',
              };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve({ result, times })),
    );
    instance.on('response', (_client, status, _bytes, time) => {
      if (status >= 200 && status < 300) times.push(time);
    });
  });
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** How many answers, and their median and 99th percentile (sorts `times`). */
export function latencies(times: number[]): { answers: number; p50: number; p99: number } {
  times.sort((a, b) => a - b);
  return { answers: times.length, p50: percentile(times, 50), p99: percentile(times, 99) };
}

/**
 * A closed loop: drives `targets` at once for `seconds`, `connections` kept-alive connections in all
 * (shared evenly between the targets: one target per server process).
 */
export async function measure(
  targets: readonly Target[],
  options: { connections: number; seconds: number },
): Promise<Figures> {
  const each = Math.max(1, Math.round(options.connections / targets.length));
  const runs = await Promise.all(targets.map((t) => drive(t, each, options.seconds)));
  const statuses: Record<string, number> = {};
  let failures = 0;
  let rps = 0;
  let sent = 0;
  for (const { result } of runs) {
    sent += result.requests.sent;
    for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
      statuses[code] = (statuses[code] ?? 0) + (stat.count ?? 0);
    }
    failures += result.non2xx + result.errors + result.timeouts;
    rps += result['2xx'] / result.duration;
  }
  return { rps, ...latencies(runs.flatMap((r) => r.times)), sent, failures, statuses };
}

/**
 * Waits until each process answers its cheap path within 50 ms (at most 15 s): requests still queued when
 * a run ends would otherwise slow down the next run.
 */
export async function settle(urls: readonly string[]): Promise<void> {
  for (const url of new Set(urls)) {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const startedAt = performance.now();
      await fetch(new URL(IDLE, url))
        .then((r) => r.arrayBuffer())
        .catch(() => undefined);
      if (performance.now() - startedAt < 50) break;
    }
  }
}
