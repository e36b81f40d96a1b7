import type { GroupBalances } from '@kitty/api';
import { describe, expect, it } from 'vitest';
import { isGroupSettled, memberNets } from './groupState';

const group = (
  memberBalances: Record<string, number>,
  balances: { currency: string; amount: number }[] = [],
) => ({
  currency: 'EUR',
  balance: 0,
  memberBalances,
  balances,
});

const breakdown = (rows: [string, [string, number][]][]): GroupBalances => ({
  group_stats: [],
  balances: rows.map(([id, nets]) => ({
    user: { id, display_name: id, email: `${id}@example.com` },
    is_current_user: false,
    net_balance: 0,
    currency_breakdown: nets.map(([currency, net]) => ({ currency, paid: 0, owed: 0, net })),
  })),
});

describe('isGroupSettled', () => {
  it('is settled only when every member is at zero', () => {
    expect(isGroupSettled(group({ a: 0, b: 0 }), undefined)).toBe(true);
    expect(isGroupSettled(group({ a: 0.01, b: -0.01 }), undefined)).toBe(false);
  });

  it('counts a balance in another currency as unsettled even when the group currency is at zero', () => {
    const balances = breakdown([
      [
        'a',
        [
          ['EUR', 0],
          ['GBP', 5],
        ],
      ],
      [
        'b',
        [
          ['EUR', 0],
          ['GBP', -5],
        ],
      ],
    ]);
    expect(isGroupSettled(group({ a: 0, b: 0 }), balances)).toBe(false);
    expect(isGroupSettled(group({ a: 0, b: 0 }, [{ currency: 'GBP', amount: 5 }]), undefined)).toBe(false);
  });

  it('never reads an unreadable amount as zero', () => {
    expect(isGroupSettled(group({ a: 0.001 }), undefined)).toBe(false);
  });
});

describe('memberNets', () => {
  it('gives every currency of a member in minor units, from the balances when loaded', () => {
    const balances = breakdown([
      [
        'a',
        [
          ['EUR', 12.5],
          ['JPY', 1200],
        ],
      ],
    ]);
    expect(memberNets(group({ a: 12.5 }), balances)).toEqual({ a: [1250, 1200] });
    expect(memberNets(group({ a: -0.07 }), undefined)).toEqual({ a: [-7] });
  });
});
