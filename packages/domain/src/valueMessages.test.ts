import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMoney } from './money';
import { trySplitExpense } from './splits';
import { type ValueMessage, valueMessageOf, valueMessageWords } from './valueMessages';

const message: fc.Arbitrary<ValueMessage> = fc.oneof(
  fc.nat({ max: 4 }).map((count) => ({ id: 'amountDecimals' as const, values: { count } })),
  fc.stringMatching(/^[A-Z]{3}$/).map((currency) => ({ id: 'amountWhole' as const, values: { currency } })),
  fc
    .stringMatching(/^[A-Za-z]{1,6}$/)
    .map((currency) => ({ id: 'unknownCurrency' as const, values: { currency } })),
  fc.record({
    id: fc.constantFrom(
      'valueNotNumber' as const,
      'valueNegative' as const,
      'valueNotParticipating' as const,
    ),
    values: fc.record({
      what: fc.constantFrom(
        'percentage' as const,
        'share' as const,
        'amount' as const,
        'adjustment' as const,
      ),
    }),
  }),
);

describe('value messages', () => {
  it('a message read back from its English is the same message', () => {
    fc.assert(
      fc.property(message, (m) => {
        expect(valueMessageOf(valueMessageWords(m))).toEqual(m);
      }),
    );
  });

  it('the rules return these words: decimals, whole currencies, unknown currencies, split values', () => {
    const decimals = parseMoney('1.234', 'EUR');
    expect(decimals.ok ? null : valueMessageOf(decimals.error)).toEqual({
      id: 'amountDecimals',
      values: { count: 2 },
    });
    const yen = parseMoney('1.5', 'JPY');
    expect(yen.ok ? null : valueMessageOf(yen.error)).toEqual({
      id: 'amountWhole',
      values: { currency: 'JPY' },
    });
    const unknown = parseMoney('1', 'XYZ');
    expect(unknown.ok ? null : valueMessageOf(unknown.error)).toEqual({
      id: 'unknownCurrency',
      values: { currency: 'XYZ' },
    });
    const negative = trySplitExpense({
      amount: 1000,
      split_type: 'percentage',
      participants: ['a', 'b'],
      details: { percentages: { a: 150, b: -50 } },
    });
    expect(negative.ok ? null : valueMessageOf(negative.error.message)).toEqual({
      id: 'valueNegative',
      values: { what: 'percentage' },
    });
  });

  it('any other text is not one of them', () => {
    expect(valueMessageOf('Amount is required')).toBeNull();
    expect(valueMessageOf('A percentage must be a number!')).toBeNull();
  });
});
