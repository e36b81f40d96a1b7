import { describe, expect, it } from 'vitest';
import { statementNamer } from './statements';

describe('prepared statement names', () => {
  it('a text is named from its second use on, always with the same name', () => {
    const nameOf = statementNamer();
    const sql = 'SELECT 1 FROM users WHERE id = $1';
    expect(nameOf(sql)).toBeUndefined();
    const name = nameOf(sql);
    expect(name).toMatch(/^k_[\w-]{32}$/);
    expect(nameOf(sql)).toBe(name);
    expect(statementNamer()(sql)).toBeUndefined();
  });

  it('two texts never share a name, even when one is a prefix of the other', () => {
    const nameOf = statementNamer();
    const a = 'SELECT 1';
    const b = 'SELECT 1 ';
    nameOf(a);
    nameOf(b);
    expect(nameOf(a)).not.toBe(nameOf(b));
  });

  it('names at most the given number of texts; the others keep running unnamed', () => {
    const nameOf = statementNamer(2);
    const texts = ['SELECT 1', 'SELECT 2', 'SELECT 3'];
    for (const sql of texts) nameOf(sql);
    expect(texts.map((sql) => nameOf(sql) !== undefined)).toEqual([true, true, false]);
    expect(nameOf('SELECT 3')).toBeUndefined();
  });

  it('stops counting new texts at the limit: a text first seen after it is never named', () => {
    const nameOf = statementNamer(10, 2);
    for (const sql of ['SELECT 1', 'SELECT 2', 'SELECT 3']) nameOf(sql);
    expect(nameOf('SELECT 3')).toBeUndefined();
    expect(nameOf('SELECT 1')).toBeDefined();
  });
});
