import type { Expense } from '@kitty/api';
import { buildExpensePayload, createDraft, type ExpenseDraft } from '@kitty/domain/flows';
import { afterEach, describe, expect, it } from 'vitest';
import { draftFromExpense } from './editDraft';

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const expense: Expense = {
  id: 'e1',
  description: 'Dinner',
  amount: 95,
  currency: 'EUR',
  category: 'dining',
  date: '2026-11-20T18:00:00.000Z',
  notes: null,
  group_id: 'g1',
  groupName: 'Trip',
  Group: { id: 'g1', name: 'Trip' },
  paid_by: 'a',
  payer: { id: 'a', display_name: 'Alice', email: 'alice@example.com' },
  split_type: 'exact',
  split_details: { amounts: { a: 50, b: 45 } },
  participants: ['a', 'b'],
  created_by: { id: 'a', display_name: 'Alice' },
  declined: null,
  leftover_start: 0,
  comment_count: 0,
  recurring_expense_id: null,
  ExpenseSplits: [
    {
      user_id: 'a',
      amount: 50,
      percentage: null,
      shares: null,
      User: { display_name: 'Alice' },
      display_name: 'Alice',
      email: 'alice@example.com',
    },
    {
      user_id: 'b',
      amount: 45,
      percentage: null,
      shares: null,
      User: { display_name: 'Bob' },
      display_name: 'Bob',
      email: 'bob@example.com',
    },
  ],
  created_at: '2026-11-20T18:00:00.000Z',
  updated_at: '2026-11-20T18:00:00.000Z',
  is_settled: false,
  version: 3,
};

describe('the edit draft made from a saved expense', () => {
  it('shows the amount as two-decimal text and keeps payer, group and participants with their names', () => {
    const draft = draftFromExpense({ ...expense, split_details: { amounts: { a: 50, b: 45 } } });
    expect(draft.amount).toBe('95.00');
    expect(draft.paid_by).toBe('a');
    expect(draft.group_id).toBe('g1');
    expect(draft.groupName).toBe('Trip');
    expect(draft.participants?.map((p) => p.display_name)).toEqual(['Alice', 'Bob']);
  });

  it("shows the date as its day in the device's time zone, and an unchanged edit sends it back as saved", () => {
    const now = new Date('2026-11-26T13:00:00Z');
    for (const [tz, day] of [
      ['UTC', '2026-11-20'],
      ['Asia/Tokyo', '2026-11-21'],
      ['America/Los_Angeles', '2026-11-20'],
    ] as const) {
      process.env.TZ = tz;
      const loaded = draftFromExpense({ ...expense, notes: 'Table 4' });
      expect(loaded.date).toBe(day);
      expect(loaded.notes).toBe('Table 4');
      const draft = { ...createDraft({ currentUser: { id: 'a' } }), ...loaded } as ExpenseDraft;
      const result = buildExpensePayload(draft, now);
      expect(result.ok && result.payload.date).toBe(expense.date);
      expect(result.ok && 'notes' in result.payload).toBe(false);
    }
  });

  it('reads exact amounts into minor units of the currency', () => {
    const draft = draftFromExpense({ ...expense, split_details: { amounts: { a: 50, b: 45 } } });
    expect(draft.split_details).toEqual({ amounts: { a: 5000, b: 4500 } });
  });

  it('falls back to the default details when the saved ones are not valid amounts, rather than drifting a cent', () => {
    const draft = draftFromExpense({ ...expense, split_details: { amounts: { a: 50.004, b: 45 } } });
    expect(draft.split_details).toEqual({ amounts: { a: 0, b: 0 } });
  });

  it('takes the registration flag from people it knows', () => {
    const draft = draftFromExpense(expense, [
      {
        id: 'b',
        email: 'bob@example.com',
        first_name: 'Bob',
        last_name: '',
        display_name: 'Bob',
        name: 'Bob',
        registered: false,
      },
    ]);
    expect(draft.participants?.find((p) => p.id === 'b')?.registered).toBe(false);
    expect(draft.participants?.find((p) => p.id === 'a')?.registered).toBeUndefined();
  });

  it('with one payer there are no several payers; with several, each amount is filled back in participant order', () => {
    expect(draftFromExpense(expense).payers).toEqual([]);
    const person = (user_id: string, amount: number) => ({
      user_id,
      amount,
      display_name: user_id,
      email: '',
    });
    const draft = draftFromExpense({
      ...expense,
      paid_by: 'b',
      payers: [person('b', 60.5), person('a', 34.5)],
    });
    expect(draft.paid_by).toBe('b');
    expect(draft.payers).toEqual([
      { id: 'a', amount: '34.50' },
      { id: 'b', amount: '60.50' },
    ]);
  });
});
