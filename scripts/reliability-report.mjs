// Merges the figures the test run wrote to docs/reliability/<part>.json into docs/reliability.md.
// Usage: node scripts/reliability-report.mjs [--since <ISO date>]
//   --since: parts measured before this moment (figures left from an earlier run) are marked
//            "not measured in this run"; scripts/test.sh passes the time it started.
// Exit status 1 when a part measured in this run reports something lost, when a part's file cannot be
// read, or when an expected part (idempotency, abuse, abuse-load, fuzz, consent, faults, scale) has no figures from this run
// (no file, or only figures older than --since): its tests did not run or did not write them.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, arch, release, totalmem, type } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, 'docs/reliability');
const output = join(root, 'docs/reliability.md');

// Each part's file, in the order of the issue, with what it proves when the file does not say.
const PARTS = [
  [
    'idempotency',
    'Idempotent writes and concurrent edits',
    'A create repeated with the same Idempotency-Key writes once and answers the first response; the same key with another body is refused (422); concurrent duplicates make exactly one write; an update or delete based on a stale version is refused with 409.',
  ],
  [
    'abuse',
    'Abuse',
    'Login and registration are rate-limited (429 with Retry-After); bodies have a size limit; list endpoints cap page sizes; security headers are sent; CORS is closed by default; proxy trust is explicit; forged, expired and foreign tokens are refused.',
  ],
  [
    'abuse-load',
    'Abuse: one account\u2019s load',
    'One account\u2019s load (two 10 MB imports at once, 30 parallel 10 MB uploads, 2,000 streams, 2,000 parallel reads, year-long backfills) never fails another account\u2019s request, and the other account\u2019s p99 stays under 1 s: imports read on a worker thread, one at a time per account; per-account concurrency (429 past it); bulk work on a bounded share of the pool. Measured on PostgreSQL by the server-load Vitest project, a group of its own that runs alone.',
  ],
  [
    'fuzz',
    'Hostile input',
    'For every operation of openapi.yaml, malformed, oversized, wrong-typed, Unicode-edge, injection-laden and out-of-range payloads, query strings and ids never get a 5xx; every 4xx is JSON with a code and a message; the database is unchanged after every rejected request.',
  ],
  [
    'faults',
    'Faults',
    'PostgreSQL stopped under load: the API answers 503 with a message, neither hangs nor crashes, and recovers by itself. SIGKILL during a burst of writes leaves no partial expense and every split sum matches. SIGTERM drains requests in flight.',
  ],
  [
    'consent',
    'Consent and membership',
    'Any sequence of expense creates, edits and deletes, settlements, joins and leaves by anyone keeps every group\u2019s balances summing to zero per currency in every answer that shows them.',
  ],
  [
    'scale',
    'More than one server',
    'Two server processes on one PostgreSQL under concurrent load (at least 2,000 writes from 50 clients, with edits, deletes and settlements): no lost or doubled write, and every currency\u2019s balances sum to zero.',
  ],
];

// A figure with one of these words in its name counts something that must not happen: nonzero fails.
const LOSS =
  /\b(lost|doubled|duplicated|partial|crash(es|ed)?|5xx|unanswered|left behind|differing|drift(ed)?|mismatch(es|ed)?)\b/i;

const sinceArg = process.argv.indexOf('--since');
const since = sinceArg > -1 ? new Date(process.argv[sinceArg + 1] ?? '') : null;
if (since && Number.isNaN(since.getTime())) {
  console.error('reliability-report: --since needs an ISO date');
  process.exit(2);
}

const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.json')) : [];
const known = PARTS.map(([name]) => name);
const names = [
  ...known,
  ...files
    .map((f) => f.slice(0, -5))
    .filter((n) => !known.includes(n))
    .sort(),
];

const problems = [];
// Expected parts without figures from this run: they fail it too, each named.
const missing = [];
const sections = [];
const overview = [];

