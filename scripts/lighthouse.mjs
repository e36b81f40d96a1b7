#!/usr/bin/env node
// Lighthouse (mobile preset: Moto G Power viewport, simulated slow 4G, 4x CPU slowdown) against the built
// web app served by the real server on a fresh embedded database, with Debian's Chromium.
//
//   node scripts/lighthouse.mjs [--runs 5] [--write]      (pnpm bench:web builds first, then --write)
//
// Audits /login (signed out) and /dashboard (signed in: a registered person with a group and an expense,
// the token put in localStorage from a same-origin page that does not load the app, so the audited load
// stays cold). Each page is audited --runs times, each in a fresh browser profile; the run with the median
// performance score is reported. Goals: performance >= 95, accessibility = 100. Exits 1 when a goal is
// missed. --write replaces the Lighthouse section of docs/web-performance.md; full reports go to
// test-results/lighthouse/.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const runs = Number(option('--runs', process.env.LIGHTHOUSE_RUNS ?? '5'));
const write = args.includes('--write');
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3490);
const origin = `http://127.0.0.1:${port}`;
const webDist = resolve(process.env.WEB_DIST ?? join(root, 'packages/web/dist'));
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PASSPHRASE = 'lighthouse passphrase';
const GOALS = { performance: 95, accessibility: 100 };
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

if (!existsSync(join(webDist, 'index.html'))) {
  console.error(`No ${webDist}/index.html: build the web app first (pnpm run build).`);
  process.exit(1);
}

