import { describe, expect, it } from 'vitest';
import { byCodeUnit } from './order';

describe('byCodeUnit: the order of ids, codes and names, whatever the locale', () => {
  it('puts capitals before small letters and accented letters after z, as UTF-16 code units do', () => {
    expect(['b', 'é', 'a', 'B', 'z'].sort(byCodeUnit)).toEqual(['B', 'a', 'b', 'z', 'é']);
  });

  it('says 0 only for equal strings, and a prefix comes first', () => {
    expect(byCodeUnit('EUR', 'EUR')).toBe(0);
    expect(byCodeUnit('ab', 'abc')).toBe(-1);
    expect(byCodeUnit('abc', 'ab')).toBe(1);
  });
});
