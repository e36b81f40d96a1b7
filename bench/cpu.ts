import { readFileSync } from 'node:fs';
import type { Db } from '../packages/server/src/db';

// Linux reports process CPU time in clock ticks of 1/100 s.
const TICK_MS = 10;

/** User + system CPU milliseconds a process has used so far; null where /proc is not readable. */
function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

export interface CpuSnapshot {
  servers: number | null;
  backends: Map<number, number>;
}

/**
 * CPU used so far by the server processes and by the PostgreSQL backends connected to the bench
 * database (the pool keeps them across runs; one started during a run counts from zero).
 */
export async function cpuSnapshot(pids: readonly number[], db: Db, database: string): Promise<CpuSnapshot> {
  const own = pids.map(cpuMs);
  const { rows } = await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
    database,
  ]);
  const backends = new Map<number, number>();
  for (const { pid } of rows) {
    const used = cpuMs(pid);
    if (used !== null) backends.set(pid, used);
  }
  return {
    servers: own.some((c) => c === null) ? null : own.reduce((s: number, c) => s + (c ?? 0), 0),
    backends,
  };
}

/** CPU milliseconds per answer between two snapshots: the servers', and PostgreSQL's. */
export function cpuPerAnswer(
  before: CpuSnapshot,
  after: CpuSnapshot,
  answers: number,
): { server: number | null; database: number | null } {
  if (answers === 0) return { server: null, database: null };
  const server =
    before.servers === null || after.servers === null ? null : (after.servers - before.servers) / answers;
  let db = 0;
  for (const [pid, used] of after.backends) db += used - (before.backends.get(pid) ?? 0);
  return { server, database: after.backends.size > 0 ? db / answers : null };
}
