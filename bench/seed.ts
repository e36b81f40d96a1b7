import type { Db } from '../packages/server/src/db';
import { BALANCE_AFTER } from '../packages/server/src/financial/present';
import type { GroupHistory, GroupPlan } from './history';
import { ledgerRows } from './ledger-check';
import type { SeedUser } from './world';

// Expenses per transaction: each batch commits on its own, and the deferred trigger checks at COMMIT
// that every expense's splits add up to its amount.
const BATCH = 5_000;

/** Seeding statements may run longer than the server's per-statement bound. */
async function unbounded(tx: Db): Promise<void> {
  await tx.query('SET LOCAL statement_timeout = 0');
}

export async function insertUsers(db: Db, users: readonly SeedUser[], passwordHash: string): Promise<void> {
  await db.query(
    `INSERT INTO users (id, email, first_name, last_name, display_name, registered, password_hash, currency,
                        email_verified)
     SELECT t.id, t.email, t.first_name, t.last_name, t.first_name, true, $5, 'EUR', true
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS t (id, email, first_name, last_name)`,
    [
      users.map((u) => u.id),
      users.map((u) => u.email),
      users.map((u) => u.first_name),
      users.map((u) => u.last_name),
      passwordHash,
    ],
  );
}

/** The group, its members, its whole history and its running balances (the ledger tables). */
export async function insertGroup(db: Db, plan: GroupPlan, history: GroupHistory): Promise<void> {
  const createdAt = history.expenses[0]?.date ?? new Date();
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO groups (id, name, currency, created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $5)`,
      [plan.id, plan.name, plan.currency, plan.members[0], createdAt],
    );
    await tx.query(
      `INSERT INTO group_members (group_id, user_id, joined_at) SELECT $1, u, $3 FROM unnest($2::uuid[]) AS u`,
      [plan.id, plan.members, createdAt],
    );
  });
  for (let at = 0; at < history.expenses.length; at += BATCH) {
    const batch = history.expenses.slice(at, at + BATCH);
    await db.transaction(async (tx) => {
      await unbounded(tx);
      await insertExpenses(tx, batch);
    });
  }
  await db.transaction(async (tx) => {
    await unbounded(tx);
    await insertSettlements(tx, history);
    await insertLedger(tx, plan.id, history);
  });
}

async function insertExpenses(tx: Db, batch: GroupHistory['expenses']): Promise<void> {
  const col = <T>(f: (e: (typeof batch)[number]) => T) => batch.map(f);
  await tx.query(
    `INSERT INTO expenses (id, group_id, description, amount_minor, currency, category, date, paid_by,
                           split_type, split_details, created_by, created_at, updated_at)
     SELECT t.id, t.group_id, t.description, t.amount, t.currency, t.category, t.date, t.paid_by,
            t.split_type, t.details::jsonb, t.paid_by, t.date, t.date
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::bigint[], $5::text[], $6::text[],
                   $7::timestamptz[], $8::uuid[], $9::text[], $10::text[])
         AS t (id, group_id, description, amount, currency, category, date, paid_by, split_type, details)`,
    [
      col((e) => e.id),
      col((e) => e.group_id),
      col((e) => e.description),
      col((e) => e.amount_minor),
      col((e) => e.currency),
      col((e) => e.category),
      col((e) => e.date.toISOString()),
      col((e) => e.paid_by),
      col((e) => e.split_type),
      col((e) => JSON.stringify(e.split_details)),
    ],
  );
  // Each seeded expense has one payer, who paid all of it (migration 0014: every expense has its payer rows).
  await tx.query(
    `INSERT INTO expense_payers (expense_id, user_id, amount_minor)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::bigint[])`,
    [col((e) => e.id), col((e) => e.paid_by), col((e) => e.amount_minor)],
  );
  const splits = batch.flatMap((e) => e.splits.map((s, position) => ({ ...s, expense_id: e.id, position })));
  const scol = <T>(f: (s: (typeof splits)[number]) => T) => splits.map(f);
  await tx.query(
    `INSERT INTO expense_splits (expense_id, user_id, amount_minor, percentage, shares, position)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::numeric[], $5::integer[], $6::integer[])`,
    [
      scol((s) => s.expense_id),
      scol((s) => s.user_id),
      scol((s) => s.amount_minor),
      scol((s) => s.percentage),
      scol((s) => s.shares),
      scol((s) => s.position),
    ],
  );
}

async function insertSettlements(tx: Db, history: GroupHistory): Promise<void> {
  const list = history.settlements;
  if (list.length === 0) return;
  const col = <T>(f: (s: (typeof list)[number]) => T) => list.map(f);
  await tx.query(
    `INSERT INTO settlements (id, group_id, from_user_id, to_user_id, amount_minor, currency, description,
                              created_by, settlement_date, created_at, updated_at, transaction_id)
     SELECT t.id, t.group_id, t.from_user, t.to_user, t.amount, t.currency, 'Settle up', t.from_user,
            t.date, t.date, t.date, t.transaction_id
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::bigint[], $6::text[],
                   $7::timestamptz[], $8::text[])
         AS t (id, group_id, from_user, to_user, amount, currency, date, transaction_id)`,
    [
      col((s) => s.id),
      col((s) => s.group_id),
      col((s) => s.from),
      col((s) => s.to),
      col((s) => s.amount),
      col((s) => s.currency),
      col((s) => s.date.toISOString()),
      col((s) => s.transaction_id),
    ],
  );
  await tx.query(
    `INSERT INTO settlement_events (settlement_id, action, actor_id, details, created_at)
     SELECT t.id, 'created', t.actor, jsonb_build_object($4::text, t.after), t.date
       FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $5::timestamptz[]) AS t (id, actor, after, date)`,
    [
      col((s) => s.id),
      col((s) => s.from),
      col((s) => s.payer_balance_after_minor),
      BALANCE_AFTER,
      col((s) => s.date.toISOString()),
    ],
  );
}

/** The running tables as the ledger's own rules compute them from the whole history. */
async function insertLedger(tx: Db, scopeId: string, history: GroupHistory): Promise<void> {
  const { balances, pairs, stats, counts } = ledgerRows(scopeId, history);
  await tx.query(
    `INSERT INTO member_balances (scope_id, user_id, currency, paid_minor, owed_minor)
     SELECT $1, * FROM unnest($2::uuid[], $3::text[], $4::bigint[], $5::bigint[])`,
    [
      scopeId,
      balances.map((b) => b.user_id),
      balances.map((b) => b.currency),
      balances.map((b) => b.paid_minor),
      balances.map((b) => b.owed_minor),
    ],
  );
  await tx.query(
    `INSERT INTO pair_balances (scope_id, user_a, user_b, currency, a_owes_b_minor)
     SELECT $1, * FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::bigint[])`,
    [
      scopeId,
      pairs.map((p) => p.user_a),
      pairs.map((p) => p.user_b),
      pairs.map((p) => p.currency),
      pairs.map((p) => p.a_owes_b_minor),
    ],
  );
  await tx.query(
    `INSERT INTO scope_expense_stats (scope_id, currency, expense_count, total_minor)
     SELECT $1, * FROM unnest($2::text[], $3::integer[], $4::bigint[])`,
    [
      scopeId,
      stats.map((s) => s.currency),
      stats.map((s) => s.expense_count),
      stats.map((s) => s.total_minor),
    ],
  );
  await tx.query(
    `INSERT INTO member_expense_counts (scope_id, user_id, expense_count)
     SELECT $1, * FROM unnest($2::uuid[], $3::bigint[])`,
    [scopeId, counts.map((c) => c.user_id), counts.map((c) => c.expense_count)],
  );
}
