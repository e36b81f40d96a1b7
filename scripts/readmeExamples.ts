// The code examples of a package's README, run as tests so the documentation cannot drift from the code.
// Every ```js and ```ts block is one example: a complete ES module with its own imports, which asserts its
// results (node:assert). Blocks in other languages (```sh) are not examples.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface ReadmeExample {
  /** The line of the README the block's code starts on (1-based). */
  line: number;
  lang: 'js' | 'ts';
  code: string;
}

/** Every ```js and ```ts block of the markdown, in order. */
export function readmeExamples(markdown: string): ReadmeExample[] {
  const examples: ReadmeExample[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(js|ts)\s*$/.exec(lines[i] ?? '');
    if (!open) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && lines[end] !== '```') end++;
    if (end === lines.length) throw new Error(`README line ${i + 1}: a code block is never closed`);
    examples.push({
      line: start + 1,
      lang: open[1] as 'js' | 'ts',
      code: lines.slice(start, end).join('\n'),
    });
    i = end;
  }
  return examples;
}

/** The names an example imports, by module: `import { a, b as c, type T } from 'm'` gives m: [a, b]. */
export function namedImports(code: string): Map<string, string[]> {
  const imports = new Map<string, string[]>();
  for (const [, names = '', from = ''] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    const list = imports.get(from) ?? [];
    for (const part of names.split(',')) {
      const name =
        part
          .trim()
          .split(/\s+as\s+/)[0]
          ?.trim() ?? '';
      if (name !== '' && !name.startsWith('type ')) list.push(name);
    }
    imports.set(from, list);
  }
  return imports;
}

/**
 * Runs one example as a module of the package in `packageDir` (written to its .readme-examples/ folder, so it
 * imports the package by its own name, as a user would) and removes it again. Rejects with the example's
 * failed assertion, or when it imports a name its module does not export (which Vitest would otherwise let
 * through as undefined; Node.js refuses to link such a module).
 */
export async function runReadmeExample(packageDir: string, example: ReadmeExample): Promise<void> {
  const dir = join(packageDir, '.readme-examples');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `line-${example.line}.${example.lang === 'ts' ? 'ts' : 'mjs'}`);
  const exportsOf = join(dir, `line-${example.line}-exports.mjs`);
  const imports = [...namedImports(example.code)];
  writeFileSync(exportsOf, `${imports.map(([from], i) => `export * as m${i} from '${from}';`).join('\n')}\n`);
  writeFileSync(file, example.code);
  try {
    const modules: Record<string, Record<string, unknown>> = await import(pathToFileURL(exportsOf).href);
    imports.forEach(([from, names], i) => {
      const exported = modules[`m${i}`] ?? {};
      const missing = names.filter((name) => !(name in exported));
      if (missing.length > 0)
        throw new Error(`README line ${example.line}: '${from}' has no export ${missing.join(', ')}`);
    });
    await import(pathToFileURL(file).href);
  } finally {
    rmSync(file, { force: true });
    rmSync(exportsOf, { force: true });
  }
}
