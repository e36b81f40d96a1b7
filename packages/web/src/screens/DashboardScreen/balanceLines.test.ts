import type { BalanceSummary } from '@kitty/api';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/czech';
// As startLanguage does for any language but English.
import '../../flows/authErrorWords';
import { setActiveLanguage } from '../../i18n/language';
import { balanceSummaryLines, overallBalances } from './balanceLines';

const summary = (overall: BalanceSummary['data']['overall']): BalanceSummary => ({
  data: { overall, groups: [] },
});

const texts = (s: BalanceSummary | null) =>
  balanceSummaryLines('succeeded', null, overallBalances(s)).map((l) => l.text);

describe('Balance Summary lines', () => {
  it('reads "All settled!" when no currency holds a balance', () => {
    expect(texts(summary({ total_balance: 0, currency: 'EUR', balances: [] }))).toEqual(['All settled!']);
  });

  it('says what the person is owed or owes in the summary currency', () => {
    expect(
      texts(summary({ total_balance: 12.5, currency: 'EUR', balances: [{ currency: 'EUR', amount: 12.5 }] })),
    ).toEqual(['Overall, you are owed €12.50']);
    expect(
      texts(summary({ total_balance: -3, currency: 'GBP', balances: [{ currency: 'GBP', amount: -3 }] })),
    ).toEqual(['Overall, you owe £3.00']);
  });

  it('shows each currency separately and never converts, even when the default currency is settled', () => {
    expect(
      texts(
        summary({
          total_balance: 0,
          currency: 'EUR',
          balances: [
            { currency: 'USD', amount: 10 },
            { currency: 'CZK', amount: -250 },
          ],
        }),
      ),
    ).toEqual(['Overall, you are owed $10.00', 'Overall, you owe Kč\u00a0250.00']);
  });

  it('shows the loading and error texts of the spec', () => {
    expect(balanceSummaryLines('idle', null, undefined)[0]?.text).toBe('Loading balances...');
    expect(balanceSummaryLines('loading', null, undefined)[0]?.text).toBe('Loading balances...');
    expect(balanceSummaryLines('failed', 'No response from server', undefined)[0]?.text).toBe(
      'Error: No response from server',
    );
    expect(balanceSummaryLines('failed', '', undefined)[0]?.text).toBe('Failed to load balances');
  });

  it('reads "Unable to load balance information" when the answer holds no overall balance', () => {
    expect(texts({} as BalanceSummary)).toEqual(['Unable to load balance information']);
  });

  describe('in Czech', () => {
    afterEach(() => setActiveLanguage('en'));

    it('says it in Czech, the amount as Czech money', () => {
      setActiveLanguage('cs');
      expect(
        texts(
          summary({
            total_balance: 1226.5,
            currency: 'CZK',
            balances: [
              { currency: 'CZK', amount: 1226.5 },
              { currency: 'EUR', amount: -3 },
            ],
          }),
        ),
      ).toEqual(['Celkem vám dluží 1\u00a0226,50\u00a0Kč', 'Celkem dlužíte 3,00\u00a0€']);
      expect(texts(summary({ total_balance: 0, currency: 'EUR', balances: [] }))).toEqual(['Vše vyrovnáno!']);
      expect(balanceSummaryLines('failed', 'No response from server', undefined)[0]?.text).toBe(
        'Chyba: Server neodpovídá',
      );
    });
  });
});
