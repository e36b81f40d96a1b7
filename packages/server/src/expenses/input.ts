import type { components } from '@kitty/api/schema';
import {
  DESCRIPTION_REQUIRED,
  expenseDateError,
  hasVisibleCharacter,
  INVALID_SPLIT_TYPE,
  isKnownCurrency,
  isSplitType,
  leftoverUnits,
  PAID_BY_NOT_PRINCIPAL,
  type Payment,
  parseAmount,
  paymentsError,
  principalPayer,
  sortPayments,
  SPLIT_DETAILS_FIELD,
  trimText,
  trySplitDetailsFromWire,
  splitExpense,
  trySplitExpense,
} from '@kitty/domain';
import { type FieldError, invalid } from '../http/errors';
import type { ExpenseWrite, SplitWrite } from './repo';

export type ExpenseInput = components['schemas']['ExpenseInput'];

export const UNKNOWN_CATEGORY = 'category is not one of the expense categories';
export const SPLIT_WITH_MISMATCH = 'split_with must list the participants other than the payer';
export const INVALID_DATE = 'date must be a date and time like 2024-12-31T18:30:00Z';

/** A request body read into what is written, minus the group: every share computed by the domain. */
export type ParsedExpense = Omit<ExpenseWrite, 'group_id'>;

/**
 * Reads and checks a create or update body: the amount and every split figure parsed exactly in the
 * currency, the shares computed by `splitExpense` alone (whatever share a client sends is ignored), the
 * category one of `categories`. Throws a 400 naming each failing field; people and groups are checked by
 * the service.
 */
export function parseExpenseInput(
  body: ExpenseInput,
  categories: ReadonlySet<string>,
  now: Date = new Date(),
): ParsedExpense {
  const errors: FieldError[] = [];
  const description = trimText(body.description);
  if (!hasVisibleCharacter(description)) errors.push({ field: 'description', message: DESCRIPTION_REQUIRED });
  const currency = body.currency;
  let amount = 0;
  if (!isKnownCurrency(currency)) {
    errors.push({ field: 'currency', message: `Unknown currency ${currency}` });
  } else {
    // The domain's rule of an amount, the one the web forms show at the field.
    const parsed = parseAmount(body.amount, currency);
    if (!parsed.ok) errors.push({ field: 'amount', message: parsed.error });
    else amount = parsed.value;
  }
  const payers = isKnownCurrency(currency) ? parsePayers(body, currency, amount, errors) : [];
  if (!categories.has(body.category)) errors.push({ field: 'category', message: UNKNOWN_CATEGORY });
  const date = body.date === undefined ? now : new Date(body.date);
  if (Number.isNaN(date.getTime())) errors.push({ field: 'date', message: INVALID_DATE });
  else if (body.date !== undefined) {
    // The domain's rule, the one the forms show: from 1900 to one year after now.
    const dateError = expenseDateError(date, now);
    if (dateError) errors.push({ field: 'date', message: dateError });
  }
  const participants = body.participants;
  const others = participants.filter((id) => id !== body.paid_by);
  const splitWith = new Set(body.split_with);
  if (splitWith.size !== others.length || others.some((id) => !splitWith.has(id))) {
    errors.push({ field: 'split_with', message: SPLIT_WITH_MISMATCH });
  }
  if (errors.length > 0) throw invalid(...errors);

  const split_type = body.split_type;
  if (!isSplitType(split_type)) throw invalid({ field: 'split_type', message: INVALID_SPLIT_TYPE });
  const key = split_type === 'equal' ? null : SPLIT_DETAILS_FIELD[split_type];
  const wire = key && body.split_details?.[key] ? { [key]: body.split_details[key] } : {};
  const details = trySplitDetailsFromWire(wire, currency);
  if (!details.ok) throw invalid(splitFieldError(details.error));
  const split = trySplitExpense({ amount, participants, split_type, details: details.details });
  if (!split.ok) throw invalid(splitFieldError(split.error));

  const splits: SplitWrite[] = participants.map((user_id) => ({
    user_id,
    amount_minor: split.shares[user_id] as number,
    percentage: split_type === 'percentage' ? (details.details.percentages?.[user_id] ?? 0) : null,
    shares: split_type === 'shares' ? (details.details.shares?.[user_id] ?? 0) : null,
    adjustment_minor: split_type === 'adjustment' ? (details.details.adjustments?.[user_id] ?? 0) : null,
  }));
  return {
    description,
    amount_minor: amount,
    currency,
    category: body.category,
    date,
    notes: body.notes?.trim() ?? '',
    paid_by: body.paid_by,
    payers,
    split_type,
    split_details: details.details,
    splits,
    leftover_start: 0,
  };
}

/**
 * Who paid what, in minor units, most first: `payers` (each amount by the rules of the total, in its
 * currency; each payer once; together exactly the total; `paid_by` the principal payer), or `paid_by` for
 * all of it when there is no list. Pushes the field errors it finds (`payers.0.amount`, the schema's way of
 * naming a field of a list item; `payers`; `paid_by`).
 */
function parsePayers(body: ExpenseInput, currency: string, amount: number, errors: FieldError[]): Payment[] {
  if (body.payers === undefined) return [{ user_id: body.paid_by, amount }];
  const payments: Payment[] = [];
  body.payers.forEach((p, i) => {
    const parsed = parseAmount(p.amount, currency, 'positive');
    if (!parsed.ok) errors.push({ field: `payers.${i}.amount`, message: parsed.error });
    else payments.push({ user_id: p.user_id, amount: parsed.value });
  });
  // The sum is only worth checking once every amount and the total could be read.
  if (payments.length < body.payers.length || amount === 0) return [];
  const error = paymentsError(payments, amount);
  if (error !== null) {
    errors.push({ field: 'payers', message: error });
    return [];
  }
  if (principalPayer(payments) !== body.paid_by) {
    errors.push({ field: 'paid_by', message: PAID_BY_NOT_PRINCIPAL });
  }
  return sortPayments(payments);
}

const splitInputOf = (e: ParsedExpense, rotation: number) => ({
  amount: e.amount_minor,
  participants: e.splits.map((s) => s.user_id),
  split_type: e.split_type,
  details: e.split_details,
  rotation,
});

/** How many leftover units the expense's split hands out (what its group's count moves on by). */
export function leftoversOf(e: ParsedExpense): number {
  return leftoverUnits(splitInputOf(e, 0));
}

/** The same expense with its leftover units starting at `start` (the domain's rotation). */
export function withLeftoverStart(e: ParsedExpense, start: number): ParsedExpense {
  const shares = splitExpense(splitInputOf(e, start));
  return {
    ...e,
    leftover_start: start,
    splits: e.splits.map((s) => ({ ...s, amount_minor: shares[s.user_id] as number })),
  };
}

/**
 * An edit changes only what it sends: without `date` the expense keeps the day it happened, without
 * `notes` its notes (null or '' clear them).
 */
export function keepUnsent(
  parsed: ParsedExpense,
  body: Pick<ExpenseInput, 'date' | 'notes'>,
  current: Pick<ParsedExpense, 'date' | 'notes'>,
): ParsedExpense {
  return {
    ...parsed,
    date: body.date === undefined ? current.date : parsed.date,
    notes: body.notes === undefined ? current.notes : parsed.notes,
  };
}

/** The domain's split fields named as the request names them ('split_details.percentages', ...). */
function splitFieldError(error: { message: string; field?: string | undefined }): FieldError {
  const field = error.field ?? 'split_details';
  const top = field === 'amount' || field === 'participants' || field === 'split_type';
  return { field: top ? field : `split_details.${field}`, message: error.message };
}
