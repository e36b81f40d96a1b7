import type { CpuSnapshot } from './cpu';
import { cpuPerAnswer } from './cpu';
import { settle, type Target } from './load';
import { type OpenFigures, openLoop } from './open-loop';

/** The mixed workload's p99 goal at every rate it is said to reach. */
export const P99_LIMIT_MS = 100;
/** A step also fails when it answered less than this share of what it offered. */
const KEPT_UP = 0.95;
/** Offered rates as shares of the closed loop's throughput, then 10% more each step until one fails. */
const FIRST_SHARES = [0.25, 0.4, 0.55, 0.7, 0.8, 0.9, 1];
const MAX_STEPS = 12;

export interface Step extends OpenFigures {
  pass: boolean;
}

/**
 * Steps the offered rate of an open loop up from a quarter of `capacity` until a step misses: its p99
 * above P99_LIMIT_MS, a failure, or fewer answers than KEPT_UP of the offered rate. Every step is kept;
 * the highest rate reached is that of the last step before the first miss.
 */
export async function stepUp(
  target: Target,
  capacity: number,
  options: { seconds: number; connections: number },
  probe: () => Promise<CpuSnapshot>,
  log: (line: string) => void,
): Promise<Step[]> {
  const steps: Step[] = [];
  for (let i = 0; i < MAX_STEPS; i++) {
    const share = FIRST_SHARES[i] ?? (FIRST_SHARES.at(-1) as number) * 1.1 ** (i - FIRST_SHARES.length + 1);
    const rate = Math.max(1, Math.round(capacity * share));
    await settle([target.url]);
    const before = await probe();
    const figures = await openLoop(target, {
      rate,
      seconds: options.seconds,
      connections: options.connections,
    });
    figures.cpu = cpuPerAnswer(before, await probe(), figures.sent);
    const pass =
      figures.failures === 0 && figures.p99 <= P99_LIMIT_MS && figures.rps >= KEPT_UP * figures.offered;
    steps.push({ ...figures, pass });
    log(
      `offered ${rate} req/s: ${Math.round(figures.rps)} answered a second, p50 ${figures.p50.toFixed(1)} ms, ` +
        `p99 ${figures.p99.toFixed(1)} ms${figures.failures ? `, ${figures.failures} FAILURES` : ''} -> ${pass ? 'met' : 'missed'}`,
    );
    if (!pass) break;
  }
  return steps;
}

/** The last step before the first miss: the highest rate the workload reached within its goal. */
export function highestMet(steps: readonly Step[]): Step | null {
  let best: Step | null = null;
  for (const step of steps) {
    if (!step.pass) break;
    best = step;
  }
  return best;
}
