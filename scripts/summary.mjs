// Prints one closing line over every test runner of the run: "tests: N passed, N failed, N skipped".
// A skipped test fails the run: every test must run.
import { existsSync, readFileSync } from 'node:fs';

const [vitestFile, playwrightFile] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];

if (vitestFile && existsSync(vitestFile)) {
  const v = JSON.parse(readFileSync(vitestFile, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + v.numTodoTests;
} else missing.push('vitest');

if (playwrightFile && existsSync(playwrightFile)) {
  const p = JSON.parse(readFileSync(playwrightFile, 'utf8'));
  passed += p.stats.expected + p.stats.flaky;
  failed += p.stats.unexpected;
  skipped += p.stats.skipped;
} else missing.push('playwright');

console.log(`\nVitest and Playwright together:`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (missing.length) console.log(`No results from: ${missing.join(', ')}`);
process.exit(failed > 0 || skipped > 0 || missing.length > 0 || passed === 0 ? 1 : 0);
