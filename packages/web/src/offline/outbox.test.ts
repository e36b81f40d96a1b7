import { describe, expect, it } from 'vitest';
import { backoffMs, createOutbox, memoryOutboxStore, type QueuedWrite, type WriteInput } from './outbox';

const expense = (description: string, groupId = 'g1'): WriteInput => ({
  kind: 'expense',
  path: '/expenses',
  body: { description, amount: 12.5, currency: 'EUR', group_id: groupId },
  idempotencyKey: `key-${description}`,
  groupId,
  expenseId: null,
});

/** An outbox whose server answers from `answers` (one status per request, in order; 201 once they run out). */
function setup(answers: number[] = []) {
  const store = memoryOutboxStore();
  const sent: { description: string; key: string }[] = [];
  const sentOk: string[] = [];
  const timers: { run: () => void; ms: number; cancelled: boolean }[] = [];
  let clock = 1_000;
  const outbox = createOutbox({
    store,
    now: () => clock++,
    send: async (write) => {
      sent.push({
        description: (write.body as { description: string }).description,
        key: write.idempotencyKey,
      });
      const status = answers.shift() ?? 201;
      return { status, data: status === 409 ? { code: 'VERSION_CONFLICT', message: 'Changed' } : {} };
    },
    onSent: (write) => sentOk.push((write.body as { description: string }).description),
    schedule: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  });
  outbox.setPerson('alice');
  return { outbox, store, sent, sentOk, timers };
}

const descriptions = (writes: readonly QueuedWrite[]) =>
  writes.map((w) => `${(w.body as { description: string }).description}:${w.state}`);

describe('outbox', () => {
  it('keeps writes in the order they were made and sends them in that order, each with its own key', async () => {
    const { outbox, sent, sentOk } = setup();
    await outbox.enqueue(expense('Dinner'));
    await outbox.enqueue(expense('Taxi'));
    expect(descriptions(outbox.list())).toEqual(['Dinner:waiting', 'Taxi:waiting']);

    await outbox.sync();

    expect(sent).toEqual([
      { description: 'Dinner', key: 'key-Dinner' },
      { description: 'Taxi', key: 'key-Taxi' },
    ]);
    expect(sentOk).toEqual(['Dinner', 'Taxi']);
    expect(outbox.list()).toEqual([]);
  });

  it('after no answer stops (nothing later goes first) and tries again later with the same key', async () => {
    const { outbox, sent, timers, store } = setup([0]);
    await outbox.enqueue(expense('Dinner'));
    await outbox.enqueue(expense('Taxi'));

    await outbox.sync();
    expect(sent.map((s) => s.description)).toEqual(['Dinner']);
    expect(descriptions(outbox.list())).toEqual(['Dinner:waiting', 'Taxi:waiting']);
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    expect((await store.all()).length).toBe(2);

    timers[0]?.run();
    await outbox.sync();
    expect(sent).toEqual([
      { description: 'Dinner', key: 'key-Dinner' },
      { description: 'Dinner', key: 'key-Dinner' },
      { description: 'Taxi', key: 'key-Taxi' },
    ]);
    expect(outbox.list()).toEqual([]);
    expect(await store.all()).toEqual([]);
  });

  it('waits longer after each failed attempt, a minute at most', () => {
    expect([0, 1, 2, 3, 10].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 60_000]);
  });

  it('keeps a refused write with the reason, sends the next ones, and retries or discards it on request', async () => {
    const { outbox, sent } = setup([409, 201, 201]);
    await outbox.enqueue(expense('Dinner'));
    await outbox.enqueue(expense('Taxi'));

    await outbox.sync();
    expect(descriptions(outbox.list())).toEqual(['Dinner:failed']);
    expect(outbox.list()[0]?.failure).toEqual({ status: 409, code: 'VERSION_CONFLICT', message: 'Changed' });
    expect(sent.map((s) => s.description)).toEqual(['Dinner', 'Taxi']);

    const seq = outbox.list()[0]?.seq ?? -1;
    await outbox.retry(seq);
    expect(sent.map((s) => s.description)).toEqual(['Dinner', 'Taxi', 'Dinner']);
    expect(outbox.list()).toEqual([]);
  });

  it('discards only when asked', async () => {
    const { outbox, store } = setup([403]);
    await outbox.enqueue(expense('Dinner'));
    await outbox.sync();
    expect(descriptions(outbox.list())).toEqual(['Dinner:failed']);
    await outbox.discard(outbox.list()[0]?.seq ?? -1);
    expect(outbox.list()).toEqual([]);
    expect(await store.all()).toEqual([]);
  });

  it("shows and sends only the signed-in person's writes, and leaves them waiting when the session has ended", async () => {
    const { outbox, sent } = setup([401]);
    await outbox.enqueue(expense('Alice dinner'));
    outbox.setPerson('bob');
    expect(outbox.list()).toEqual([]);
    await outbox.sync();
    expect(sent).toEqual([]);

    outbox.setPerson('alice');
    await outbox.sync();
    expect(descriptions(outbox.list())).toEqual(['Alice dinner:waiting']);
    await outbox.sync();
    expect(outbox.list()).toEqual([]);
  });

  it('loads what an earlier page left in the store', async () => {
    const { outbox, store } = setup();
    await outbox.enqueue(expense('Dinner'));
    const again = createOutbox({ store, send: async () => ({ status: 201, data: {} }) });
    again.setPerson('alice');
    again.subscribe(() => {});
    await again.sync();
    expect(await store.all()).toEqual([]);
  });

  it('runs one sync at a time: a second call during a run sends nothing twice', async () => {
    const { outbox, sent } = setup();
    await outbox.enqueue(expense('Dinner'));
    await Promise.all([outbox.sync(), outbox.sync()]);
    expect(sent.map((s) => s.description)).toEqual(['Dinner']);
  });
});
