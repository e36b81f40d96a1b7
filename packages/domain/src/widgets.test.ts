import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  balanceSummary,
  DELETING_TOAST_MS,
  DROPDOWN_MAX_HEIGHT_PX,
  EDIT_NAVIGATION_DELAY_MS,
  expenseCountText,
  expenseGroupName,
  groupBalanceCaption,
  groupBalanceHeadline,
  groupBalanceLines,
  memberCountText,
  paidByName,
  partitionGroupsByBalance,
  RECENT_INITIAL_COUNT,
  RECENT_MAX_COUNT,
  REDIRECT_AFTER_DELETE_MS,
  recentExpensesView,
  SUCCESS_NOTICE_MS,
  settledGroupsToggleLabel,
  TOAST_MS,
  USER_SEARCH_DEBOUNCE_MS,
} from './widgets';

describe('Recent Expenses', () => {
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
    fc.assert(
      fc.property(fc.nat(100), fc.constantFrom(10, 20), (total, visible) => {
        const view = recentExpensesView(total, visible);
        expect(view.shown).toBe(Math.min(total, visible));
        expect(view.showLoadMore && view.showSeeAll).toBe(false);
      }),
    );
  });
});

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
  it('settled groups toggle and partition', () => {
    expect(settledGroupsToggleLabel(false)).toBe('Show Settled Groups');
    expect(settledGroupsToggleLabel(true)).toBe('Hide Settled Groups');
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

describe('timing constants of section 9', () => {
  it('have the spec values', () => {
    expect([SUCCESS_NOTICE_MS, TOAST_MS, DELETING_TOAST_MS, REDIRECT_AFTER_DELETE_MS]).toEqual([
      3000, 3000, 1000, 500,
    ]);
    expect([EDIT_NAVIGATION_DELAY_MS, USER_SEARCH_DEBOUNCE_MS, DROPDOWN_MAX_HEIGHT_PX]).toEqual([
      100, 300, 200,
    ]);
  });
});
