import { describe, expect, it } from 'vitest';
import { detailsFromTexts, previewShares, splitProblem, textsFromDetails } from './splitForm';

const ids = ['a', 'b', 'c'];

describe('Configure Split form texts', () => {
  it('starts from the domain defaults: 100 / 3 percentages summing to 100, one share each, blank exact amounts', () => {
    expect(textsFromDetails('percentage', null, ids, 'EUR')).toEqual({ a: '33.34', b: '33.33', c: '33.33' });
    expect(textsFromDetails('shares', {}, ids, 'EUR')).toEqual({ a: '1', b: '1', c: '1' });
    expect(textsFromDetails('exact', {}, ids, 'EUR')).toEqual({ a: '', b: '', c: '' });
    expect(textsFromDetails('adjustment', {}, ids, 'EUR')).toEqual({ a: '0', b: '0', c: '0' });
  });

  it('shows given exact amounts and adjustments as decimals of the currency', () => {
    const texts = textsFromDetails('exact', { amounts: { a: 3167, b: 5 } }, ids, 'EUR');
    expect(texts).toEqual({ a: '31.67', b: '0.05', c: '' });
    expect(textsFromDetails('adjustment', { adjustments: { a: -250 } }, ids, 'EUR').a).toBe('-2.50');
  });

  it('reads exact amounts from their text into minor units without float arithmetic, a blank as 0', () => {
    const read = detailsFromTexts('exact', { a: '0.07', b: '31.67', c: '' }, ids, 'EUR');
    expect(read).toEqual({ ok: true, details: { amounts: { a: 7, b: 3167, c: 0 } } });
  });

  it("refuses an amount with more decimals than the currency has, with the domain's message", () => {
    expect(detailsFromTexts('exact', { a: '1.005' }, ids, 'EUR')).toEqual({
      ok: false,
      error: 'Amount can have at most 2 decimal places',
    });
  });

  it('keeps negative adjustments (a negative value reduces a share)', () => {
    const read = detailsFromTexts('adjustment', { a: '-5', b: '5', c: '0' }, ids, 'EUR');
    expect(read).toEqual({ ok: true, details: { adjustments: { a: -500, b: 500, c: 0 } } });
  });
});

describe('Configure Split validation', () => {
  it('blocks percentages that do not add up to 100 with the domain message', () => {
    expect(splitProblem('percentage', { percentages: { a: 50, b: 30, c: 10 } }, ids, 9500)).toBe(
      'Percentages must add up to 100%',
    );
    expect(
      splitProblem('percentage', { percentages: { a: 33.34, b: 33.33, c: 33.33 } }, ids, null),
    ).toBeNull();
  });

  it('checks shares without an amount too (a group default split)', () => {
    expect(splitProblem('shares', { shares: { a: 0, b: 0, c: 0 } }, ids, null)).toBe(
      'At least one participant must have shares',
    );
  });

  it('checks that exact amounts add up to the total only when there is a total', () => {
    const amounts = { amounts: { a: 1000, b: 1000, c: 0 } };
    expect(splitProblem('exact', amounts, ids, 3000)).toBe('The amounts must add up to the total');
    expect(splitProblem('exact', amounts, ids, 2000)).toBeNull();
    expect(splitProblem('exact', amounts, ids, null)).toBeNull();
  });

  it('previews shares summing exactly to the total: 95.00 in three equal shares is 31.67 + 31.67 + 31.66', () => {
    const shares = previewShares('percentage', { percentages: { a: 33.34, b: 33.33, c: 33.33 } }, ids, 9500);
    expect(Object.values(shares ?? {}).reduce((s, v) => s + v, 0)).toBe(9500);
    expect(previewShares('shares', { shares: { a: 1, b: 1, c: 1 } }, ids, 9500)).toEqual({
      a: 3167,
      b: 3167,
      c: 3166,
    });
  });

  it('gives the leftover cents from the rotation the server will split with, so the preview is what is saved', () => {
    const one = { shares: { a: 1, b: 1, c: 1 } };
    expect(previewShares('shares', one, ids, 100)).toEqual({ a: 34, b: 33, c: 33 });
    expect(previewShares('shares', one, ids, 100, 1)).toEqual({ a: 33, b: 34, c: 33 });
    expect(previewShares('shares', one, ids, 200, 2)).toEqual({ a: 67, b: 66, c: 67 });
    expect(previewShares('shares', one, ids, 100, 4)).toEqual({ a: 33, b: 34, c: 33 });
  });
});
