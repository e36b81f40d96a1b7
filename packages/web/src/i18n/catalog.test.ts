import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileString } from '@internationalized/string-compiler';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';

// The catalogs are complete: every English message has its Czech one and the other way round, both are ICU
// the build can compile, the Czech uses the same placeholders, and its plurals give Czech's three forms
// (1; 2 to 4; 5 and more).

const root = join(import.meta.dirname, 'catalog');
const read = (language: string, area: string): Record<string, string> =>
  JSON.parse(readFileSync(join(root, language, `${area}.json`), 'utf8'));
const areas = (language: string) =>
  readdirSync(join(root, language))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .sort();

/** The argument names of a message and, for each plural, its forms. */
function shape(
  elements: MessageFormatElement[],
  found = { args: new Set<string>(), plurals: [] as string[][] },
) {
  for (const element of elements) {
    if (
      element.type === TYPE.argument ||
      element.type === TYPE.number ||
      element.type === TYPE.date ||
      element.type === TYPE.time
    )
      found.args.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      found.args.add(element.value);
      if (element.type === TYPE.plural) found.plurals.push(Object.keys(element.options));
      for (const option of Object.values(element.options)) shape(option.value, found);
    }
    if (element.type === TYPE.tag) shape(element.children, found);
  }
  return found;
}

describe('the message catalogs', () => {
  it('have a Czech catalog for every English one and no other', () => {
    expect(areas('cs')).toEqual(areas('en'));
    expect(areas('en').length).toBeGreaterThan(0);
  });

  for (const area of areas('en')) {
    describe(area, () => {
      const en = read('en', area);
      const cs = read('cs', area);

      it('has a Czech message for every English one, and none that English lacks', () => {
        expect(Object.keys(cs).sort()).toEqual(Object.keys(en).sort());
      });

      it('compiles, and the Czech uses the same placeholders with every Czech plural form', () => {
        for (const [key, message] of Object.entries(en)) {
          const czech = cs[key] ?? '';
          expect(() => compileString(message), `en ${area}.${key}`).not.toThrow();
          expect(() => compileString(czech), `cs ${area}.${key}`).not.toThrow();
          expect(czech.trim(), `cs ${area}.${key} is empty`).not.toBe('');
          const english = shape(parse(message));
          const translated = shape(parse(czech));
          expect([...translated.args].sort(), `cs ${area}.${key}`).toEqual([...english.args].sort());
          for (const forms of translated.plurals) {
            for (const form of ['one', 'few', 'other']) expect(forms, `cs ${area}.${key}`).toContain(form);
          }
        }
      });
    });
  }
});
