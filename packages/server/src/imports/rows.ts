import type { components } from '@kitty/api/schema';
import {
  COMMENT_MAX_LENGTH,
  type ImportedComment,
  type ImportedExpense,
  type ImportedPart,
  type ImportedSettlement,
  isoDay,
  noonIn,
  principalPayer,
  splitDetailsToWire,
  toDecimal,
  trimText,
} from '@kitty/domain';
import type { ValidateFunction } from 'ajv';
import type { Contract } from '../http/contract';
import { HttpError } from '../http/errors';
import { createValidators, fieldErrors } from '../http/validation';
import { type ExpenseInput, type ParsedExpense, parseExpenseInput } from '../expenses/input';
import { validateSettlementInput } from '../financial/settlements';

type SettlementInput = components['schemas']['SettlementInput'];

/** A row read into what POST /expenses or POST /financial/settlements would be sent, or why it cannot be. */
export type RowOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

/** The contract's own validators of the bodies an imported row becomes (compiled once per contract). */
export interface RowValidators {
  expense: ValidateFunction;
  settlement: ValidateFunction;
}

const compiled = new WeakMap<Contract, RowValidators>();

export function rowValidators(contract: Contract): RowValidators {
  let found = compiled.get(contract);
  if (!found) {
    const compile = createValidators();
    found = {
      expense: compile({ schema: contract.schema('ExpenseInput'), httpPart: 'body' }),
      settlement: compile({ schema: contract.schema('SettlementInput'), httpPart: 'body' }),
    };
    compiled.set(contract, found);
  }
  return found;
}

/** The moment a file's date stands for: a day is 12:00 of it in `zone` (noonIn), an instant as it is. */
export function instantOf(date: string, zone: string): Date {
  const day = isoDay(date);
  return day ? noonIn(day, zone) : new Date(date);
}

/** The messages of a refusal, as one line (the row's problem). */
function messageOf(error: unknown): string {
  if (!(error instanceof HttpError)) throw error;
  const messages = (error.errors ?? []).map((e) => e.message);
  return [...new Set(messages.length > 0 ? messages : [error.message])].join('; ');
}

function checked(validate: ValidateFunction, body: unknown): string | null {
  if (validate(body)) return null;
  return [...new Set(fieldErrors(validate.errors ?? []).map((e) => e.message))].join('; ');
}

export interface ExpenseContext {
  groupId: string;
  /** The person each file member is (placeholder ids on a dry run without an account yet). */
  idOf: (member: string) => string;
  categories: ReadonlySet<string>;
  zone: string;
  now: Date;
  validators: RowValidators;
}

/** A file's category in force, else 'other' when that is, else null (the row is a problem). */
function categoryOf(category: string, categories: ReadonlySet<string>): string | null {
  if (categories.has(category)) return category;
  return categories.has('other') ? 'other' : null;
}

const amounts = (parts: readonly ImportedPart[], idOf: (m: string) => string, currency: string) =>
  Object.fromEntries(parts.map((p) => [idOf(p.member), toDecimal(p.amount, currency)]));

/**
 * The body POST /expenses would be sent for an imported expense (without its date, which recurring rules
 * leave out): exact amounts as the file has them, or Kitty's own split kind; several payers as `payers`.
 */
