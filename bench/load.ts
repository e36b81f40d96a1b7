import autocannon from 'autocannon';

/**
 * What Chromium sends with every request the web app makes: the server may answer compressed, as it answers
 * the web app. Sent with every request of the load and with the first request that sizes each answer.
 */
export const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** One endpoint on one server process. `request` (optional) changes each request before it is sent. */
export interface Target {
  url: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  /** A cheap path of the same process, answered quickly only once it has caught up (see `settle`). */
  idle: string;
  request?: () => { headers?: Record<string, string>; body?: string };
}

export interface Figures {
  /** Successful (2xx) answers per second. */
  rps: number;
  /** Latency of the successful answers in milliseconds, from each response's own time (not rounded). */
  mean: number;
  p50: number;
  p99: number;
  answers: number;
  /** Requests sent, answered or not when the run ended (the server still does the work of each). */
  sent: number;
  /** Answers that were not 2xx, and connection errors or timeouts: any makes the figure worthless. */
  failures: number;
  statuses: Record<string, number>;
  /** CPU milliseconds per answer of the server processes and of PostgreSQL (filled in by the run). */
  cpu?: { server: number | null; database: number | null };
}

interface Run {
  result: autocannon.Result;
  times: number[];
}

function drive(target: Target, connections: number, seconds: number, amount?: number): Promise<Run> {
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        connections,
        duration: seconds,
        ...(amount ? { amount } : {}),
        method: target.method,
        headers: { 'accept-encoding': ACCEPT_ENCODING, ...target.headers },
        requests: [
          {
            method: target.method,
            path: target.path,
            setupRequest: (req) => {
              const extra = target.request?.();
              if (!extra) return req;
              return {
                ...req,
                headers: { ...req.headers, ...extra.headers },
                ...(extra.body ? { body: extra.body } : {}),
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

/**
 * Drives `targets` at once for `seconds`, `connections` kept-alive connections in all (shared evenly
 * between the targets: one target per server process). With `amount`, sends that many requests instead.
 */
export async function measure(
  targets: readonly Target[],
  options: { connections: number; seconds: number; amount?: number },
): Promise<Figures> {
  const each = Math.max(1, Math.round(options.connections / targets.length));
  const runs = await Promise.all(targets.map((t) => drive(t, each, options.seconds, options.amount)));
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
  const times = runs.flatMap((r) => r.times).sort((a, b) => a - b);
  const mean = times.length > 0 ? times.reduce((s, t) => s + t, 0) / times.length : 0;
  return {
    rps,
    mean,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    answers: times.length,
    sent,
    failures,
    statuses,
  };
}

/**
 * Waits until each target's process answers its cheap path within 50 ms (at most 15 s): requests still
 * queued when a run ends (slow ones, such as the suggestions) would otherwise slow down the next run.
 */
export async function settle(targets: readonly Target[]): Promise<void> {
  for (const url of new Set(targets.map((t) => t.url))) {
    const path = (targets.find((t) => t.url === url) as Target).idle;
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const startedAt = performance.now();
      await fetch(new URL(path, url))
        .then((r) => r.arrayBuffer())
        .catch(() => undefined);
      if (performance.now() - startedAt < 50) break;
    }
  }
}
