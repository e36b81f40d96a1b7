import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db';
import { bearer, registerUser, uniqueEmail } from '../support/users';

export type Person = Awaited<ReturnType<typeof registerUser>>;

export const ADMIN_EMAIL = 'fuzz-admin@example.com';

/**
 * The data every fuzz case runs against: the owner's group with three members, expenses in two
 * currencies, a personal expense, a settlement and debts; and a stranger with a group, an expense and a
 * settlement of their own, so every kind of id exists on both sides of the fence.
 */
export interface World {
  owner: Person;
  member: Person;
  third: Person;
  stranger: Person;
  admin: Person;
  groupId: string;
  expenseId: string;
  otherExpenseId: string;
  personalExpenseId: string;
  settlementId: string;
  debtIds: string[];
  strangerGroupId: string;
  strangerExpenseId: string;
  strangerSettlementId: string;
  strangerDebtIds: string[];
  /** Real next-page cursors (limit 1), to tamper with. */
  cursors: { userExpenses: string; groupExpenses: string; settlements: string };
  /** Every id above: people, groups, expenses, settlements, debts. */
  ids: string[];
}

// biome-ignore lint/suspicious/noExplicitAny: setup reads answers freely
type Answer = any;

/** Calls the API as someone and answers the JSON; anything but a 2xx stops the setup with its body. */
export async function call(
  app: FastifyInstance,
  as: Person | null,
  method: string,
  url: string,
  payload?: object,
): Promise<Answer> {
  const response = await app.inject({
    method: method as 'GET',
    url,
    headers: as ? bearer(as.token) : {},
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode >= 300)
    throw new Error(`fuzz setup: ${method} ${url} answered ${response.statusCode} ${response.body}`);
  return response.body ? response.json() : undefined;
}

export function expensePayload(payer: Person, others: Person[], groupId: string | null, extra: object = {}) {
  const participants = [payer, ...others].map((p) => p.user.id);
  return {
    description: 'Dinner',
    amount: 30,
    currency: 'EUR',
    category: 'groceries',
    group_id: groupId,
    split_type: 'equal',
    paid_by: payer.user.id,
    participants,
    split_with: participants.filter((id) => id !== payer.user.id),
    split_details: {},
    ...extra,
  };
}

export async function register(
  app: FastifyInstance,
  prefix: string,
  email = uniqueEmail(prefix),
  password = 'correct-password',
): Promise<Person> {
  return registerUser(app, { email, password, first_name: prefix.replace(/^./, (c) => c.toUpperCase()) });
}

export async function createGroupOf(
  app: FastifyInstance,
  owner: Person,
  members: Person[],
  name = 'Trip to Prague',
) {
  const group = await call(app, owner, 'POST', '/api/groups', {
    name,
    currency: 'EUR',
    members: members.map((m) => ({ email: m.email })),
  });
  return group.id as string;
}

export async function debtIdsOf(app: FastifyInstance, as: Person, groupId: string): Promise<string[]> {
  const { debts } = await call(app, as, 'GET', `/api/financial/group/${groupId}/debts`);
  return (debts as { id: string }[]).map((debt) => debt.id);
}

async function cursor(app: FastifyInstance, as: Person, url: string): Promise<string> {
  const page = await call(app, as, 'GET', url);
  if (typeof page.nextCursor !== 'string') throw new Error(`fuzz setup: ${url} gave no next cursor`);
  return page.nextCursor;
}

export async function buildWorld(app: FastifyInstance, admin: Person): Promise<World> {
  const owner = await register(app, 'owner');
  const member = await register(app, 'member');
  const third = await register(app, 'third');
  const stranger = await register(app, 'stranger');
  const neighbour = await register(app, 'neighbour');

  const groupId = await createGroupOf(app, owner, [member, third]);
  const expense = await call(
    app,
    owner,
    'POST',
    '/api/expenses',
    // Paid by two of them: the fuzz walks an expense with several payers.
    expensePayload(owner, [member, third], groupId, {
      payers: [
        { user_id: owner.user.id, amount: 20 },
        { user_id: member.user.id, amount: 10 },
      ],
    }),
  );
  const other = await call(
    app,
    member,
    'POST',
    '/api/expenses',
    expensePayload(member, [owner], groupId, { amount: 1234, currency: 'CZK', description: 'Hotel' }),
  );
  const personal = await call(app, owner, 'POST', '/api/expenses', expensePayload(owner, [member], null));
  const settlement = await call(app, member, 'POST', '/api/financial/settlements', {
    from_user_id: member.user.id,
    to_user_id: owner.user.id,
    amount: 2.5,
    currency: 'EUR',
    group_id: groupId,
    description: 'Part of dinner',
  });
  await call(app, third, 'POST', '/api/financial/settlements', {
    from_user_id: third.user.id,
    to_user_id: owner.user.id,
    amount: 1,
    currency: 'EUR',
    group_id: groupId,
  });

  const strangerGroupId = await createGroupOf(app, stranger, [neighbour], 'Flat');
  const strangerExpense = await call(
    app,
    stranger,
    'POST',
    '/api/expenses',
    expensePayload(stranger, [neighbour], strangerGroupId),
  );
  const strangerSettlement = await call(app, neighbour, 'POST', '/api/financial/settlements', {
    from_user_id: neighbour.user.id,
    to_user_id: stranger.user.id,
    amount: 1,
    currency: 'EUR',
    group_id: strangerGroupId,
  });

  const debtIds = await debtIdsOf(app, owner, groupId);
  const strangerDebtIds = await debtIdsOf(app, stranger, strangerGroupId);
  const world: Omit<World, 'ids'> = {
    owner,
    member,
    third,
    stranger,
    admin,
    groupId,
    expenseId: expense.id,
    otherExpenseId: other.id,
    personalExpenseId: personal.id,
    settlementId: settlement.id,
    debtIds,
    strangerGroupId,
    strangerExpenseId: strangerExpense.id,
    strangerSettlementId: strangerSettlement.id,
    strangerDebtIds,
    cursors: {
      userExpenses: await cursor(app, owner, '/api/expenses/user?limit=1'),
      groupExpenses: await cursor(app, owner, `/api/expenses/group/${groupId}?limit=1`),
      settlements: await cursor(app, owner, '/api/financial/settlements?limit=1'),
    },
  };
  const ids = [
    ...[owner, member, third, stranger, neighbour, admin].map((p) => p.user.id as string),
    groupId,
    expense.id,
    other.id,
    personal.id,
    settlement.id,
    strangerGroupId,
    strangerExpense.id,
    strangerSettlement.id,
    ...debtIds,
    ...strangerDebtIds,
  ];
  return { ...world, ids };
}

/**
 * Whether a case of an earlier operation (sent as someone else, or with another method) deleted or
 * changed what the valid requests rely on: the expenses, the groups and their members, the sign-ins.
 */
export async function worldIsIntact(db: Db, w: World): Promise<boolean> {
  const people = [w.owner, w.member, w.third, w.stranger, w.admin].map((p) => p.user.id as string);
  const { rows } = await db.query<{ intact: boolean }>(
    `SELECT
       (SELECT count(*) FROM expenses WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL) = 4
       AND (SELECT count(*) FROM groups WHERE id = ANY($2::uuid[])) = 2
       AND (SELECT count(*) FROM group_members WHERE group_id = $3 AND user_id = ANY($4::uuid[])) = 3
       AND (SELECT count(*) FROM users WHERE id = ANY($5::uuid[]) AND token_version = 0) = 5 AS intact`,
    [
      [w.expenseId, w.otherExpenseId, w.personalExpenseId, w.strangerExpenseId],
      [w.groupId, w.strangerGroupId],
      w.groupId,
      people.slice(0, 3),
      people,
    ],
  );
  return rows[0]?.intact === true;
}
