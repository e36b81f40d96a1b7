import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sleep } from './server';

const LOCK = join(tmpdir(), 'kitty-reliability.lock');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The reliability files start several servers and load them hard: when Vitest runs files side by side
 * (more than two cores), they take turns through this lock instead of competing for the machine.
 * A lock left by a worker that no longer runs is taken over. Resolves to the release function.
 */
export async function takeTurn(waitMs = 240_000): Promise<() => void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, 'pid'), String(process.pid));
      return () => rmSync(LOCK, { recursive: true, force: true });
    } catch {
      let owner = Number.NaN;
      try {
        owner = Number(readFileSync(join(LOCK, 'pid'), 'utf8'));
      } catch {
        // being created or removed right now
      }
      if (Number.isInteger(owner) && !alive(owner)) rmSync(LOCK, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`Another reliability test held ${LOCK} for ${waitMs} ms`);
      await sleep(200);
    }
  }
}
