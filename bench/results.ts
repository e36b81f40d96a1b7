import type { Figures } from './load';
import type { Machine } from './machine';
import type { MinimalCheck } from './minimal';
import type { Step } from './steps';
import type { EndpointId } from './streams';

export interface BenchConfig {
  quick: boolean;
  /** Seconds each endpoint is measured, split over `rounds` (each after `warmup` seconds not counted). */
  seconds: number;
  rounds: number;
  warmup: number;
  /** Seconds of each step of the mixed workload's offered rate. */
  stepSeconds: number;
  connections: number;
  bigExpenses: number;
  groups: number;
  /** How many of the 1,000 people sign in and take part in the load. */
  people: number;
  /** Where the report goes; null: printed only. */
  reportPath: string | null;
  redisUrl: string | null;
}

export interface Row {
  id: EndpointId;
  label: string;
  figures: Figures;
  /** Size of one answer's body (its JSON; null: not a read). */
  bytes: number | null;
  /** The same body as sent: compressed when the server compresses it. */
  sentBytes: number | null;
}

export interface MixedResult {
  /** The closed loop's throughput on one process (the steps' scale). */
  capacity: number;
  steps: Step[];
  /** Mixed workload, closed loop: one process with every connection, two with half each. */
  one: Figures;
  two: Figures;
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
  /** People signed in with POST /users/login before the load, and how long that took. */
  signIn: { people: number; seconds: number };
  rows: Row[];
  mixed: MixedResult;
  minimal: MinimalCheck[];
  ledger: { scopes: number; problems: string[] };
  /** Errors the server processes logged (the first line of each process's). */
  logged: string[];
  seconds: number;
}

export function row(result: RunResult, id: EndpointId): Row {
  const found = result.rows.find((r) => r.id === id);
  if (!found) throw new Error(`No figures for ${id}`);
  return found;
}
