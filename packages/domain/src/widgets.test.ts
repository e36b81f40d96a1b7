import { describe, expect, it } from 'vitest';
import {
  balanceSummary,
  expenseCountText,
  expenseGroupName,
  groupBalanceCaption,
  groupBalanceHeadline,
  groupBalanceLines,
  memberCountText,
  paidByName,
  partitionGroupsByBalance,
} from './widgets';

describe('Balance Summary', () => {
  it('loading while idle or loading', () => {
    expect(balanceSummary({ status: 'idle' }).text).toBe('Loading balances...');
    expect(balanceSummary({ status: 'loading' }).text).toBe('Loading balances...');
  });
  it('errors', () => {
    expect(balanceSummary({ status: 'failed', error: 'Boom' }).text).toBe('Error: Boom');
    expect(balanceSummary({ status: 'failed', error: null }).text).toBe('Failed to load balances');
  });
  it('settled, owed, owe, unavailable', () => {
    expect(balanceSummary({ status: 'succeeded', overall: { totalMinor: 0, currency: 'EUR' } }).text).toBe(
      'All settled!',
    );
    expect(balanceSummary({ status: 'succeeded', overall: { totalMinor: 1250, currency: 'EUR' } }).text).toBe(
      'Overall, you are owed €12.50',
    );
    expect(balanceSummary({ status: 'succeeded', overall: { totalMinor: -5, currency: 'GBP' } }).text).toBe(
      'Overall, you owe £0.05',
    );
    expect(balanceSummary({ status: 'succeeded', overall: null }).text).toBe(
      'Unable to load balance information',
    );
  });
});

describe('group lists', () => {
  it('caption by balance sign', () => {
    expect(groupBalanceCaption(1)).toBe('you are owed');
    expect(groupBalanceCaption(-1)).toBe('you owe');
    expect(groupBalanceCaption(0)).toBe('settled');
  });
  it('header line', () => {
    expect(groupBalanceHeadline(1250, 'EUR')).toBe('You are owed €12.50');
    expect(groupBalanceHeadline(-300, 'CZK')).toBe('You owe Kč\u00a03.00');
    expect(groupBalanceHeadline(0, 'EUR')).toBeNull();
  });
  it('header lines: settled only when settled in every currency, else every open currency', () => {
    const settled = [{ kind: 'settled', text: '€0.00 settled' }];
    expect(groupBalanceLines([], 'EUR')).toEqual(settled);
    expect(groupBalanceLines([{ currency: 'EUR', minor: 0 }], 'EUR')).toEqual(settled);
    expect(
      groupBalanceLines(
        [
          { currency: 'EUR', minor: 0 },
          { currency: 'USD', minor: -600 },
        ],
        'EUR',
      ),
    ).toEqual([{ kind: 'owe', text: 'You owe $6.00' }]);
    expect(
      groupBalanceLines(
        [
          { currency: 'EUR', minor: 1250 },
          { currency: 'JPY', minor: -333 },
        ],
        'EUR',
      ),
    ).toEqual([
      { kind: 'owed', text: 'You are owed €12.50' },
      { kind: 'owe', text: 'You owe ¥333' },
    ]);
  });
  it('member count', () => {
    expect(memberCountText(3)).toBe('3 members');
    expect(memberCountText(1)).toBe('1 member');
  });
  it('settled groups partition', () => {
    const groups = [
      { id: 'a', b: 0 },
      { id: 'b', b: -3 },
      { id: 'c', b: 2 },
    ];
    const { active, settled } = partitionGroupsByBalance(groups, (g) => g.b);
    expect(active.map((g) => g.id)).toEqual(['b', 'c']);
    expect(settled.map((g) => g.id)).toEqual(['a']);
  });
});

describe('All Expenses', () => {
  it('result count text, singular and plural, with and without a term', () => {
    expect(expenseCountText(1, 'taxi')).toBe('1 expense found for "taxi"');
    expect(expenseCountText(3, ' taxi ')).toBe('3 expenses found for "taxi"');
    expect(expenseCountText(0, 'taxi')).toBe('0 expenses found for "taxi"');
    expect(expenseCountText(3)).toBe('3 expenses');
    expect(expenseCountText(1, '  ')).toBe('1 expense');
  });

  it('paid by: display name, else e-mail, else Unknown', () => {
    expect(paidByName({ display_name: 'Ada', email: 'a@x.y' })).toBe('Ada');
    expect(paidByName({ display_name: '', email: 'a@x.y' })).toBe('a@x.y');
    expect(paidByName({})).toBe('Unknown');
    expect(paidByName(null)).toBe('Unknown');
  });

  it('group name or "Personal"', () => {
    expect(expenseGroupName({ groupName: 'Trip' })).toBe('Trip');
    expect(expenseGroupName({ Group: { name: 'Flat' } })).toBe('Flat');
    expect(expenseGroupName({})).toBe('Personal');
  });
});
