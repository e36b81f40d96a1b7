import { describe, expect, it } from 'vitest';
import { batcher } from './batcher';

const turn = () => new Promise((done) => setImmediate(done));

describe('batcher', () => {
  it('sends the keys asked for in one turn of the event loop as one load, answering each its own value', async () => {
    const loads: number[][] = [];
    const double = batcher<number, number>(async (keys) => {
      loads.push([...keys]);
      return keys.map((k) => k * 2);
    });
    const answers = await Promise.all([double(1), double(2), double(3)]);
    expect(answers).toEqual([2, 4, 6]);
    expect(loads).toEqual([[1, 2, 3]]);
  });

  it('never starts a load before its key was asked for: a key asked later goes to a later load', async () => {
    const loads: string[][] = [];
    const echo = batcher<string, string>(async (keys) => {
      loads.push([...keys]);
      await turn();
      return keys;
    });
    const first = echo('a');
    await turn();
    const second = echo('b');
    expect(await Promise.all([first, second])).toEqual(['a', 'b']);
    expect(loads).toEqual([['a'], ['b']]);
  });

  it('while a load runs, keys asked meanwhile wait and go together into the next, sent when it finishes', async () => {
    let running = 0;
    let most = 0;
    const loads: number[][] = [];
    const slow = batcher<number, number>(async (keys) => {
      running++;
      most = Math.max(most, running);
      loads.push([...keys]);
      await turn();
      await turn();
      running--;
      return keys;
    });
    const first = slow(1);
    await turn();
    const later = [slow(2), slow(3)];
    await turn();
    later.push(slow(4));
    const started = performance.now();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3, 4]);
    expect(performance.now() - started).toBeLessThan(20);
    expect(most).toBe(1);
    expect(loads).toEqual([[1], [2, 3, 4]]);
  });

  it('a load stuck past patienceMs does not hold the next back: a hanging database adds no wait', async () => {
    let release = () => {};
    const stuck = new Promise<void>((done) => {
      release = done;
    });
    const loads: string[][] = [];
    const load = batcher<string, string>(
      async (keys) => {
        loads.push([...keys]);
        if (keys.includes('stuck')) await stuck;
        return keys;
      },
      { patienceMs: 30 },
    );
    const first = load('stuck');
    await turn();
    const asked = performance.now();
    expect(await load('next')).toBe('next');
    const waited = performance.now() - asked;
    expect(waited).toBeGreaterThanOrEqual(25);
    expect(waited).toBeLessThan(200);
    release();
    expect(await first).toBe('stuck');
    expect(loads).toEqual([['stuck'], ['next']]);
  });

  it('splits a turn with more than maxBatch keys', async () => {
    const sizes: number[] = [];
    const load = batcher<number, number>(
      async (keys) => {
        sizes.push(keys.length);
        return keys;
      },
      { maxBatch: 2 },
    );
    await Promise.all([1, 2, 3, 4, 5].map(load));
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('gives every key of a failed load its error, and later loads still run', async () => {
    let fail = true;
    const load = batcher<number, number>(async (keys) => {
      if (fail) throw new Error('database down');
      return keys;
    });
    const failed = await Promise.allSettled([load(1), load(2)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await load(3)).toBe(3);
  });

  it('refuses a load that answers a different number of values than keys', async () => {
    const load = batcher<number, number>(async () => [1]);
    const answers = await Promise.allSettled([load(1), load(2)]);
    expect(answers.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
