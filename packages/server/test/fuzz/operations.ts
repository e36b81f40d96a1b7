import type { FastifyInstance } from 'fastify';
import { issueEmailToken } from '../../src/auth/email-tokens';
import type { Db } from '../../src/db';
import type { OperationId } from '../../src/http/route';
import { TEST_PASSPHRASE } from '../support/context';
import { fileUpload, pngOf, postReceipt } from '../support/receipts';
import { call, createGroupOf, debtIdsOf, expensePayload, type Person, register, type World } from './world';

/** A request that the server should accept: the base every hostile variant of a case starts from. */
export interface ValidRequest {
  /** Who sends it (null: nobody signed in). */
  as: Person | null;
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  headers?: Record<string, string>;
  body?: unknown;
  /** An upload: a multipart/form-data body as bytes, with its Content-Type (boundary included). */
  multipart?: { payload: Buffer; contentType: string };
}

export interface SpecContext {
  app: FastifyInstance;
  db: Db;
  world: World;
  /** A new unique e-mail address, or Idempotency-Key, per call. */
  email(prefix?: string): string;
  key(): string;
}

// biome-ignore lint/suspicious/noExplicitAny: targets are plain records of ids and people
export type Target = Record<string, any>;

export interface OperationSpec {
  /** A disposable resource the valid request uses up (deleted, settled, left): made again after a 2xx. */
  target?: (ctx: SpecContext) => Promise<Target>;
  valid(ctx: SpecContext, target: Target): ValidRequest | Promise<ValidRequest>;
  /** Share of the operation's runs compared with the others (hashing passwords is slow). */
  weight?: number;
}

const PASSWORD = 'correct-password';

async function version(db: Db, table: 'groups' | 'expenses', id: string): Promise<number> {
  const { rows } = await db.query<{ version: number }>(`SELECT version FROM ${table} WHERE id = $1`, [id]);
  return rows[0]?.version ?? 1;
}

const page = (cursor: string) => ({ limit: 1, cursor });
const idempotent = (ctx: SpecContext) => ({ 'idempotency-key': ctx.key() });

/** A group of the owner and the member without balances (to delete, leave or settle in). */
async function freshGroup(ctx: SpecContext) {
  const { owner, member } = ctx.world;
  return { groupId: await createGroupOf(ctx.app, owner, [member], 'Weekend') };
}

async function freshExpense(ctx: SpecContext) {
  const { owner, member, third, groupId } = ctx.world;
  const created = await call(
    ctx.app,
    owner,
    'POST',
    '/api/expenses',
    expensePayload(owner, [member, third], groupId),
  );
  return { expenseId: created.id as string };
}

/** A personal expense the owner recorded and paid, naming the member (who may decline it). */
async function freshPersonalExpense(ctx: SpecContext) {
  const { owner, member } = ctx.world;
  const created = await call(ctx.app, owner, 'POST', '/api/expenses', expensePayload(owner, [member], null));
  return { expenseId: created.id as string };
}

/** A personal payment the owner recorded to the member (who may decline it). */
async function freshPersonalSettlement(ctx: SpecContext) {
  const { owner, member } = ctx.world;
  const created = await call(ctx.app, owner, 'POST', '/api/financial/settlements', {
    from_user_id: owner.user.id,
    to_user_id: member.user.id,
    amount: 1,
    currency: 'EUR',
    group_id: null,
  });
  return { settlementId: created.id as string };
}

/** A comment the member wrote on the world's expense (which they may delete). */
async function freshComment(ctx: SpecContext) {
  const { member, expenseId } = ctx.world;
  const created = await call(ctx.app, member, 'POST', `/api/expenses/${expenseId}/comments`, {
    text: 'Who has the receipt?',
  });
  return { commentId: created.id as string };
}

const receiptPicture = pngOf(24, 16);
const receiptUpload = async () => fileUpload(await receiptPicture, 'till.png', 'image/png');

