import type { SettlementSuggestion } from '@kitty/api';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/czech';
import { setActiveLanguage } from '../../i18n/language';
import { suggestionExplanation } from './settleUpWords';

// A suggestion's sentence in Czech says what the server's English says: the share of the whole debt, and what
// the payer still owes in the group's other currencies (a transfer that clears one currency is not all).

const suggestion = (over: Partial<SettlementSuggestion>): SettlementSuggestion => ({
  payer: { id: 'c', display_name: 'Carol' },
  receiver: { id: 'a', display_name: 'Alice' },
  amount: 45,
  currency: 'EUR',
  group_id: 'g',
  settles_percentage: 100,
  simplification_factor: 1,
  explanation: 'the server sentence',
  payer_debt: 45,
  payer_owes_elsewhere: [],
  impact: { current_total_debt: 45, remaining_debt: 0 },
  ...over,
});

describe('settle-up suggestion sentences', () => {
  afterEach(() => setActiveLanguage('en'));

  it('in English are the server sentence itself', () => {
    expect(suggestionExplanation(suggestion({}))).toBe('the server sentence');
  });

  it('in Czech name the whole debt, a share of it, and what is still owed in other currencies', () => {
    setActiveLanguage('cs');
    expect(suggestionExplanation(suggestion({}))).toBe(
      'Carol zaplatí Alice 45,00\u00a0€ a vyrovná tím celý svůj dluh.',
    );
    expect(suggestionExplanation(suggestion({ settles_percentage: 50, payer_debt: 90 }))).toBe(
      'Carol zaplatí Alice 45,00\u00a0€, tedy 50\u00a0% z dluhu 90,00\u00a0€.',
    );
    expect(
      suggestionExplanation(
        suggestion({
          payer_owes_elsewhere: [
            { currency: 'JPY', amount: 333 },
            { currency: 'USD', amount: 6 },
          ],
        }),
      ),
    ).toBe(
      'Carol zaplatí Alice 45,00\u00a0€ a vyrovná tím svůj dluh v EUR; dál dluží 333\u00a0¥ a\u00a06,00\u00a0$.',
    );
  });
});