for (const name of names) {
  const [, defaultTitle, defaultProves] = PARTS.find(([n]) => n === name) ?? [name, name, ''];
  const file = join(dir, `${name}.json`);
  let part = null;
  if (existsSync(file)) {
    try {
      part = JSON.parse(readFileSync(file, 'utf8'));
      if (!part || typeof part !== 'object' || typeof part.figures !== 'object')
        throw new Error('no "figures" object');
    } catch (error) {
      problems.push(`${name}.json cannot be read: ${error.message}`);
      part = null;
    }
  }
  const title = part?.title ?? defaultTitle;
  const proves = part?.proves ?? defaultProves;
  const measuredAt = part?.measuredAt ? new Date(part.measuredAt) : null;
  const current = part !== null && (!since || (measuredAt !== null && measuredAt >= since));
  const losses = part ? lossesOf(part) : [];
  if (current && losses.length > 0) problems.push(`${title}: ${losses.join('; ')}`);
  const expected = known.includes(name);
  const unreadable = existsSync(file) && part === null;
  if (expected && !current && !unreadable) {
    missing.push(
      `${name} (${title}): ${part ? `figures only from ${stamp(measuredAt)}` : `no docs/reliability/${name}.json`}`,
    );
  }

  const notMeasured = !part
    ? 'not measured in this run'
    : `not measured in this run (figures from ${stamp(measuredAt)})`;
  const status = !current
    ? expected
      ? `**FAILED**: ${notMeasured}`
      : notMeasured
    : losses.length > 0
      ? `**FAILED**: ${losses.join('; ')}`
      : 'measured, nothing lost';
  overview.push({ title, proves, status });

  const lines = [`## ${title}`, '', ...(proves ? [proves, ''] : [])];
  if (!part) {
    lines.push('_Not measured in this run._', '');
  } else {
    lines.push(
      current
        ? `Measured ${stamp(measuredAt)}.`
        : `_Not measured in this run._ The figures below are from ${stamp(measuredAt)}.`,
      '',
      '| Figure | Value |',
      '| --- | ---: |',
      ...Object.entries(part.figures).map(
        ([figure, value]) => `| ${cell(figure)} | ${cell(format(value))} |`,
      ),
      '',
    );
    if (losses.length > 0) lines.push(`**Lost:** ${losses.join('; ')}`, '');
    if (part.table && Array.isArray(part.table.columns) && Array.isArray(part.table.rows)) {
      const { caption, columns, rows } = part.table;
      if (caption) lines.push(`${caption}:`, '');
      lines.push(
        `| ${columns.map(cell).join(' | ')} |`,
        `| ${columns.map(() => '---').join(' | ')} |`,
        ...rows.map((row) => `| ${row.map((value) => cell(format(value))).join(' | ')} |`),
        '',
      );
    }
  }
  sections.push(lines.join('\n'));
}

const cpuList = cpus();
const machine = [
  `${type()} ${release()} (${arch()})`,
  `${cpuList.length} CPU${cpuList.length === 1 ? '' : 's'}${cpuList[0] ? ` (${cpuList[0].model.trim()})` : ''}`,
  `${Math.round(totalmem() / 2 ** 30)} GiB memory`,
  `Node.js ${process.version}`,
].join(', ');

const markdown = [
  '# Reliability',
  '',
  'What the trust tests prove about the server, with the figures of the last test run. This file is written',
  'by `scripts/reliability-report.mjs` at the end of `scripts/test.sh` from the figures each part\u2019s tests',
  'write to `docs/reliability/<part>.json`; do not edit it by hand.',
  '',
  `- Date: ${stamp(new Date())}${since ? ` (test run started ${stamp(since)})` : ''}`,
  `- Machine: ${machine}`,
  `- Commit: ${commit()}`,
  '',
  '| Part | What it proves | This run |',
  '| --- | --- | --- |',
  ...overview.map(({ title, proves, status }) => `| ${cell(title)} | ${cell(proves)} | ${cell(status)} |`),
  '',
  'A part fails the run when its file reports `"lost"` above zero or a figure that counts something that',
  'must not happen (its name says lost, doubled, duplicated, partial, crash, 5xx, unanswered, left behind,',
  'differing, drift or mismatch) is above zero. An expected part without figures from this run fails it too.',
  '',
  ...sections,
].join('\n');

writeFileSync(output, markdown);
console.log(`reliability-report: wrote ${output.slice(root.length + 1)}`);
for (const { title, status } of overview) console.log(`  - ${title}: ${status.replace(/\*\*/g, '')}`);
if (missing.length > 0) {
  console.error(
    `reliability-report: expected parts not measured in this run${since ? ` (since ${stamp(since)})` : ''}:\n${missing
      .map((m) => `  - ${m}`)
      .join('\n')}`,
  );
}
if (problems.length > 0) {
  console.error(`reliability-report: something was lost:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
}
if (missing.length > 0 || problems.length > 0) process.exit(1);

function lossesOf(part) {
  const found = [];
  if (typeof part.lost === 'number' && part.lost > 0) found.push(`lost: ${part.lost}`);
  if (part.ok === false) found.push('the part reports a failure');
  for (const [figure, value] of Object.entries(part.figures)) {
    if (typeof value === 'number' && value > 0 && LOSS.test(figure)) found.push(`${figure}: ${value}`);
  }
  return found;
}

function stamp(date) {
  return date
    ? date
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC')
    : 'an unknown date';
}

function format(value) {
  if (typeof value === 'number')
    return Number.isInteger(value) ? value.toLocaleString('en-US') : String(value);
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function cell(text) {
  return String(text).replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function commit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}
