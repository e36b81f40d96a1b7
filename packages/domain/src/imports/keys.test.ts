import { describe, expect, it } from 'vitest';
import { contentKeys, digest } from './keys';

describe('import keys', () => {
  it('digests the same text to the same 16 hex digits, and different texts apart', () => {
    expect(digest('2024-03-01|Dinner|90.00')).toBe(digest('2024-03-01|Dinner|90.00'));
    expect(digest('2024-03-01|Dinner|90.00')).toMatch(/^[0-9a-f]{16}$/);
    expect(digest('2024-03-01|Dinner|90.00')).not.toBe(digest('2024-03-01|Dinner|90.01'));
    // FNV-1a 64 of the empty text is its offset basis.
    expect(digest('')).toBe('cbf29ce484222325');
    expect(digest('a')).toBe('af63dc4c8601ec8c');
  });

  it('tells apart texts that differ only in accents or in how they are composed', () => {
    expect(digest('Zoë')).not.toBe(digest('Zoe'));
    expect(digest('Zo\u00eb')).not.toBe(digest('Zoe\u0308'));
  });

  it('keys the second and third identical rows #2 and #3, so identical rows stay apart', () => {
    const key = contentKeys('splitwise');
    const first = key('row');
    expect(first).toBe(`splitwise:${digest('row')}`);
    expect(key('other')).toBe(`splitwise:${digest('other')}`);
    expect(key('row')).toBe(`${first}#2`);
    expect(key('row')).toBe(`${first}#3`);
  });

  it('gives the same keys to the same rows read again (a re-import), from a fresh key source', () => {
    const rows = ['a', 'b', 'a', 'c', 'a'];
    const once = rows.map(contentKeys('cospend'));
    const again = rows.map(contentKeys('cospend'));
    expect(again).toEqual(once);
    expect(new Set(once).size).toBe(rows.length);
  });

  it('keeps the keys of one format apart from another’s', () => {
    expect(contentKeys('splitwise')('row')).not.toBe(contentKeys('splitpro')('row'));
  });
});
