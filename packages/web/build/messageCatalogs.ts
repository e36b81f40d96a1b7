import { readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileStrings } from '@internationalized/string-compiler';
import type { Plugin } from 'vite';

// The message catalogs (src/i18n/catalog/<language>/<area>.json, ICU messages) compiled at build time by
// react-aria's own compiler into functions: the browser gets no ICU parser, only what the compiled functions
// call (src/i18n/formatter.ts: plural rules and numbers from Intl), and only with a catalog that needs it.
// TypeScript still sees the JSON, so a key that does not exist is a type error.

const CATALOG = /[\\/]i18n[\\/]catalog[\\/](\w+)[\\/]([\w-]+)\.json$/;
const PREFIX = '\0kitty-catalog:';

const FORMATTER_ID = 'kitty:message-formatter';
const FORMATTER = resolve(dirname(fileURLToPath(import.meta.url)), '../src/i18n/formatter.ts');

/** The compiled module of one catalog file: its messages as strings and functions, its area name beside. */
export function compileCatalog(path: string, source: string): string {
  const messages = JSON.parse(source) as Record<string, string>;
  const area = basename(path, '.json');
  const compiled = compileStrings(messages, { format: 'esm' }).replace(
    /^export default /,
    'const messages = ',
  );
  // A message with placeholders is a function that calls the formatter: its catalog brings it along.
  const formatter = /=>/.test(compiled) ? `import '${FORMATTER_ID}';\n` : '';
  return `${formatter}${compiled};\nObject.defineProperty(messages, '__area', { value: ${JSON.stringify(area)} });\nexport default messages;\n`;
}

export function messageCatalogs(): Plugin {
  return {
    name: 'kitty:message-catalogs',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source === FORMATTER_ID) return FORMATTER;
      if (!source.endsWith('.json') || !importer) return null;
      const path = source.startsWith('.') ? resolve(dirname(importer.replace(PREFIX, '')), source) : source;
      if (!CATALOG.test(path)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved ? `${PREFIX}${resolved.id}.js` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const path = id.slice(PREFIX.length, -'.js'.length);
      this.addWatchFile(path);
      return compileCatalog(path, readFileSync(path, 'utf8'));
    },
  };
}