/** A receipt the member attached to a fresh expense of the owner's (which the member may remove). */
async function freshReceipt(ctx: SpecContext) {
  const { expenseId } = await freshExpense(ctx);
  const response = await postReceipt(ctx.app, ctx.world.member, expenseId, await receiptUpload());
  if (response.statusCode !== 201) throw new Error(`fuzz setup: receipt answered ${response.body}`);
  return { expenseId, receiptId: response.json().id as string };
}

// One receipt per world for the reads: made on first use, never removed.
const worldReceipts = new WeakMap<World, Promise<Target>>();
function worldReceipt(ctx: SpecContext): Promise<Target> {
  let receipt = worldReceipts.get(ctx.world);
  if (!receipt) {
    receipt = freshReceipt(ctx);
    worldReceipts.set(ctx.world, receipt);
  }
  return receipt;
}

/** What a recurring expense of the world's group records, and a monthly schedule from today. */
function recurringPayload(ctx: SpecContext) {
  const { owner, member, third, groupId } = ctx.world;
  return {
    expense: expensePayload(owner, [member, third], groupId, { description: 'Rent' }),
    schedule: {
      frequency: 'monthly',
      start_date: new Date().toISOString().slice(0, 10),
      end_date: null,
      occurrences: 12,
      time_zone: 'Europe/Prague',
    },
  };
}

/** A recurring expense of the world's group (the fuzzer may change, pause or stop it). */
async function freshRecurring(ctx: SpecContext) {
  const created = await call(
    ctx.app,
    ctx.world.owner,
    'POST',
    `/api/groups/${ctx.world.groupId}/recurring-expenses`,
    recurringPayload(ctx),
  );
  return { recurringId: created.recurring_expense.id as string };
}

/**
 * How to make a valid request for every operation of openapi.yaml. The fuzzer refuses to run when an
 * operation of the contract has no entry here, so a new operation cannot go untested.
 */
