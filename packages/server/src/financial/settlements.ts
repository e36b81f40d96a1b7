import type { components } from '@kitty/api/schema';
import { isKnownCurrency, parseAmount } from '@kitty/domain';
import { checkNotBlocked } from '../blocks/service';
import type { Db } from '../db';
import { isUuid } from '../db/ids';
import { checkGroupWrite, lockedNonMembers } from '../groups/membership';
import { type FieldError, forbidden, HttpError, invalid, notFound } from '../http/errors';
import type { CurrentUser } from '../users/repo';
import { type SettlementJson, settlementPeople, toSettlementJson } from './present';
import { advancePlanAfter } from './plan-store';
import { recordSettlement, type SettlementToRecord } from './record';
import { groupOfMember, peopleByIds, shareGroupOrExpense } from './repo';
import {
  eventsOf,
  groupSettlementsPage,
  type PageQuery,
  type SettlementRow,
  userSettlementsPage,
} from './settlement-repo';

type SettlementInput = components['schemas']['SettlementInput'];

export const SAME_PERSON = 'The payer and the receiver must be different people';
export const AMOUNT_MINIMUM = 'Amount must be at least 0.01';
export const NOT_MEMBERS = 'The payer and the receiver must both be members of the group';
export const NOT_YOUR_PAYMENT = 'Outside a group you can only record a payment you made or received';
export const NOT_CONNECTED =
  'You can only record a payment with someone you share a group or an expense with';

/** 400 naming the fields; with one failing field its own sentence is the message. */
export function fieldErrors(errors: FieldError[]): HttpError {
  if (errors.length === 1 && errors[0])
    return new HttpError(400, 'VALIDATION_FAILED', errors[0].message, errors);
  return invalid(...errors);
}

/** Checks what the input says by itself: amount, currency, two different people, the date. */
export function validateSettlementInput(input: SettlementInput): { amount: number; date: string | null } {
  const errors: FieldError[] = [];
  let amount = 0;
  if (!isKnownCurrency(input.currency)) {
    errors.push({ field: 'currency', message: `Unknown currency ${input.currency}` });
  } else {
    const parsed = parseAmount(input.amount, input.currency, 'signed');
    if (!parsed.ok) errors.push({ field: 'amount', message: parsed.error });
    else if (parsed.value < 1) errors.push({ field: 'amount', message: AMOUNT_MINIMUM });
    else amount = parsed.value;
  }
  if (input.from_user_id === input.to_user_id) errors.push({ field: 'to_user_id', message: SAME_PERSON });
  let date: string | null = null;
  if (input.settlement_date) {
    const at = new Date(input.settlement_date);
    if (Number.isNaN(at.getTime())) {
      errors.push({ field: 'settlement_date', message: 'settlement_date must be a date and time' });
    } else date = at.toISOString();
  }
  if (errors.length > 0) throw fieldErrors(errors);
  return { amount, date };
}

/**
 * Who may record a payment: in a group, a current member, for two current members (checked inside the
 * write's transaction, member rows locked); outside groups, one of the two people, with someone they
 * share a group or an expense with and who did not block them.
 */
async function authorize(db: Db, input: SettlementInput, caller: CurrentUser): Promise<void> {
  const { from_user_id: from, to_user_id: to, group_id: groupId } = input;
  if (groupId !== null && groupId !== undefined) {
    await checkGroupWrite(db, { groupId, callerId: caller.id, callerSees: false, moves: [] });
    const outside = await lockedNonMembers(db, groupId, [from, to].filter(isUuid));
    const errors: FieldError[] = [];
    if (!isUuid(from) || outside.includes(from)) errors.push({ field: 'from_user_id', message: NOT_MEMBERS });
    if (!isUuid(to) || outside.includes(to)) errors.push({ field: 'to_user_id', message: NOT_MEMBERS });
    if (errors.length > 0) throw new HttpError(400, 'VALIDATION_FAILED', NOT_MEMBERS, errors);
    return;
  }
  if (caller.id !== from && caller.id !== to) throw forbidden('FORBIDDEN_NOT_PARTY', NOT_YOUR_PAYMENT);
  const other = caller.id === from ? to : from;
  if (!(await shareGroupOrExpense(db, caller.id, other))) {
    throw fieldErrors([
      { field: caller.id === from ? 'to_user_id' : 'from_user_id', message: NOT_CONNECTED },
    ]);
  }
  await checkNotBlocked(db, null, [from, to], caller.id);
}

/** Settlements as the contract shows them, with names and audit trails (two queries for any number). */
export async function presentSettlements(db: Db, rows: readonly SettlementRow[]): Promise<SettlementJson[]> {
  const people = await peopleByIds(db, settlementPeople(rows));
  const events = await eventsOf(
    db,
    rows.map((s) => s.id),
  );
  return rows.map((s) =>
    toSettlementJson(
      s,
      people,
      events.filter((e) => e.settlement_id === s.id),
    ),
  );
}

/** Records one settlement in its own transaction and answers it as the contract shows it. */
export async function recordAndPresent(
  db: Db,
  settlement: SettlementToRecord,
  actorId: string,
  check: (tx: Db) => Promise<void> = async () => {},
): Promise<SettlementJson> {
  return db.transaction(async (tx) => {
    await check(tx);
    const row = await recordSettlement(tx, settlement, actorId);
    await advancePlanAfter(tx, row);
    const [json] = await presentSettlements(tx, [row]);
    return json as SettlementJson;
  });
}

export async function createSettlement(
  db: Db,
  input: SettlementInput,
  caller: CurrentUser,
): Promise<SettlementJson> {
  const { amount, date } = validateSettlementInput(input);
  return recordAndPresent(
    db,
    {
      group_id: input.group_id ?? null,
      from_user_id: input.from_user_id,
      to_user_id: input.to_user_id,
      amount_minor: amount,
      currency: input.currency,
      description: (input.description ?? '').trim(),
      created_by: caller.id,
      settlement_date: date,
    },
    caller.id,
    (tx) => authorize(tx, input, caller),
  );
}

export interface SettlementPage {
  settlements: SettlementJson[];
  nextCursor: string | null;
}

const DEFAULT_LIMIT = 20;

/** `limit` and `cursor` of a list request; the cursor is the id of the previous page's last item. */
export function pageQuery(query: { limit?: number; cursor?: string } | undefined): PageQuery {
  const cursor = query?.cursor ?? null;
  if (cursor !== null && !isUuid(cursor)) {
    throw fieldErrors([{ field: 'cursor', message: 'cursor is not a cursor this list gave' }]);
  }
  return { limit: query?.limit ?? DEFAULT_LIMIT, after: cursor };
}

async function toPage(db: Db, rows: SettlementRow[], page: PageQuery): Promise<SettlementPage> {
  const more = rows.length > page.limit;
  const shown = more ? rows.slice(0, page.limit) : rows;
  return {
    settlements: await presentSettlements(db, shown),
    nextCursor: more ? (shown[shown.length - 1]?.id ?? null) : null,
  };
}

export async function listSettlements(db: Db, caller: CurrentUser, page: PageQuery): Promise<SettlementPage> {
  return toPage(db, await userSettlementsPage(db, caller.id, page), page);
}

export async function listGroupSettlements(
  db: Db,
  groupId: string,
  caller: CurrentUser,
  page: PageQuery,
): Promise<SettlementPage> {
  if (!(await groupOfMember(db, groupId, caller.id))) throw notFound();
  return toPage(db, await groupSettlementsPage(db, groupId, page), page);
}
