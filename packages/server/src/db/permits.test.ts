import { describe, expect, it } from 'vitest';
import { Permits } from './permits';

const tick = () => new Promise((done) => setTimeout(done, 1));

describe('bulk work permits', () => {
  it('runs at most `size` tasks at once, the others in the order they came, each once', async () => {
    const permits = new Permits(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (n: number) => async () => {
      running++;
      most = Math.max(most, running);
      await tick();
      order.push(n);
      running--;
      return n;
    };
    const results = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => permits.run(task(n))));
    expect(results).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5, 6, 7]);
    expect(permits.running).toBe(0);
    expect(permits.waiting).toBe(0);
  });

  it('a task that fails gives its permit back to the next', async () => {
    const permits = new Permits(1);
    const failed = permits.run(async () => {
      await tick();
      throw new Error('no');
    });
    const next = permits.run(async () => 'ran');
    expect(permits.waiting).toBe(1);
    await expect(failed).rejects.toThrow('no');
    await expect(next).resolves.toBe('ran');
    expect(permits.running).toBe(0);
  });
});