export const OPERATIONS: Record<OperationId, OperationSpec> = {
  getHealth: { valid: () => ({ as: null }) },
  getClientConfig: { valid: () => ({ as: null }) },
  registerUser: {
    weight: 0.5,
    valid: (ctx) => ({
      as: null,
      body: {
        email: ctx.email('fuzz-register'),
        first_name: 'Jana',
        last_name: 'Novakova',
        password: PASSWORD,
        passphrase: TEST_PASSPHRASE,
        recaptchaToken: null,
      },
    }),
  },
  loginUser: {
    weight: 0.5,
    valid: ({ world }) => ({ as: null, body: { email: world.owner.email, password: world.owner.password } }),
  },
  getProfile: { valid: ({ world }) => ({ as: world.owner }) },
  verifyEmail: {
    target: async (ctx) => ({ token: await issueEmailToken(ctx.db, ctx.world.owner.user, 'verify') }),
    valid: (_ctx, { token }) => ({ as: null, body: { token } }),
  },
  resendVerification: { valid: ({ world }) => ({ as: world.owner, body: {} }) },
  forgotPassword: { valid: (ctx) => ({ as: null, body: { email: ctx.email('fuzz-forgot') } }) },
  resetPassword: {
    weight: 0.5,
    // Its own person: a reset ends the sessions of whoever it names.
    target: async (ctx) => {
      const person = await register(ctx.app, 'reset', ctx.email('reset'), ctx.key());
      return { token: await issueEmailToken(ctx.db, person.user, 'reset') };
    },
    valid: (_ctx, { token }) => ({ as: null, body: { token, password: 'another-password' } }),
  },
  searchUsers: { valid: ({ world }) => ({ as: world.owner, query: { term: 'Member', connected: false } }) },
  checkEmail: { valid: ({ world }) => ({ as: world.owner, query: { email: world.member.email } }) },
  inviteUser: {
    valid: (ctx) => ({
      as: ctx.world.owner,
      headers: idempotent(ctx),
      body: { email: ctx.email('fuzz-invite'), name: 'Ann Other' },
    }),
  },
  getAccountSettings: { valid: ({ world }) => ({ as: world.owner }) },
  streamEvents: { valid: ({ world }) => ({ as: world.owner }) },
  updateAccountSettings: {
    valid: ({ world }) => ({ as: world.owner, body: { currency: 'EUR', defaultSplit: 'equal' } }),
  },
  // The stranger blocks the third person: nothing in the world has the third naming the stranger.
  listBlockedPeople: { valid: ({ world }) => ({ as: world.stranger }) },
  blockPerson: { valid: ({ world }) => ({ as: world.stranger, params: { id: world.third.user.id } }) },
  unblockPerson: { valid: ({ world }) => ({ as: world.stranger, params: { id: world.third.user.id } }) },
  changePassword: {
    weight: 0.5,
    // Its own password: a valid body sent as someone else must not change their password.
    target: async (ctx) => ({
      person: await register(ctx.app, 'password', ctx.email('password'), ctx.key()),
    }),
    valid: (_ctx, { person }) => ({
      as: person,
      body: { currentPassword: person.password, newPassword: 'another-password' },
    }),
  },
  listGroups: { valid: ({ world }) => ({ as: world.owner }) },
  createGroup: {
    valid: (ctx) => ({
      as: ctx.world.owner,
      headers: idempotent(ctx),
      body: {
        name: 'Ski trip',
        description: 'Alps',
        currency: 'EUR',
        default_split_type: 'equal',
        default_split_config: null,
        members: [{ email: ctx.world.member.email }, { email: ctx.email('fuzz-member'), first_name: 'New' }],
      },
    }),
  },
  searchGroups: { valid: ({ world }) => ({ as: world.owner, query: { term: 'Trip' } }) },
  getGroup: { valid: ({ world }) => ({ as: world.owner, params: { id: world.groupId } }) },
  deleteGroup: {
    target: freshGroup,
    valid: ({ world }, { groupId }) => ({ as: world.owner, params: { id: groupId } }),
  },
  updateGroupSettings: {
    valid: async ({ world, db }) => ({
      as: world.owner,
      params: { id: world.groupId },
      body: {
        currency: 'EUR',
        default_split_type: 'equal',
        default_split_config: null,
        members: [world.owner, world.member, world.third].map((p) => ({ id: p.user.id, email: p.email })),
        version: await version(db, 'groups', world.groupId),
      },
    }),
  },
  leaveGroup: {
    target: freshGroup,
    valid: ({ world }, { groupId }) => ({ as: world.member, params: { id: groupId } }),
  },
  addGroupMember: {
    target: freshGroup,
    valid: (ctx, { groupId }) => ({
      as: ctx.world.owner,
      params: { id: groupId },
      body: { email: ctx.email('fuzz-add'), first_name: 'Added', last_name: 'Person', display_name: null },
    }),
  },
  getGroupHistory: {
    valid: ({ world }) => ({ as: world.owner, params: { id: world.groupId }, query: { limit: 5 } }),
  },
  exportGroup: { valid: ({ world }) => ({ as: world.owner, params: { groupId: world.groupId } }) },
  getGroupArchive: { valid: ({ world }) => ({ as: world.member, params: { id: world.groupId } }) },
  getGroupStatistics: {
    valid: ({ world }) => ({
      as: world.owner,
      params: { id: world.groupId },
      query: { from: '2020-01-01', to: '2030-12-31', time_zone: 'Europe/Prague' },
    }),
  },
  getMyStatistics: {
    valid: ({ world }) => ({
      as: world.member,
      query: { from: '2020-01-01', time_zone: 'America/New_York' },
    }),
  },
  listExpenseCategories: { valid: ({ world }) => ({ as: world.owner }) },
  createExpense: {
    valid: (ctx) => {
      const { owner, member, third, groupId } = ctx.world;
      return {
        as: owner,
        headers: idempotent(ctx),
        body: expensePayload(owner, [member, third], groupId, {
          split_type: 'exact',
          split_details: { amounts: { [owner.user.id]: 10, [member.user.id]: 10.5, [third.user.id]: 9.5 } },
          payers: [
            { user_id: owner.user.id, amount: 18.25 },
            { user_id: third.user.id, amount: 11.75 },
          ],
          date: '2024-05-01T12:00:00.000Z',
          notes: 'Receipt in the drawer',
        }),
      };
    },
  },
  listUserExpenses: { valid: ({ world }) => ({ as: world.owner, query: page(world.cursors.userExpenses) }) },
  listGroupExpenses: {
    valid: ({ world }) => ({
      as: world.owner,
      params: { id: world.groupId },
      query: page(world.cursors.groupExpenses),
    }),
  },
  getExpense: { valid: ({ world }) => ({ as: world.member, params: { id: world.expenseId } }) },
  updateExpense: {
    valid: async ({ world, db }) => {
      const { owner, member, third, groupId, expenseId } = world;
      return {
        as: owner,
        params: { id: expenseId },
        body: {
          ...expensePayload(owner, [member, third], groupId, {
            split_type: 'percentage',
            split_details: {
              percentages: { [owner.user.id]: 50, [member.user.id]: 25, [third.user.id]: 25 },
            },
            payers: [
              { user_id: owner.user.id, amount: 15 },
              { user_id: member.user.id, amount: 10 },
              { user_id: third.user.id, amount: 5 },
            ],
          }),
          version: await version(db, 'expenses', expenseId),
        },
      };
    },
  },
  deleteExpense: {
    target: freshExpense,
    valid: async ({ world, db }, { expenseId }) => ({
      as: world.owner,
      params: { id: expenseId },
      query: { version: await version(db, 'expenses', expenseId) },
    }),
  },
  declineExpense: {
    target: freshPersonalExpense,
    valid: (ctx, { expenseId }) => ({
      as: ctx.world.member,
      params: { id: expenseId },
      headers: idempotent(ctx),
    }),
  },
  listExpenseComments: {
    valid: ({ world }) => ({ as: world.member, params: { id: world.expenseId }, query: { limit: 5 } }),
  },
  // Until the format readers land, any content is refused on `content` (400); the fuzzer still checks that
  // no variant of the request is a 5xx and that nothing is written.
  importFile: {
    valid: (ctx) => ({
      as: ctx.world.owner,
      headers: idempotent(ctx),
      body: {
        format: 'auto',
        content:
          'Date,Description,Category,Cost,Currency,Alice,Bob\n2024-03-01,Dinner,General,10.00,EUR,5.00,-5.00\n',
        dryRun: true,
        group_id: ctx.world.groupId,
        members: { Alice: ctx.world.owner.email, Bob: ctx.world.member.email },
        time_zone: 'Europe/Prague',
      },
    }),
  },
  createExpenseComment: {
    valid: (ctx) => ({
      as: ctx.world.member,
      params: { id: ctx.world.expenseId },
      headers: idempotent(ctx),
      body: { text: 'Was the tip included?' },
    }),
  },
  deleteExpenseComment: {
    target: freshComment,
    valid: ({ world }, { commentId }) => ({
      as: world.member,
      params: { id: world.expenseId, commentId },
    }),
  },
  listReceipts: {
    valid: async (ctx) => ({ as: ctx.world.third, params: { id: (await worldReceipt(ctx)).expenseId } }),
  },
  attachReceipt: {
    // A fresh expense each time: an expense takes 5 receipts.
    target: freshExpense,
    valid: async (ctx, { expenseId }) => ({
      as: ctx.world.member,
      params: { id: expenseId },
      headers: idempotent(ctx),
      multipart: await receiptUpload(),
    }),
  },
  getReceiptFile: {
    valid: async (ctx) => {
      const { expenseId, receiptId } = await worldReceipt(ctx);
      return { as: ctx.world.owner, params: { id: expenseId, receiptId } };
    },
  },
  getReceiptThumbnail: {
    valid: async (ctx) => {
      const { expenseId, receiptId } = await worldReceipt(ctx);
      return { as: ctx.world.third, params: { id: expenseId, receiptId } };
    },
  },
  deleteReceipt: {
    target: freshReceipt,
    valid: ({ world }, { expenseId, receiptId }) => ({
      as: world.member,
      params: { id: expenseId, receiptId },
    }),
  },
  declineSettlement: {
    target: freshPersonalSettlement,
    valid: (ctx, { settlementId }) => ({
      as: ctx.world.member,
      params: { id: settlementId },
      headers: idempotent(ctx),
    }),
  },
  getBalanceSummary: { valid: ({ world }) => ({ as: world.owner }) },
  getGroupBalances: { valid: ({ world }) => ({ as: world.owner, params: { groupId: world.groupId } }) },
  listSettlementSuggestions: { valid: ({ world }) => ({ as: world.member }) },
  listGroupSettlementSuggestions: {
    valid: ({ world }) => ({ as: world.owner, params: { groupId: world.groupId } }),
  },
  settleExpense: {
    target: freshExpense,
    valid: (ctx, { expenseId }) => ({
      as: ctx.world.member,
      params: { expenseId },
      headers: idempotent(ctx),
      body: { expense_id: expenseId },
    }),
  },
  listSettlements: { valid: ({ world }) => ({ as: world.owner, query: page(world.cursors.settlements) }) },
  createSettlement: {
    valid: (ctx) => {
      const { owner, member, groupId } = ctx.world;
      return {
        as: member,
        headers: idempotent(ctx),
        body: {
          from_user_id: member.user.id,
          to_user_id: owner.user.id,
          amount: 0.01,
          currency: 'EUR',
          group_id: groupId,
          description: 'Cash',
          settlement_date: '2024-05-02T08:00:00.000Z',
        },
      };
    },
  },
  listGroupSettlements: {
    valid: ({ world }) => ({ as: world.owner, params: { groupId: world.groupId }, query: { limit: 5 } }),
  },
  getMyBalance: { valid: ({ world }) => ({ as: world.third }) },
  getMyGroupBalance: { valid: ({ world }) => ({ as: world.third, params: { groupId: world.groupId } }) },
  listMyDebts: { valid: ({ world }) => ({ as: world.owner }) },
  listGroupDebts: { valid: ({ world }) => ({ as: world.owner, params: { groupId: world.groupId } }) },
  settleDebt: {
    target: async (ctx) => {
      const { owner, member } = ctx.world;
      const { groupId } = await freshGroup(ctx);
      await call(ctx.app, owner, 'POST', '/api/expenses', expensePayload(owner, [member], groupId));
      const [debtId] = await debtIdsOf(ctx.app, owner, groupId);
      return { debtId };
    },
    valid: (ctx, { debtId }) => ({ as: ctx.world.member, params: { debtId }, headers: idempotent(ctx) }),
  },
  getConfig: { valid: ({ world }) => ({ as: world.owner }) },
  updateConfig: {
    valid: ({ world }) => ({
      as: world.admin,
      body: {
        expenseCategories: {
          values: ['groceries', 'dining', 'travel'],
          displayNames: { groceries: 'Groceries', dining: 'Dining Out', travel: 'Travel' },
        },
      },
    }),
  },
  getConfigCategories: { valid: ({ world }) => ({ as: world.owner }) },
  getConfigCurrencies: { valid: ({ world }) => ({ as: world.owner }) },
  getConfigSplitTypes: { valid: ({ world }) => ({ as: world.owner }) },
  listRecurringExpenses: { valid: ({ world }) => ({ as: world.member, params: { id: world.groupId } }) },
  createRecurringExpense: {
    valid: (ctx) => ({
      as: ctx.world.owner,
      params: { id: ctx.world.groupId },
      headers: idempotent(ctx),
      body: recurringPayload(ctx),
    }),
  },
  getRecurringExpense: {
    target: freshRecurring,
    valid: ({ world }, { recurringId }) => ({ as: world.member, params: { id: recurringId } }),
  },
  updateRecurringExpense: {
    target: freshRecurring,
    valid: (ctx, { recurringId }) => {
      const body = recurringPayload(ctx);
      return {
        as: ctx.world.member,
        params: { id: recurringId },
        body: { ...body, expense: { ...body.expense, description: 'Rent and heating' }, version: 1 },
      };
    },
  },
  setRecurringExpenseStatus: {
    target: freshRecurring,
    valid: ({ world }, { recurringId }) => ({
      as: world.third,
      params: { id: recurringId },
      body: { status: 'paused', version: 1 },
    }),
  },
};
