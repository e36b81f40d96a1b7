import type { ApiError } from '@kitty/api';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/czech';
import { setActiveLanguage } from '../../i18n/language';
import { type CurrencyStatistics, currencyView, outsideGroups, statisticsErrorWords } from './statisticsView';

const stats: CurrencyStatistics = {
  currency: 'EUR',
  expense_count: 3,
  total_minor: 123456,
  by_category: [
    { category: 'dining', amount_minor: 100000, expense_count: 2 },
    { category: 'groceries', amount_minor: 23456, expense_count: 1 },
  ],
  by_month: [
    { month: '2026-10', amount_minor: 23456 },
    { month: '2026-11', amount_minor: 100000 },
  ],
  by_person: [{ user: { id: 'u1', display_name: 'Alice' }, paid_minor: 123456, share_minor: 61728 }],
  by_group: [
    { group_id: 'g1', name: 'Trip', paid_minor: 100000, share_minor: 50000 },
    { group_id: null, name: null, paid_minor: 0, share_minor: 11728 },
  ],
};

const failure = (code: ApiError['code'], message: string, data?: unknown): ApiError => ({
  status: 400,
  code,
  message,
  data,
});

describe('currencyView', () => {
  it('writes money with the symbol, categories and months by name, shares adding up to 100%', () => {
    const view = currencyView(stats);
    expect(view.total).toBe('€1,234.56');
    expect(view.byCategory).toEqual([
      { key: 'dining', label: 'Dining Out', amount: '€1,000.00', percent: '81%' },
      { key: 'groceries', label: 'Groceries', amount: '€234.56', percent: '19%' },
    ]);
    expect(view.byMonth.map((m) => [m.label, m.amount])).toEqual([
      ['October 2026', '€234.56'],
      ['November 2026', '€1,000.00'],
    ]);
    expect(view.byPerson).toEqual([{ key: 'u1', label: 'Alice', paid: '€1,234.56', share: '€617.28' }]);
  });

  it('names expenses outside any group', () => {
    expect(currencyView(stats).byGroup.map((g) => g.label)).toEqual(['Trip', outsideGroups()]);
  });

  it('keeps a currency without decimals whole', () => {
    const yen = currencyView({ ...stats, currency: 'JPY', total_minor: 1200 });
    expect(yen.total).toBe('¥1,200');
  });
});

describe('statisticsErrorWords', () => {
  it('picks the words by code', () => {
    expect(statisticsErrorWords(failure('NOT_FOUND', 'Group not found'), 'group')).toBe('No group found');
    expect(
      statisticsErrorWords(
        failure('VALIDATION_FAILED', 'Validation failed', {
          errors: [{ field: 'to', message: 'The end of the period cannot be before its start' }],
        }),
        'person',
      ),
    ).toBe('The end of the period cannot be before its start');
    expect(statisticsErrorWords(failure('INTERNAL_ERROR', 'Boom'), 'person')).toBe(
      'Error loading statistics: Boom',
    );
  });
});

describe('the statistics in Czech', () => {
  afterEach(() => setActiveLanguage('en'));

  it('write money, shares, categories, months and failures the Czech way', () => {
    setActiveLanguage('cs');
    const view = currencyView(stats);
    expect(view.total).toBe('1\u00a0234,56\u00a0€');
    expect(view.byCategory.map((c) => [c.label, c.percent])).toEqual([
      ['Restaurace', '81\u00a0%'],
      ['Potraviny', '19\u00a0%'],
    ]);
    expect(view.byMonth.map((m) => m.label)).toEqual(['Říjen 2026', 'Listopad 2026']);
    expect(view.byGroup.map((g) => g.label)).toEqual(['Trip', 'Mimo skupiny']);
    expect(statisticsErrorWords(failure('NOT_FOUND', 'Group not found'), 'group')).toBe(
      'Skupina nebyla nalezena',
    );
    expect(
      statisticsErrorWords(
        failure('VALIDATION_FAILED', 'Validation failed', {
          errors: [{ field: 'to', message: 'The end of the period cannot be before its start' }],
        }),
        'person',
      ),
    ).toBe('Konec období nesmí být před jeho začátkem');
  });
});
