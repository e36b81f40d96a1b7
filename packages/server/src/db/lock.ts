import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * PGlite on disk belongs to one process: a second server opening the same folder would corrupt it.
 * The lock file holds the owner's pid; a lock left by a process that no longer runs is taken over.
 */
const heldHere = new Set<string>();

export function lockDataDir(lockFile: string, describe: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      heldHere.add(lockFile);
      return () => {
        heldHere.delete(lockFile);
        rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8').trim());
      // Our own pid in a lock we do not hold: left by an earlier run that had the same pid (containers).
      const held = owner === process.pid ? heldHere.has(lockFile) : owner > 0 && isRunning(owner);
      if (held) {
        throw new Error(
          `Another Kitty server (pid ${owner}) is using the embedded database in ${describe}. ` +
            'Stop it first, or set DATA_DIR to another folder.',
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockFile}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
