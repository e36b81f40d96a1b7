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
/** Halvings of the first rate tried when even it misses. */
const DOWN_STEPS = 3;

export interface Step extends OpenFigures {
  pass: boolean;
}

/**
 * Steps the offered rate of an open loop up from a quarter of `capacity` until a step misses: its p99
 * above P99_LIMIT_MS, a failure, or fewer answers than KEPT_UP of the offered rate. When the first step
 * misses already, halves the rate (at most DOWN_STEPS times) until one is met. Every step is kept.
 */
export async function stepUp(
  target: Target,
  capacity: number,
  options: { seconds: number; connections: number },
  probe: () => Promise<CpuSnapshot>,
  log: (line: string) => void,
): Promise<Step[]> {
  const steps: Step[] = [];
  const run = async (share: number) => {
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
    return pass;
  };
  for (let i = 0; i < MAX_STEPS; i++) {
    const share = FIRST_SHARES[i] ?? (FIRST_SHARES.at(-1) as number) * 1.1 ** (i - FIRST_SHARES.length + 1);
    if (!(await run(share))) break;
  }
  const first = FIRST_SHARES[0] as number;
  for (let i = 1; i <= DOWN_STEPS && !steps.some((s) => s.pass); i++) await run(first / 2 ** i);
  return steps.sort((a, b) => a.offered - b.offered);
}

/** The highest offered rate that met the goal below every rate that missed it. */
export function highestMet(steps: readonly Step[]): Step | null {
  let best: Step | null = null;
  for (const step of [...steps].sort((a, b) => a.offered - b.offered)) {
    if (!step.pass) break;
    best = step;
  }
  return best;
}
