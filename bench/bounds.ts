import type { GoalId } from './goals';

/**
 * What bounds a goal the last real run missed, in a sentence or two from a CPU profile
 * (`BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'`) or EXPLAIN (ANALYZE, BUFFERS), with
 * the measured figure. The report prints it next to the goal while the goal is missed; delete the
 * entry once a run meets the goal.
 *
 * The shares below are of the server's busy time while that endpoint alone was measured (a profiled trial
 * run of 2026-11-26 sliced by round; bench/README.md, "What bounds the rest").
 */
export const BOUNDS: Partial<Record<GoalId, string>> = {
  detail:
    'The answer the contract requires: 20 expenses with every split and its person (about 50 kB). 3 statements; ' +
    'server: socket writes 25%, reading PostgreSQL rows 25%, presenting 15%, GC 10%, token HMAC 7%. ' +
    'PostgreSQL: about 150 split rows with names (EXPLAIN: 0.02-0.04 ms per expense).',
  page:
    'As group detail: 20 expenses with their splits and people in one statement plus the sign-in lookup; ' +
    'server: socket writes 25%, row parsing 24%, presenting 14%, GC 13%. Smaller needs a smaller Expense than the contract.',
  balances:
    'Two statements (sign-in lookup, balancesView). Server: socket writes 28-32%, row parsing 18-21%, token HMAC ' +
    '(jose, WebCrypto) 13-16%, GC 9%: the fixed cost of an authenticated request with two round trips on this VM.',
  summary:
    'Two statements (sign-in lookup, summaryView); server: socket writes 27%, row parsing 20%, token HMAC 16%, ' +
    'Node core 12%: the fixed cost of an authenticated request with two round trips; PostgreSQL 0.2 ms is two index probes.',
  suggestions:
    'The exact minimum over 20 balances: the domain (minimalTransfers, zero-sum sets met in the middle, and ' +
    'the explanations of 18 transfers) is 31% of the server; socket writes 19%. Two statements.',
  create:
    '14 statements in one transaction (idempotency key reserved, people checked, expense, splits, ledger, ' +
    'counts, stored answer, COMMIT): socket writes are 42% of the server; PostgreSQL waits for the WAL flush ' +
    'at each COMMIT. Next: the expense and its splits in one statement, fewer round trips around the key.',
  scale:
    'Two cores: one process and PostgreSQL already keep both busy (the server is about half of the CPU), so a ' +
    'second process adds no core, only its own GC and connections, and the ratio sits at 1.0 within the noise of ' +
    'a run (four full runs on 2026-11-26: 1.07, 1.05, 1.10, 0.97). No lock is shared between the processes ' +
    '(migration 0012 removed the notifying commits).',
};
