import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { asMinor } from '../money';
import { contentKeys, digest, rowIdentity } from './keys';
import { parseImport } from './parse';
import type { ImportFormat } from './types';

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

const fixture = (path: string) => readFileSync(new URL(`./fixtures/${path}`, import.meta.url), 'utf8');
const read = (format: ImportFormat, path: string) => {
  const parsed = parseImport(format, fixture(path));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.ledger;
};
const identities = (rows: readonly { identity?: string }[]) => rows.map((r) => r.identity);

describe('row identities across the formats of one app', () => {
  it("gives each row of Spliit's CSV the identity of the same expense in the JSON export of the group", () => {
    const json = read('spliit-json', 'spliit/group.json');
    const csv = read('spliit-csv', 'spliit/group.csv');
    // The CSV lists as problems the rows that cannot say who paid; the 9 it reads (its income included)
    // are the JSON's.
    expect(csv.expenses).toHaveLength(9);
    const byIdentity = new Map(json.expenses.map((e) => [e.identity, e]));
    for (const row of csv.expenses) {
      expect(byIdentity.get(row.identity), row.description).toMatchObject({
        date: row.date,
        description: row.description,
        amount: row.amount,
      });
    }
    // Their keys differ (the JSON's are Spliit's ids): only the identity recognises one in the other.
    const jsonKeys = new Set(json.expenses.map((e) => e.key));
    expect(csv.expenses.filter((e) => jsonKeys.has(e.key))).toEqual([]);
  });

  it("gives IHateMoney's JSON and CSV the same keys and identities", () => {
    const json = read('ihatemoney-json', 'ihatemoney/trip.json');
    const csv = read('ihatemoney-csv', 'ihatemoney/trip.csv');
    expect(csv.expenses.map((e) => e.key)).toEqual(json.expenses.map((e) => e.key));
    expect(identities(csv.expenses)).toEqual(identities(json.expenses));
    expect(identities(csv.settlements)).toEqual(identities(json.settlements));
  });

  it('tells rows apart by day, amount, currency, payers and description, and apps apart', () => {
    const row = {
      date: '2024-06-01',
      amount: asMinor(3000),
      currency: 'EUR',
      payers: [{ member: 'Zoé', amount: asMinor(3000) }],
      description: 'Courses',
    };
    const base = rowIdentity('spliit-json', row);
    expect(rowIdentity('spliit-csv', { ...row, description: ' Courses ' })).toBe(base);
    for (const other of [
      { ...row, date: '2024-06-02' },
      { ...row, amount: asMinor(3001), payers: [{ member: 'Zoé', amount: asMinor(3001) }] },
      { ...row, currency: 'CHF' },
      { ...row, payers: [{ member: 'Bob', amount: asMinor(3000) }] },
      { ...row, description: 'Courses!' },
    ]) {
      expect(rowIdentity('spliit-json', other)).not.toBe(base);
    }
    expect(rowIdentity('ihatemoney-json', row)).not.toBe(base);
  });
});
