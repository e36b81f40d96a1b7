import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findUntranslated } from './untranslated';

// Every word the UI shows comes from the message catalog: a string of the UI left in the code fails here,
// with its file and line.

const src = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'catalog' ? [] : sources(path);
    // untranslated.ts itself lists attribute names and calls, not words.
    if (name === 'untranslated.ts') return [];
    return /\.tsx?$/.test(name) && !/\.(test|css)\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

describe('words outside the message catalog', () => {
  it('are found: JSX text, text attributes and prose literals, not code', () => {
    const found = findUntranslated(
      'Example.tsx',
      `const label = 'Waiting to sync';
       const key = 'expense-row';
       export function Example({ t }) {
         return (
           <section className="card wide" aria-label="Expenses">
             <h2>Your groups</h2>
             <p>{t('intro')}</p>
             <Button onPress={() => go('/groups')} variant="primary">{'Save'}</Button>
           </section>
         );
       }`,
    );
    expect(found.map((f) => f.text)).toEqual(['Waiting to sync', 'Expenses', 'Your groups', 'Save']);
  });

  for (const file of sources(src)) {
    const name = relative(src, file);
    it(`none in ${name}`, () => {
      const findings = findUntranslated(name, readFileSync(file, 'utf8'));
      expect(findings.map((f) => `${name}:${f.line} ${JSON.stringify(f.text)}`)).toEqual([]);
    });
  }
});
