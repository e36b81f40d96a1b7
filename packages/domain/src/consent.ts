// Consent outside groups (issue 19). Anyone may record a personal expense or settlement naming any person,
// so a person named in one by someone else may decline it; a declined item counts for nobody. In a group,
// membership is the consent: group items cannot be declined. The server enforces these rules and the web
// offers Decline by the same functions.
import { isPayer, type Payments } from './payers';

export const DECLINE_GROUP_EXPENSE =
  'Expenses in a group cannot be declined: membership of the group is the consent';
export const DECLINE_GROUP_SETTLEMENT =
  'Payments in a group cannot be declined: membership of the group is the consent';
export const DECLINE_NOT_NAMED_EXPENSE = 'Only a person named by someone else can decline this expense';
export const DECLINE_NOT_NAMED_SETTLEMENT = 'Only a person named by someone else can decline this payment';
export const DECLINED_CANNOT_CHANGE = 'This expense was declined and can no longer be changed';
export const DECLINED_CANNOT_SETTLE = 'This expense was declined and cannot be settled';

/** What the expense rule reads; ids are user ids. */
export interface DeclinableExpense {
  group_id: string | null;
  /** Who recorded it. */
  created_by: string;
  paid_by: string;
  /** Who paid what, when several paid (see payers.ts); absent: paid_by paid it all. */
  payers?: Payments | undefined;
  /** Everyone in the split. */
  participants: readonly string[];
}

/** What the settlement rule reads. */
export interface DeclinableSettlement {
  group_id: string | null;
  created_by: string;
  from_user_id: string;
  to_user_id: string;
}

/**
 * Why `userId` may not decline the expense (the message to show), or null when they may: a participant of
 * a personal expense who neither recorded it nor paid any of it (a payer deletes instead). Who may see it at
 * all is the server's question (404 before this).
 */
export function expenseDeclineRefusal(expense: DeclinableExpense, userId: string): string | null {
  if (expense.group_id !== null) return DECLINE_GROUP_EXPENSE;
  const named =
    expense.participants.includes(userId) && userId !== expense.created_by && !isPayer(expense, userId);
  return named ? null : DECLINE_NOT_NAMED_EXPENSE;
}

/** Why `userId` may not decline the settlement, or null: its payer or receiver, when someone else recorded it. */
export function settlementDeclineRefusal(settlement: DeclinableSettlement, userId: string): string | null {
  if (settlement.group_id !== null) return DECLINE_GROUP_SETTLEMENT;
  const named =
    (userId === settlement.from_user_id || userId === settlement.to_user_id) &&
    userId !== settlement.created_by;
  return named ? null : DECLINE_NOT_NAMED_SETTLEMENT;
}

export function mayDeclineExpense(expense: DeclinableExpense, userId: string): boolean {
  return expenseDeclineRefusal(expense, userId) === null;
}

export function mayDeclineSettlement(settlement: DeclinableSettlement, userId: string): boolean {
  return settlementDeclineRefusal(settlement, userId) === null;
}

// Blocking (README "Who may do what"): declining answers one item, blocking answers the person. Someone
// blocked may no longer name the blocker in a personal expense or settlement; groups are not affected.
export const BLOCKED_BY_PERSON = 'Someone named here does not accept personal expenses or payments from you';
export const CANNOT_BLOCK_YOURSELF = 'You cannot block yourself';

/**
 * Who must not have blocked `callerId` for an item naming `named` (payers, participants; a settlement's two
 * sides) to be written: outside groups everyone named but the caller, each once; in a group nobody.
 */
export function peopleWhoMustNotBlock(
  groupId: string | null,
  named: readonly string[],
  callerId: string,
): string[] {
  if (groupId !== null) return [];
  return [...new Set(named)].filter((id) => id !== callerId);
}

/**
 * Whether `userId` is offered to block the person who recorded the expense: it is personal, someone else
 * recorded it, and it names them (a participant or a payer), declined or not.
 */
export function mayBlockRecorder(expense: DeclinableExpense, userId: string): boolean {
  if (expense.group_id !== null || userId === expense.created_by) return false;
  return expense.participants.includes(userId) || isPayer(expense, userId);
}
