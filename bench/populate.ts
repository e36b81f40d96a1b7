import { hashPassword } from '../packages/server/src/auth/passwords';
import type { Db } from '../packages/server/src/db';
import type { PageKey } from '../packages/server/src/expenses/cursor';
import { type GroupHistory, type GroupPlan, groupHistory } from './history';
import { ledgerDifferences } from './ledger-check';
import { type Random, seeded } from './random';
import { insertGroup, insertUsers } from './seed';
import { planWorld, type World } from './world';

export const PASSWORD = 'bench password 1234';

/** Where the expense pages the load asks for start: at most this many expenses of a group. */
const PAGE_STARTS = 2_000;

export interface Seeded {
  world: World;
  /** Keys of seeded expenses of each group (a sample for Big): each one starts a page after it. */
  pageStarts: Map<string, PageKey[]>;
  expenses: number;
  splits: number;
  settlements: number;
  seconds: number;
}

/**
 * Seeds the world: 1,000 registered people (one argon2id hash shared by all), Big, Small, Trip and the
 * ordinary groups with their histories and running balances; then checks that the running balances of
 * Big, Small and Trip equal a full recomputation (a benchmark over wrong balances would mean nothing).
 */
export async function populate(
  db: Db,
  /** Reads without the server's statement bounds, for the full recomputation of Big. */
  checkDb: Db,
  options: { bigExpenses: number; groups: number; log: (line: string) => void },
): Promise<Seeded> {
  const startedAt = performance.now();
  const rng = seeded(20_240_601);
  const world = planWorld(rng, { users: 1_000, bigExpenses: options.bigExpenses, groups: options.groups });
  await insertUsers(db, world.users, await hashPassword(PASSWORD));
  const pageStarts = new Map<string, PageKey[]>();
  let expenses = 0;
  let splits = 0;
  let settlements = 0;
  const add = async (plan: GroupPlan, days: number) => {
    const history: GroupHistory = groupHistory(plan, rng, days);
    await insertGroup(db, plan, history);
    pageStarts.set(plan.id, startsOf(history, rng));
    expenses += history.expenses.length;
    splits += history.expenses.reduce((n, e) => n + e.splits.length, 0);
    settlements += history.settlements.length;
  };
  options.log(`  people: ${world.users.length}`);
  await add(world.big, 5 * 365);
  options.log(`  Big: ${world.big.expenses} expenses among ${world.big.members.length} people`);
  await add(world.small, 60);
  await add(world.trip, 30);
  for (const plan of world.ordinary) await add(plan, 2 * 365);
  options.log(`  Small, Trip and ${world.ordinary.length} groups of 5 to 50 people`);
  // As autovacuum would have by now: statistics for the planner, and the visibility map that lets index-only
  // scans (membership checks) skip the heap.
  await db.exec('VACUUM ANALYZE');

  for (const plan of [world.big, world.small, world.trip]) {
    const problems = await ledgerDifferences(checkDb, plan.id);
    if (problems.length > 0) throw new Error(`Seeding is wrong: ${problems.join('; ')}`);
  }
  const { rows } = await db.query<{ owing: number }>(
    'SELECT count(*)::int AS owing FROM member_balances WHERE scope_id = $1 AND currency = $2 AND net_minor <> 0',
    [world.trip.id, world.trip.currency],
  );
  if (rows[0]?.owing !== world.trip.members.length) {
    throw new Error('Seeding is wrong: someone in Trip has a zero balance');
  }
  return {
    world,
    pageStarts,
    expenses,
    splits,
    settlements,
    seconds: (performance.now() - startedAt) / 1000,
  };
}

/** The page keys of a history's expenses (dates are whole milliseconds), at most PAGE_STARTS of them. */
function startsOf(history: GroupHistory, rng: Random): PageKey[] {
  return rng
    .sample(history.expenses, Math.min(PAGE_STARTS, history.expenses.length))
    .map((e) => ({ micros: String(e.date.getTime() * 1000), id: e.id }));
}
