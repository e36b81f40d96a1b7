import type { GroupSummary } from '@kitty/api';
import { describe, expect, it } from 'vitest';
import { groupBalanceSign, nonzeroBalances, toGroupListItem } from './groupBalance';

const group = (over: Partial<GroupSummary>): GroupSummary => ({
  id: 'g1',
  name: 'Trip',
  description: null,
  currency: 'EUR',
  created_by: 'u1',
  default_split_type: 'equal',
  default_split_config: null,
  Members: [],
  memberCount: 3,
  balance: 0,
  balances: [],
  version: 1,
  created_at: '2026-01-01T00:00:00Z',
  ...over,
});

describe('group balances in the lists', () => {
  it('reads JSON decimals exactly into minor units (0.1 + 0.2 style values never drift)', () => {
    expect(toGroupListItem(group({ balance: 12.3 })).balances).toEqual([{ currency: 'EUR', minor: 1230 }]);
    expect(toGroupListItem(group({ balance: -0.07 })).balances).toEqual([{ currency: 'EUR', minor: -7 }]);
  });

  it('keeps a nonzero balance in another currency even when the group currency is settled, never converting', () => {
    const item = toGroupListItem(group({ balance: 0, balances: [{ currency: 'USD', amount: -5 }] }));
    expect(item.balances).toEqual([{ currency: 'USD', minor: -500 }]);
    expect(groupBalanceSign(item)).toBe(-1);
  });

  it('lists the group currency first, then the others', () => {
    const item = toGroupListItem(group({ balance: 1, balances: [{ currency: 'GBP', amount: 2 }] }));
    expect(item.balances.map((b) => b.currency)).toEqual(['EUR', 'GBP']);
  });

  it('counts a group with only zero balances as settled', () => {
    expect(groupBalanceSign(toGroupListItem(group({ balance: 0 })))).toBe(0);
  });

  it('refuses an amount with more decimals than the currency has instead of rounding it', () => {
    expect(() => nonzeroBalances({ currency: 'EUR', amount: 1.005 }, [], 'balance')).toThrow(
      /Unreadable balance/,
    );
  });
});
