import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';

describe('the embedded database on disk', () => {
  it('keeps its data across restarts, and a second server cannot open it while the first runs', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'kitty-disk-')), 'pglite');
    const first = await openPglite(dir);
    await migrate(first);
    await first.query("INSERT INTO users (email) VALUES ('kept@example.com')");
    await expect(openPglite(dir)).rejects.toThrow(
      /Another Kitty server \(pid \d+\) is using the embedded database/,
    );
    await first.close();

    // A lock left behind by a server that crashed does not block the next start.
    writeFileSync(`${dir}.lock`, '2147483646');
    const reopened = await openPglite(dir);
    try {
      expect(await migrate(reopened)).toEqual([]);
      const { rows } = await reopened.query('SELECT email FROM users');
      expect(rows).toEqual([{ email: 'kept@example.com' }]);
    } finally {
      await reopened.close();
    }
  });
});