export function expenseBodyOf(
  e: Omit<ImportedExpense, 'line' | 'key' | 'date'>,
  ctx: Pick<ExpenseContext, 'groupId' | 'idOf' | 'categories'>,
): RowOutcome<ExpenseInput> {
  const category = categoryOf(e.category, ctx.categories);
  if (category === null) return { ok: false, message: `The category ${e.category} is not one in use` };
  const payments = e.payers.map((p) => ({ user_id: ctx.idOf(p.member), amount: p.amount }));
  const paidBy = principalPayer(payments);
  const participants = e.splits.map((s) => ctx.idOf(s.member));
  let amount: number;
  try {
    amount = toDecimal(e.amount, e.currency);
  } catch {
    return { ok: false, message: 'The amount is too large' };
  }
  // Kitty's own split kind names people as the file does: the details are keyed by the new ids.
  const byId = (record: Record<string, number> | undefined) =>
    record && Object.fromEntries(Object.entries(record).map(([member, v]) => [ctx.idOf(member), v]));
  const kind = e.splitKind?.details;
  const split_details = kind
    ? splitDetailsToWire(
        Object.fromEntries(
          Object.entries({
            percentages: byId(kind.percentages),
            shares: byId(kind.shares),
            amounts: byId(kind.amounts),
            adjustments: byId(kind.adjustments),
          }).filter(([, v]) => v !== undefined),
        ),
        e.currency,
      )
    : { amounts: amounts(e.splits, ctx.idOf, e.currency) };
  return {
    ok: true,
    value: {
      description: e.description,
      amount,
      currency: e.currency,
      category,
      group_id: ctx.groupId,
      split_type: e.splitKind?.type ?? 'exact',
      paid_by: paidBy,
      ...(e.payers.length > 1
        ? {
            payers: e.payers.map((p) => ({
              user_id: ctx.idOf(p.member),
              amount: toDecimal(p.amount, e.currency),
            })),
          }
        : {}),
      split_with: participants.filter((id) => id !== paidBy),
      participants,
      split_details,
      notes: e.notes === '' ? null : e.notes,
    } as ExpenseInput,
  };
}

/**
 * An imported expense read exactly as POST /expenses reads its body: the contract's schema of
 * ExpenseInput, then the server's own parseExpenseInput (dates, amounts, categories, split). Whatever
 * either refuses is the row's problem; the shares must come out as the file has them.
 */
export function parseImportedExpense(e: ImportedExpense, ctx: ExpenseContext): RowOutcome<ParsedExpense> {
  const body = expenseBodyOf(e, ctx);
  if (!body.ok) return body;
  const date = instantOf(e.date, ctx.zone);
  if (Number.isNaN(date.getTime())) return { ok: false, message: `The date ${e.date} is not a date` };
  const input = { ...body.value, date: date.toISOString() };
  const refused = checked(ctx.validators.expense, input);
  if (refused) return { ok: false, message: refused };
  try {
    return { ok: true, value: parseExpenseInput(input, ctx.categories, ctx.now) };
  } catch (error) {
    // Kitty's adjustment split can be valid only with its leftovers where the file had them (no share
    // below zero): then it comes in as the file's exact amounts.
    if (e.splitKind) return parseImportedExpense({ ...e, splitKind: undefined }, ctx);
    return { ok: false, message: messageOf(error) };
  }
}

/** An imported payment read as POST /financial/settlements reads its body. */
export function parseImportedSettlement(
  s: ImportedSettlement,
  ctx: Pick<ExpenseContext, 'groupId' | 'idOf' | 'zone' | 'validators'>,
): RowOutcome<{ amount: number; date: string | null; input: SettlementInput }> {
  const date = instantOf(s.date, ctx.zone);
  if (Number.isNaN(date.getTime())) return { ok: false, message: `The date ${s.date} is not a date` };
  let amount: number;
  try {
    amount = toDecimal(s.amount, s.currency);
  } catch {
    return { ok: false, message: 'The amount is too large' };
  }
  const input: SettlementInput = {
    from_user_id: ctx.idOf(s.from),
    to_user_id: ctx.idOf(s.to),
    amount,
    currency: s.currency,
    group_id: ctx.groupId,
    description: s.description,
    settlement_date: date.toISOString(),
  };
  const refused = checked(ctx.validators.settlement, input);
  if (refused) return { ok: false, message: refused };
  try {
    return { ok: true, value: { ...validateSettlementInput(input), input } };
  } catch (error) {
    return { ok: false, message: messageOf(error) };
  }
}

/**
 * A comment of the file written by someone other than the importer, as the importer's own: who the file
 * says wrote it is kept as words in the text, never as its author (docs/import.md). Cut to the comment's
 * longest length with "…" when the words make it longer (the file's text is in the file).
 */
export function importedCommentText(comment: Pick<ImportedComment, 'author' | 'text'>): string {
  const author = [...trimText(comment.author)].slice(0, 100).join('');
  const text = `Written by ${author} in the imported file: ${trimText(comment.text)}`;
  const chars = [...text];
  return chars.length <= COMMENT_MAX_LENGTH ? text : `${chars.slice(0, COMMENT_MAX_LENGTH - 1).join('')}…`;
}
