// Prints one closing line over every test runner of the run: "tests: N passed, N failed, N skipped".
// A skipped test fails the run: every test must run.
import { existsSync, readFileSync } from 'node:fs';

const [vitestFile, playwrightFile] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
// The CI log keeps only its tail: each failure is repeated here with the first lines of its error.
const failures = [];
const firstLines = (text, n = 12) =>
  String(text ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the terminal colours of the runners' messages
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .slice(0, n)
    .map((line) => `      ${line}`)
    .join('\n');

if (vitestFile && existsSync(vitestFile)) {
  const v = JSON.parse(readFileSync(vitestFile, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + v.numTodoTests;
  for (const file of v.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed')
        failures.push(`${file.name} > ${t.fullName}\n${firstLines(t.failureMessages?.[0])}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failures.push(`${file.name}\n${firstLines(file.message)}`);
    }
  }
} else missing.push('vitest');

if (playwrightFile && existsSync(playwrightFile)) {
  const p = JSON.parse(readFileSync(playwrightFile, 'utf8'));
  passed += p.stats.expected + p.stats.flaky;
  failed += p.stats.unexpected;
  skipped += p.stats.skipped;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const result = t.results?.at(-1);
        const error = result?.errors?.[0]?.message ?? result?.error?.message;
        failures.push(
          `${spec.file}:${spec.line} > ${[...titles, spec.title].join(' > ')}\n${firstLines(error)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of p.suites ?? []) walk(suite, []);
} else missing.push('playwright');

console.log(`\nVitest and Playwright together:`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failures.length) console.log(`\nFailed tests:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
if (missing.length) console.log(`No results from: ${missing.join(', ')}`);
process.exit(failed > 0 || skipped > 0 || missing.length > 0 || passed === 0 ? 1 : 0);
