import type { Expense } from '@kitty/api';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/czech';
import { setActiveLanguage } from '../../i18n/language';
import { blockOffer } from './blockOffer';

// "Block {name}" beside Decline: offered to whom someone else named in a personal expense, declined or not.

const split = (user_id: string, name: string, amount: number) => ({
  user_id,
  amount,
  percentage: null,
  shares: null,
  User: { display_name: name },
  display_name: name,
  email: `${user_id}@example.com`,
});

/** Ben recorded and paid a personal dinner with Ana. */
const expense: Expense = {
  id: 'e1',
  description: 'Dinner',
  amount: 95,
  currency: 'EUR',
  category: 'dining',
  date: '2026-11-20T18:00:00.000Z',
  notes: null,
  group_id: null,
  groupName: null,
  Group: null,
  paid_by: 'ben',
  payer: { id: 'ben', display_name: 'Ben', email: 'ben@example.com' },
  split_type: 'exact',
  split_details: { amounts: { ben: 50, ana: 45 } },
  participants: ['ben', 'ana'],
  created_by: { id: 'ben', display_name: 'Ben' },
  declined: null,
  leftover_start: 0,
  comment_count: 0,
  recurring_expense_id: null,
  ExpenseSplits: [split('ben', 'Ben', 50), split('ana', 'Ana', 45)],
  created_at: '2026-11-20T18:00:00.000Z',
  updated_at: '2026-11-20T18:00:00.000Z',
  is_settled: false,
  version: 1,
};

describe('the "Block {name}" offer on an expense', () => {
  afterEach(() => setActiveLanguage('en'));

  it('names who recorded it, to the person they named, in English and in Czech', () => {
    expect(blockOffer(expense, 'ana')).toEqual({ id: 'ben', name: 'Ben', label: 'Block Ben' });
    setActiveLanguage('cs');
    expect(blockOffer(expense, 'ana')?.label).toBe('Zablokovat: Ben');
  });

  it('stays after the expense was declined: that is when a claim comes again', () => {
    const declined = {
      ...expense,
      declined: { at: '2026-11-21T08:00:00.000Z', by: { id: 'ana', display_name: 'Ana' } },
    };
    expect(blockOffer(declined, 'ana')?.id).toBe('ben');
  });

  it('is not offered to the recorder, to anyone not in it, nor in a group', () => {
    expect(blockOffer(expense, 'ben')).toBeNull();
    expect(blockOffer(expense, 'cyd')).toBeNull();
    expect(
      blockOffer({ ...expense, group_id: 'g1', groupName: 'Trip', Group: { id: 'g1', name: 'Trip' } }, 'ana'),
    ).toBeNull();
  });

  it('falls back to "Someone" for a recorder without a name', () => {
    const nameless = { ...expense, created_by: { id: 'ben', display_name: '  ' } };
    expect(blockOffer(nameless, 'ana')?.label).toBe('Block Someone');
  });
});
