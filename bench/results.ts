import type { Figures } from './load';
import type { Machine } from './machine';
import type { ScenarioId } from './scenarios';

export interface BenchConfig {
  quick: boolean;
  /** Seconds each endpoint is measured, split over `rounds` (each after `warmup` seconds not counted). */
  seconds: number;
  rounds: number;
  warmup: number;
  connections: number;
  bigExpenses: number;
  groups: number;
  /** Sequential requests that time the settle-up suggestions alone. */
  aloneRequests: number;
  /** Where the report goes; null: printed only. */
  reportPath: string | null;
  redisUrl: string | null;
  /** VIEW_CACHE_MB of the server processes (null: the server's default). */
  viewCacheMb: number | null;
  /** ACCESS_CACHE of the server processes (null: the server's default, on). */
  accessCache: boolean | null;
}

export interface Row {
  id: ScenarioId;
  label: string;
  read: boolean;
  figures: Figures;
  /** Size of one answer's body (its JSON), and how many items its list holds (null: no list). */
  bytes: number | null;
  /** The same body as sent: compressed when the server compresses it. */
  sentBytes: number | null;
  items: number | null;
  hasNextPage: boolean | null;
}

/** One endpoint at several connection counts; at the run's own count, its figures of the main table. */
export interface ConcurrencyRow {
  id: ScenarioId;
  label: string;
  steps: { connections: number; figures: Figures }[];
}

export interface ScaleRow {
  label: string;
  one: Figures;
  two: Figures;
}

export interface MixedRow {
  label: string;
  reads: Figures;
  writes: Figures;
}

export interface RunResult {
  date: Date;
  machine: Machine;
  loadAtEnd: number[];
  config: BenchConfig;
  seeded: {
    users: number;
    groups: number;
    expenses: number;
    splits: number;
    settlements: number;
    seconds: number;
  };
  rows: Row[];
  concurrency: ConcurrencyRow[];
  /** The suggestions of Trip timed one request at a time (nothing else running). */
  suggestionsAlone: Figures;
  scale: ScaleRow[];
  /** Reads of one group while it is written (the remembered answers are rebuilt after each write). */
  mixed: MixedRow;
  ledger: { scopes: number; problems: string[] };
  seconds: number;
}

/**
 * The ceiling's highest throughput in the run, at whichever connection count: what the reads are held to, so
 * that no choice of connection count can lower the bar.
 */
export function bestCeiling(result: RunResult): { rps: number; connections: number } {
  let best = { rps: row(result, 'ceiling').figures.rps, connections: result.config.connections };
  for (const step of result.concurrency.find((c) => c.id === 'ceiling')?.steps ?? []) {
    if (step.figures.rps > best.rps) best = { rps: step.figures.rps, connections: step.connections };
  }
  return best;
}

export function row(result: RunResult, id: ScenarioId): Row {
  const found = result.rows.find((r) => r.id === id);
  if (!found) throw new Error(`No figures for ${id}`);
  return found;
}
