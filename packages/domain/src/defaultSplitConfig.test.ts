import { describe, expect, it } from 'vitest';
import { configToDetails, detailsToConfig } from './defaultSplitConfig';

describe('a group default split config', () => {
  it('round-trips through the dialog units, amounts exactly in minor units', () => {
    const config = {
      adjustments: [
        { user_id: 'a', amount: 0.07 },
        { user_id: 'b', amount: -0.07 },
      ],
    };
    const details = configToDetails(config, 'EUR');
    expect(details).toEqual({ adjustments: { a: 7, b: -7 } });
    expect(detailsToConfig('adjustment', details ?? {}, 'EUR', ['a', 'b'])).toEqual(config);
  });

  it('reads a config sent as a JSON string and refuses an unreadable one', () => {
    expect(configToDetails('{"percentages":[{"user_id":"a","percentage":100}]}', 'EUR')).toEqual({
      percentages: { a: 100 },
    });
    expect(configToDetails('not json', 'EUR')).toBeNull();
    expect(configToDetails({ amounts: [{ user_id: 'a', amount: 0.001 }] }, 'EUR')).toBeNull();
  });

  it('stores nothing for an equal split', () => {
    expect(detailsToConfig('equal', {}, 'EUR', [])).toBeNull();
  });
});

describe('the default split config', () => {
  const ids = ['me', 'u-bob'];

  it('is null for an equal split', () => {
    expect(detailsToConfig('equal', {}, 'EUR', ids)).toBeNull();
  });

  it('lists percentages and shares by user id', () => {
    expect(detailsToConfig('percentage', { percentages: { me: 60, 'u-bob': 40 } }, 'EUR', ids)).toEqual({
      percentages: [
        { user_id: 'me', percentage: 60 },
        { user_id: 'u-bob', percentage: 40 },
      ],
    });
    expect(detailsToConfig('shares', { shares: { me: 2, 'u-bob': 1 } }, 'EUR', ids)).toEqual({
      shares: [
        { user_id: 'me', shares: 2 },
        { user_id: 'u-bob', shares: 1 },
      ],
    });
  });

  it('sends exact amounts and adjustments as decimals of the group currency, exactly', () => {
    expect(detailsToConfig('exact', { amounts: { me: 1007, 'u-bob': 5 } }, 'EUR', ids)).toEqual({
      amounts: [
        { user_id: 'me', amount: 10.07 },
        { user_id: 'u-bob', amount: 0.05 },
      ],
    });
    expect(detailsToConfig('adjustment', { adjustments: { me: -250 } }, 'EUR', ids)).toEqual({
      adjustments: [
        { user_id: 'me', amount: -2.5 },
        { user_id: 'u-bob', amount: 0 },
      ],
    });
  });
});
