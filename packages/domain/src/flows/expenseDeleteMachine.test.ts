import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  canDeleteExpense,
  deleteExpenseErrorMessage,
  type ExpenseDeleteEmitted,
  expenseDeleteMachine,
} from './expenseDeleteMachine';

function start(deleteExpense: (id: string) => Promise<unknown>, paidBy = 'me') {
  const calls: string[] = [];
  const machine = expenseDeleteMachine.provide({
    actors: {
      deleteExpense: fromPromise<unknown, { expenseId: string }>(({ input }) => {
        calls.push(input.expenseId);
        return deleteExpense(input.expenseId);
      }),
    },
  });
  const actor = createActor(machine, { input: { expenseId: 'e1', paidBy, currentUserId: 'me' } });
  const emitted: ExpenseDeleteEmitted['type'][] = [];
  actor.on('*', (e) => emitted.push(e.type));
  actor.start();
  return { actor, calls, emitted };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('expenseDeleteMachine', () => {
  it('confirm, optimistic hide, success, then redirect after 500 ms', async () => {
    const { actor, calls, emitted } = start(() => Promise.resolve(undefined));
    actor.send({ type: 'delete.request' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.hidden).toBe(false);

    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().value).toBe('deleting');
    expect(actor.getSnapshot().context.hidden).toBe(true);
    expect(calls).toEqual(['e1']);

    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('deleted');
    expect(emitted).toEqual(['delete.succeeded']);

    await vi.advanceTimersByTimeAsync(499);
    expect(actor.getSnapshot().context.redirect).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.redirect).toBe(true);
    expect(emitted).toEqual(['delete.succeeded', 'delete.redirect']);
  });

  it('cancel at the confirmation deletes nothing', () => {
    const { actor, calls } = start(() => Promise.resolve(undefined));
    actor.send({ type: 'delete.request' });
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls).toEqual([]);
  });

  it('failure undoes the hide and shows the server message', async () => {
    const { actor, emitted } = start(() =>
      Promise.reject({ status: 409, data: { message: 'Expense is locked' } }),
    );
    actor.send({ type: 'delete.request' });
    actor.send({ type: 'delete.confirm' });
    await vi.advanceTimersByTimeAsync(0);
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('idle');
    expect(snap.context.hidden).toBe(false);
    expect(snap.context.error).toBe('Expense is locked');
    expect(emitted).toEqual(['delete.failed']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.redirect).toBe(false);
  });

  it('a second confirm while deleting sends nothing more', async () => {
    const { actor, calls } = start(() => new Promise(() => {}));
    actor.send({ type: 'delete.request' });
    actor.send({ type: 'delete.confirm' });
    actor.send({ type: 'delete.confirm' });
    actor.send({ type: 'delete.request' });
    expect(calls).toHaveLength(1);
  });

  it('someone who did not pay gets the warning and no confirmation', () => {
    const { actor, calls } = start(() => Promise.resolve(undefined), 'bob');
    actor.send({ type: 'delete.request' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.warning).toBe(
      "You can't delete this expense because you didn't pay for it. Only the person who paid can delete it.",
    );
    actor.send({ type: 'delete.confirm' });
    expect(calls).toEqual([]);
  });
});

describe('canDeleteExpense', () => {
  it('only the payer', () => {
    expect(canDeleteExpense({ paidBy: 'me', currentUserId: 'me' })).toBe(true);
    expect(canDeleteExpense({ paidBy: 'bob', currentUserId: 'me' })).toBe(false);
    expect(canDeleteExpense({ paidBy: null, currentUserId: 'me' })).toBe(false);
  });

  it('with several payers, any of them may delete; nobody else', () => {
    const payers = { bob: 6000, me: 4000 };
    expect(canDeleteExpense({ paidBy: 'bob', payers, currentUserId: 'me' })).toBe(true);
    expect(canDeleteExpense({ paidBy: 'bob', payers, currentUserId: 'cat' })).toBe(false);
    const actor = createActor(expenseDeleteMachine, {
      input: { expenseId: 'e1', paidBy: 'bob', payers, currentUserId: 'me' },
    }).start();
    actor.send({ type: 'delete.request' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.warning).toBeNull();
  });
});

describe('deleteExpenseErrorMessage', () => {
  it.each([
    [{ status: 400, data: { message: 'Nope' }, message: 'x' }, 'Nope'],
    [{ status: 400, message: 'From client' }, 'From client'],
    [{ status: 401 }, 'You are not authorized to delete this expense'],
    [{ status: 403, data: {} }, 'You are not authorized to delete this expense'],
    [{ status: 404 }, 'Expense not found'],
    [{ status: 500, data: { message: '' } }, 'Server error. Please try again later.'],
    [{ status: 0, message: 'No response from server' }, 'Failed to delete expense'],
    [null, 'Failed to delete expense'],
  ])('%j -> %s', (failure, expected) => {
    expect(deleteExpenseErrorMessage(failure)).toBe(expected);
  });
});
