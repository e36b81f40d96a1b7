import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** docs/reliability at the repository root: each part's figures, merged into docs/reliability.md. */
const DIR = resolve(import.meta.dirname, '../../../../../docs/reliability');

export type Figures = Record<string, number | string | boolean>;

/** What each part of these tests proves, shown above its figures in docs/reliability.md. */
const PROVES: Record<string, string> = {
  consent:
    'Random short sequences (fast-check), each on a new group of four people where one starts outside: expenses ' +
    'created, edited (without a date) and deleted, settlements, debts and expenses settled, members added, members ' +
    'leaving, each by any of the four, former members included. After every operation the group balances, and after ' +
    'each sequence the group page, every member\u2019s balance summary and the export, show the current members\u2019 ' +
    'balances summing to exactly zero in every currency: whoever left stays at zero, because only current members ' +
    'change a group\u2019s money and nothing that involves someone who left changes.',
  faults:
    'PostgreSQL (a throwaway cluster of its own) stopped with `pg_ctl -m immediate` twice and frozen with SIGSTOP once, ' +
    'under 8 clients writing and reading: every request during the fault answers 503 with a message and ' +
    'Retry-After (under 5 s when stopped, within the connect and query timeouts when frozen), the process never ' +
    'crashes, and it serves again by itself once the database is back. The server SIGKILLed three times amid ' +
    'bursts of 24 writing clients: after each restart no partial expense, every write answered 201 is stored, ' +
    'and the ledger equals a recomputation. SIGTERM answers every request in flight, refuses new connections at ' +
    'once and exits 0; a request still open at the 10 s drain limit is cut, logged, and the process exits 1.',
  scale:
    'Two real server processes on one PostgreSQL database; 50 clients alternating between them write to four ' +
    'groups in EUR and CZK until 2,000 writes have succeeded (writes refused as expected come on top): creates with an Idempotency-Key (some sent to both processes at ' +
    'once), edits with the version last seen, deletes, settlements. Every confirmed write is stored with its ' +
    'version, none is doubled, stale versions answer 409, and every currency of every group sums to zero and ' +
    'equals a recomputation from all rows.',
};

/**
 * Writes (merges) figures measured by this run into docs/reliability/<part>.json as
 * `{ title, proves, figures, measuredAt }`. Several test files may add to one part; each figure keeps its
 * latest measured value.
 */
export function writeFigures(part: string, title: string, figures: Figures): void {
  mkdirSync(DIR, { recursive: true });
  const file = join(DIR, `${part}.json`);
  let previous: Figures = {};
  try {
    previous = (JSON.parse(readFileSync(file, 'utf8')) as { figures?: Figures }).figures ?? {};
  } catch {
    // first run: nothing to merge
  }
  const content = {
    title,
    proves: PROVES[part],
    figures: { ...previous, ...figures },
    measuredAt: new Date().toISOString(),
  };
  writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`);
}
