import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  type ExpenseSnapshot,
  expenseChanges,
  groupEventMessage,
  groupEventWords,
  recordChanges,
} from './groupEvents';

const names: Record<string, string> = { a: 'Alice', b: 'Bob', c: 'Cy' };
const nameOf = (id: string) => names[id] ?? 'someone';

const dinner: ExpenseSnapshot = {
  description: 'Dinner',
  amount_minor: 9000,
  currency: 'EUR',
  category: 'dining',
  date: '2026-11-20T18:00:00.000Z',
  notes: '',
  split_type: 'equal',
  payers: { a: 9000 },
  shares: { a: 4500, b: 4500 },
};

describe('expenseChanges', () => {
  it('lists only the fields that changed, before and after', () => {
    const after = { ...dinner, amount_minor: 9500, payers: { a: 9500 }, shares: { a: 4750, b: 4750 } };
    expect(expenseChanges(dinner, after)).toEqual({
      amount_minor: [9000, 9500],
      payers: [{ a: 9000 }, { a: 9500 }],
      shares: [
        { a: 4500, b: 4500 },
        { a: 4750, b: 4750 },
      ],
    });
  });

  it('is empty for the same expense, whatever the order of its payers', () => {
    const same = { ...dinner, payers: { b: 3000, a: 6000 } };
    expect(expenseChanges({ ...dinner, payers: { a: 6000, b: 3000 } }, same)).toEqual({});
  });

  it('applying the changes to the expense before gives the expense after', () => {
    const after = { ...dinner, description: 'Supper', currency: 'USD', payers: { a: 5000, b: 4000 } };
    expect(applyChanges(dinner, expenseChanges(dinner, after))).toEqual(after);
  });
});

describe('recordChanges', () => {
  it('records any field, one added later too; a missing value is null', () => {
    expect(recordChanges({ currency: 'EUR' }, { currency: 'USD', name: 'Trip' })).toEqual({
      currency: ['EUR', 'USD'],
      name: [null, 'Trip'],
    });
  });
});

describe('groupEventWords', () => {
  const actor = { display_name: 'Alice' };
  it('tells an edit with amounts in their currency', () => {
    const words = groupEventWords(
      {
        kind: 'expense_edited',
        actor,
        details: { description: 'Dinner', currency: 'EUR', changes: { amount_minor: [9000, 9500] } },
      },
      nameOf,
    );
    expect(words).toBe('Alice edited Dinner: amount €90.00 -> €95.00');
  });

  it('tells what happened to a recurring expense, and that an occurrence came from it', () => {
    const event = (action: string) =>
      groupEventWords(
        { kind: 'recurrence_changed', actor, details: { description: 'Rent', action } },
        nameOf,
      );
    expect(event('created')).toBe('Alice set up the recurring expense Rent');
    expect(event('paused')).toBe('Alice paused the recurring expense Rent');
    expect(event('finished')).toBe('The recurring expense Rent finished');
    expect(event('paused_member_left')).toBe(
      'The recurring expense Rent was paused: someone in it is no longer a member',
    );
    const occurrence = groupEventWords(
      { kind: 'expense_created', actor, details: { expense: dinner, recurring_expense_id: 'r1' } },
      nameOf,
    );
    expect(occurrence).toMatch(/^Dinner was added by the recurring expense Alice set up: €90.00/);
  });

  it('tells who paid what, several payers most first', () => {
    const words = groupEventWords(
      { kind: 'expense_deleted', actor, details: { expense: { ...dinner, payers: { b: 3000, a: 6000 } } } },
      nameOf,
    );
    expect(words).toBe(
      'Alice deleted Dinner: €90.00, paid by Alice €60.00, Bob €30.00; shares Alice €45.00, Bob €45.00',
    );
  });

  it('tells a currency change of an edit in each side own currency', () => {
    const words = groupEventWords(
      {
        kind: 'expense_edited',
        actor,
        details: {
          description: 'Dinner',
          currency: 'USD',
          changes: {
            payers: [{ a: 9000 }, { a: 9000, b: 1 }],
            currency: ['EUR', 'USD'],
            amount_minor: [9000, 9000],
          },
        },
      },
      nameOf,
    );
    // In reading order, whatever order the fields came in.
    expect(words).toBe(
      'Alice edited Dinner: amount €90.00 -> $90.00; currency EUR -> USD; paid by Alice €90.00 -> Alice $90.00, Bob $0.01',
    );
  });

  it('tells payments, members and settings', () => {
    expect(
      groupEventWords(
        {
          kind: 'settlement_recorded',
          actor,
          details: { from_user_id: 'b', to_user_id: 'a', amount_minor: 1250, currency: 'EUR' },
        },
        nameOf,
      ),
    ).toBe('Alice recorded a payment: Bob paid Alice €12.50');
    expect(
      groupEventWords({ kind: 'member_joined', actor, user: { display_name: 'Bob' }, details: {} }, nameOf),
    ).toBe('Alice added Bob to the group');
    expect(groupEventWords({ kind: 'member_joined', actor, user: actor, details: {} }, nameOf)).toBe(
      'Alice joined the group',
    );
    expect(
      groupEventWords({ kind: 'member_removed', actor, user: { display_name: 'Cy' }, details: {} }, nameOf),
    ).toBe('Alice removed Cy from the group');
    expect(
      groupEventWords(
        {
          kind: 'settings_changed',
          actor,
          details: { changes: { default_split_type: ['equal', 'shares'] } },
        },
        nameOf,
      ),
    ).toBe('Alice changed the settings: default split equal -> shares');
  });
});

describe('groupEventMessage', () => {
  const actor = { display_name: 'Alice' };
  const format = {
    money: (minor: number, currency: string) => `${minor} ${currency}`,
    none: '(nic)',
    someone: 'někdo',
    field: (field: string) => `<${field}>`,
  };

  it('gives the message id and its facts, money and field names written by the caller', () => {
    expect(
      groupEventMessage(
        {
          kind: 'expense_edited',
          actor,
          details: {
            description: 'Dinner',
            currency: 'EUR',
            changes: { amount_minor: [9000, 9500], notes: ['', 'tip'] },
          },
        },
        nameOf,
        format,
      ),
    ).toEqual({
      id: 'expenseEdited',
      values: {
        actor: 'Alice',
        description: 'Dinner',
        changes: '<amount_minor> 9000 EUR -> 9500 EUR; <notes> (nic) -> tip',
      },
    });
    expect(
      groupEventMessage(
        {
          kind: 'settlement_recorded',
          actor,
          details: { from_user_id: 'b', to_user_id: 'a', amount_minor: 1250, currency: 'CZK' },
        },
        nameOf,
        format,
      ),
    ).toEqual({
      id: 'paymentRecorded',
      values: { actor: 'Alice', from: 'Bob', to: 'Alice', amount: '1250 CZK' },
    });
    expect(groupEventMessage({ kind: 'member_removed', actor, details: {} }, nameOf, format)).toEqual({
      id: 'memberRemoved',
      values: { actor: 'Alice', user: 'někdo' },
    });
    expect(
      groupEventMessage(
        { kind: 'recurrence_changed', actor, details: { description: 'Rent', action: 'odd' } },
        nameOf,
        format,
      ),
    ).toEqual({ id: 'recurringChanged', values: { actor: 'Alice', action: 'edited', description: 'Rent' } });
  });
});
