import type { Expense } from '@kitty/api';
import { describe, expect, it } from 'vitest';
import {
  RECENT_INITIAL_COUNT,
  RECENT_MAX_COUNT,
  recentExpensesView,
  toRecentExpenseRow,
  toRecentExpenses,
} from './recentExpenses';

const expense = (over: Partial<Expense>): Expense => ({
  id: 'e1',
  description: 'Dinner',
  amount: 30,
  currency: 'EUR',
  category: 'dining',
  date: '2026-11-20T18:00:00Z',
  notes: null,
  group_id: null,
  groupName: null,
  Group: null,
  paid_by: 'me',
  payer: { id: 'me', display_name: 'Me', email: 'me@example.com' },
  split_type: 'equal',
  split_details: {},
  participants: ['me', 'bob', 'eve'],
  created_by: { id: 'me', display_name: 'Me' },
  declined: null,
  leftover_start: 0,
  comment_count: 0,
  recurring_expense_id: null,
  ExpenseSplits: [
    {
      user_id: 'me',
      amount: 10,
      percentage: null,
      shares: null,
      User: { display_name: 'Me' },
      display_name: 'Me',
      email: '',
    },
    {
      user_id: 'bob',
      amount: 10,
      percentage: null,
      shares: null,
      User: { display_name: 'Bob' },
      display_name: 'Bob',
      email: '',
    },
    {
      user_id: 'eve',
      amount: 10,
      percentage: null,
      shares: null,
      User: { display_name: 'Eve' },
      display_name: 'Eve',
      email: '',
    },
  ],
  created_at: '2026-11-20T18:00:00Z',
  updated_at: '2026-11-20T18:00:00Z',
  is_settled: false,
  version: 1,
  ...over,
});

describe('Recent Expenses rows', () => {
  it('is green with a plus for what others owe the payer, and "Personal" without a group', () => {
    const row = toRecentExpenseRow(expense({}), 'me');
    expect(row.groupName).toBe('Personal');
    expect(row.direction).toMatchObject({ sign: '+', direction: 'owed', amount: 2000 });
  });

  it('is red with a minus for a participant who did not pay, showing their own share', () => {
    const row = toRecentExpenseRow(expense({ paid_by: 'bob', groupName: 'Trip' }), 'me');
    expect(row.groupName).toBe('Trip');
    expect(row.direction).toMatchObject({ sign: '-', direction: 'owe', amount: 1000 });
    expect(row.declined).toBeNull();
  });

  it('with several payers, reads each one: a payer who paid less than their share owes the rest', () => {
    const paid = (user_id: string, amount: number) => ({ user_id, amount, display_name: user_id, email: '' });
    // 30 split 10 each; bob paid 24, me 6: me is short 4, eve 10; bob is owed 14.
    const several = expense({ paid_by: 'bob', payers: [paid('bob', 24), paid('me', 6)] });
    expect(toRecentExpenseRow(several, 'me').direction).toMatchObject({
      sign: '-',
      direction: 'owe',
      amount: 400,
    });
    expect(toRecentExpenseRow(several, 'bob').direction).toMatchObject({
      sign: '+',
      direction: 'owed',
      amount: 1400,
    });
  });

  it('says who declined a declined expense, in place of what anyone owes', () => {
    const declined = { at: '2026-11-21T09:00:00Z', by: { id: 'bob', display_name: 'Bob' } };
    const row = toRecentExpenseRow(expense({ paid_by: 'eve', declined }), 'me');
    expect(row.declined).toBe('Declined by Bob');
  });
});

describe('Recent Expenses total', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => expense({ id: `e${i}` }));

  it('knows 12 expenses are more than 10 but not more than 20: Load More, then no See all', () => {
    const { total } = toRecentExpenses({ expenses: many(12), nextCursor: null }, 'me');
    expect(recentExpensesView(total, 10)).toEqual({ shown: 10, showLoadMore: true, showSeeAll: false });
    expect(recentExpensesView(total, 20)).toEqual({ shown: 12, showLoadMore: false, showSeeAll: false });
  });

  it('treats a next page after 21 as more than 20: See all after Load More', () => {
    const { total } = toRecentExpenses({ expenses: many(21), nextCursor: 'next' }, 'me');
    expect(recentExpensesView(total, 20)).toEqual({ shown: 20, showLoadMore: false, showSeeAll: true });
  });

  it('offers neither for exactly 10', () => {
    const { total } = toRecentExpenses({ expenses: many(10), nextCursor: null }, 'me');
    expect(recentExpensesView(total, 10)).toEqual({ shown: 10, showLoadMore: false, showSeeAll: false });
  });
});

describe('Recent Expenses view', () => {
  it('starts at 10 and offers Load More only when more than 10 exist', () => {
    expect(RECENT_INITIAL_COUNT).toBe(10);
    expect(recentExpensesView(3)).toEqual({ shown: 3, showLoadMore: false, showSeeAll: false });
    expect(recentExpensesView(10)).toEqual({ shown: 10, showLoadMore: false, showSeeAll: false });
    expect(recentExpensesView(11)).toEqual({ shown: 10, showLoadMore: true, showSeeAll: false });
  });

  it('after Load More (20 visible) offers See all only when more than 20 exist', () => {
    expect(RECENT_MAX_COUNT).toBe(20);
    expect(recentExpensesView(15, 20)).toEqual({ shown: 15, showLoadMore: false, showSeeAll: false });
    expect(recentExpensesView(20, 20)).toEqual({ shown: 20, showLoadMore: false, showSeeAll: false });
    expect(recentExpensesView(21, 20)).toEqual({ shown: 20, showLoadMore: false, showSeeAll: true });
  });

  it('never shows more rows than exist or than the visible count, and never both buttons', () => {
    for (let total = 0; total <= 100; total++) {
      for (const visible of [RECENT_INITIAL_COUNT, RECENT_MAX_COUNT]) {
        const view = recentExpensesView(total, visible);
        expect(view.shown).toBe(Math.min(total, visible));
        expect(view.showLoadMore && view.showSeeAll).toBe(false);
      }
    }
  });
});