/** The server as `pnpm start` runs it, on a database in a temporary folder. */
async function startServer(dataDir) {
  const server = spawn('pnpm', ['--filter', '@kitty/server', 'start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      REGISTRATION_PASSPHRASE: PASSPHRASE,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`The server did not answer ${origin}/api/health within 120 s`);
}

async function api(method, path, token, body) {
  const response = await fetch(`${origin}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Two people, a group and an expense: the dashboard shows a balance, a group and a recent expense. */
async function seed() {
  const stamp = Date.now().toString(36);
  const person = (first) => ({
    email: `${first.toLowerCase()}.${stamp}@example.com`,
    first_name: first,
    last_name: 'Lighthouse',
    password: 'a-long-password-1',
    passphrase: PASSPHRASE,
  });
  const alice = await api('POST', '/users/register', null, person('Alice'));
  const bob = await api('POST', '/users/register', null, person('Bob'));
  const group = await api('POST', '/groups', alice.token, {
    name: 'Weekend trip',
    currency: 'EUR',
    members: [{ email: person('Bob').email }],
  });
  await api('POST', '/expenses', alice.token, {
    description: 'Dinner',
    amount: 84.5,
    currency: 'EUR',
    category: 'dining',
    group_id: group.id,
    split_type: 'equal',
    paid_by: alice.id,
    participants: [alice.id, bob.id],
    split_with: [bob.id],
  });
  return alice.token;
}

/** Stores the token from a same-origin page without the app, so nothing of the app is cached. */
async function signIn(chromePort, token) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = await context.newPage();
  await page.goto(`${origin}/api/health`);
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.close();
  await browser.close();
}

/** One audit; a run whose trace Lighthouse could not read (e.g. NO_NAVSTART) is run again, twice at most. */
async function audit(path, token) {
  for (let attempt = 1; ; attempt++) {
    const result = await auditOnce(path, token);
    if (!result.lhr.runtimeError || attempt === 3) return result;
    console.log(`${path}: ${result.lhr.runtimeError.code}, running it again`);
  }
}

async function auditOnce(path, token) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    if (token) await signIn(chrome.port, token);
    const result = await lighthouse(
      `${origin}${path}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // Signed in: keep the token just stored (the HTTP cache is empty: the profile is new).
        disableStorageReset: Boolean(token),
      },
      undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    return result;
  } finally {
    await chrome.kill();
  }
}

const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const metric = (lhr, id) => lhr.audits[id]?.displayValue ?? '-';

function failingAudits(lhr, category) {
  return lhr.categories[category].auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
    .filter((a) => a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
    .map((a) => `${a.id} (${a.score})`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'kitty-lighthouse-'));
const reportDir = join(root, 'test-results/lighthouse');
mkdirSync(reportDir, { recursive: true });
const server = await startServer(dataDir);
const results = [];
try {
  const token = await seed();
  const pages = [
    { path: '/login', token: null },
    { path: '/dashboard', token },
  ];
  for (const page of pages) {
    const all = [];
    for (let run = 1; run <= runs; run++) {
      const { lhr, report } = await audit(page.path, page.token);
      if (lhr.finalDisplayedUrl !== `${origin}${page.path}`) {
        throw new Error(`${page.path} ended on ${lhr.finalDisplayedUrl} (signed in as expected?)`);
      }
      writeFileSync(join(reportDir, `${page.path.slice(1)}-${run}.report.json`), report);
      console.log(
        `${page.path} run ${run}: performance ${score(lhr, 'performance')}, accessibility ${score(lhr, 'accessibility')}`,
      );
      all.push(lhr);
    }
    all.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const lhr = all[Math.floor(all.length / 2)];
    results.push({
      path: page.path,
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      runs: all.map((r) => score(r, 'performance')),
      metrics: [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ].map((id) => metric(lhr, id)),
      failing: [...failingAudits(lhr, 'performance'), ...failingAudits(lhr, 'accessibility')],
      benchmark: Math.round(lhr.environment.benchmarkIndex ?? 0),
      lighthouse: lhr.lighthouseVersion,
      chrome: lhr.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? '?',
    });
  }
} finally {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((done) => setTimeout(done, 1000));
  rmSync(dataDir, { recursive: true, force: true });
}

const missed = results.filter(
  (r) => r.performance < GOALS.performance || r.accessibility < GOALS.accessibility,
);
const table = [
  '| Page | Performance (goal >= 95) | Accessibility (goal 100) | FCP | LCP | TBT | CLS | Speed Index | Performance of each run | benchmarkIndex |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
  ...results.map(
    (r) =>
      `| ${r.path} | ${r.performance} | ${r.accessibility} | ${r.metrics.join(' | ')} | ${r.runs.join(', ')} | ${r.benchmark} |`,
  ),
];
console.log(`\n${table.join('\n')}`);
for (const r of results) {
  if (r.failing.length > 0) console.log(`${r.path}: audits below 1: ${r.failing.join(', ')}`);
}

if (write) {
  const docPath = join(root, 'docs/web-performance.md');
  const first = results[0];
  const section = [
    '<!-- lighthouse:start (written by pnpm bench:web: node scripts/lighthouse.mjs --write) -->',
    '',
    `Lighthouse ${first?.lighthouse} (npm), mobile preset (simulated slow 4G, 4x CPU slowdown), Chromium`,
    `${first?.chrome} headless, against the built app served by the server (embedded database, fresh each run);`,
    `/dashboard signed in with a group and an expense. Median of ${runs} runs by performance score, each in a`,
    `fresh browser profile. Measured ${new Date().toISOString().slice(0, 10)}.`,
    '',
    ...table,
    '',
    ...results
      .filter((r) => r.failing.length > 0)
      .map((r) => `- ${r.path}: audits below full marks: ${r.failing.join(', ')}`),
    '',
    '<!-- lighthouse:end -->',
  ].join('\n');
  const doc = readFileSync(docPath, 'utf8');
  const pattern = /<!-- lighthouse:start[\s\S]*?<!-- lighthouse:end -->/;
  if (!pattern.test(doc)) throw new Error('docs/web-performance.md has no lighthouse markers');
  writeFileSync(docPath, doc.replace(pattern, section.replace(/\n\n\n/g, '\n\n')));
  console.log('Wrote the Lighthouse section of docs/web-performance.md');
}
if (missed.length > 0) {
  console.error(`\nGoal missed: ${missed.map((r) => r.path).join(', ')}`);
  process.exit(1);
}
console.log('\nEvery page meets its goals.');
