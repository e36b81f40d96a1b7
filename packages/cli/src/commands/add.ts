// kitty add <group> <amount> <description>: an expense, checked by the same domain rules and messages as the
// web form (the domain's buildExpensePayload), before anything is sent.
import { randomUUID } from 'node:crypto';
import type { Expense, User } from '@kitty/api';
import {
  DEFAULT_CATEGORY,
  defaultSplitDetails,
  groupDefaultDetails,
  localDay,
  parseAmount,
  parseDecimalText,
  parseMoney,
  SPLIT_DETAILS_FIELD,
  SPLIT_TYPE_LABELS,
  SPLIT_TYPES,
  type SplitDetails,
  type SplitType,
  type ValueKind,
  valueMessageWords,
} from '@kitty/domain';
import { buildExpensePayload, type DraftPayer, type ExpenseDraft } from '@kitty/domain/flows';
import { Console, Effect, Option } from 'effect';
import { Argument, Command, Flag } from 'effect/cli';
import { currentUserId, jsonFlag, nameOf } from '../common';
import { type CliFailure, usage } from '../errors';
import { money, moneyText, printJson, printTable, style } from '../output';
import { findGroup, findMember } from '../resolve';
import { api, signedIn } from '../session';

/** What one --share value is, as the domain's messages name it. */
const VALUE_KIND: Record<Exclude<SplitType, 'equal'>, ValueKind> = {
  percentage: 'percentage',
  shares: 'share',
  exact: 'amount',
  adjustment: 'adjustment',
};

/** "Bob=12.50" -> ["Bob", "12.50"] (the last "=" separates: names have none, values neither). */
function nameValue(text: string, flag: string): Effect.Effect<readonly [string, string], CliFailure> {
  const at = text.lastIndexOf('=');
  if (at <= 0 || at === text.length - 1) {
    return Effect.fail(usage(`${flag} takes name=value (like ${flag} Bob=12.50), not "${text}".`));
  }
  return Effect.succeed([text.slice(0, at).trim(), text.slice(at + 1).trim()] as const);
}

/**
 * One --share value in domain units, read as the web's split dialog reads its fields: amounts and adjustments
 * exactly into minor units of the currency (parseMoney), percentages and shares as plain decimals.
 */
function shareValue(
  type: Exclude<SplitType, 'equal'>,
  text: string,
  currency: string,
): Effect.Effect<number, CliFailure> {
  if (type === 'exact' || type === 'adjustment') {
    const parsed = parseMoney(text, currency);
    return parsed.ok ? Effect.succeed(parsed.value) : Effect.fail(usage(parsed.error));
  }
  return parseDecimalText(text) === null
    ? Effect.fail(usage(valueMessageWords({ id: 'valueNotNumber', values: { what: VALUE_KIND[type] } })))
    : Effect.succeed(Number(text));
}

export const add = Command.make(
  'add',
  {
    group: Argument.String('group').pipe(
      Argument.withDescription('The group (its name, the start of it, or its id)'),
    ),
    amount: Argument.String('amount').pipe(
      Argument.withDescription(
        'The total, a decimal of the currency: 12.50 (never more decimals than it has)',
      ),
    ),
    description: Argument.String('description').pipe(Argument.withDescription('What it was for')),
    split: Flag.Literals('split', SPLIT_TYPES).pipe(
      Flag.withDescription(
        "How it is shared (exact: amounts; adjustment: equal, plus or minus amounts); default: the group's default split",
      ),
      Flag.optional,
    ),
    share: Flag.String('share').pipe(
      Flag.atLeast(0),
      Flag.withMetavar('name=value'),
      Flag.withDescription(
        "One person's part (repeat for each): a percentage, a number of shares, an amount, or an adjustment. " +
          'Those named take part (all members for adjustment); others count 0',
      ),
    ),
    among: Flag.String('among').pipe(
      Flag.atLeast(0),
      Flag.withMetavar('name'),
      Flag.withDescription(
        'Who takes part (repeat for each); default: everyone named by --share, else all members',
      ),
    ),
    paidBy: Flag.String('paid-by').pipe(
      Flag.atLeast(0),
      Flag.withMetavar('name[=amount]'),
      Flag.withDescription(
        'Who paid (default: you); several people: repeat with name=amount, adding up to the total',
      ),
    ),
    currency: Flag.String('currency').pipe(
      Flag.withDescription("A currency code (default: the group's)"),
      Flag.optional,
    ),
    category: Flag.String('category').pipe(
      Flag.withDefault(DEFAULT_CATEGORY as string),
      Flag.withDescription('One of the categories of the server (GET /config/categories)'),
    ),
    date: Flag.String('date').pipe(
      Flag.withMetavar('YYYY-MM-DD'),
      Flag.withDescription('When (default: today)'),
      Flag.optional,
    ),
    notes: Flag.String('notes').pipe(Flag.withDescription('Notes, up to 1,000 characters'), Flag.optional),
    json: jsonFlag,
  },
  (input) =>
    signedIn((session) =>
      Effect.gen(function* () {
        const group = yield* findGroup(input.group);
        const me = yield* currentUserId(session);
        const currency = Option.getOrElse(input.currency, () => group.currency)
          .trim()
          .toUpperCase();
        const member = (ref: string) => findMember(group.Members, ref, me, group.name);
        // Without --split, the group's default split, as the web's Add Expense applies it.
        const groupDefault = Option.isNone(input.split) && input.share.length === 0;
        const type: SplitType = Option.getOrElse(input.split, () => group.default_split_type);
        if (groupDefault && type === 'exact') {
          return yield* Effect.fail(
            usage(
              `${group.name} splits by exact amounts by default: give each part with --share name=amount.`,
              ['Or choose another way with --split equal, percentage, shares or adjustment.'],
            ),
          );
        }

        // The people the --share values are for, with their values in domain units.
        const shares: { user: User; value: number }[] = [];
        if (type === 'equal' && input.share.length > 0) {
          return yield* Effect.fail(
            usage('--share is for the other splits: add --split percentage, shares, exact or adjustment.'),
          );
        }
        for (const text of input.share) {
          const [name, valueText] = yield* nameValue(text, '--share');
          const user = yield* member(name);
          if (shares.some((s) => s.user.id === user.id)) {
            return yield* Effect.fail(usage(`--share names ${nameOf(user)} twice.`));
          }
          shares.push({
            user,
            value: yield* shareValue(type as Exclude<SplitType, 'equal'>, valueText, currency),
          });
        }

        // Who takes part: --among, else those given a share (but everyone for an adjustment), else everyone.
        let participants: readonly User[] = group.Members;
        if (input.among.length > 0) participants = yield* Effect.forEach(input.among, member);
        else if (shares.length > 0 && type !== 'adjustment') participants = shares.map((s) => s.user);
        const ids = participants.map((p) => p.id);
        const outsider = shares.find((s) => !ids.includes(s.user.id));
        if (outsider && type !== 'equal') {
          return yield* Effect.fail(
            usage(valueMessageWords({ id: 'valueNotParticipating', values: { what: VALUE_KIND[type] } }), [
              `${nameOf(outsider.user)} is not among those taking part.`,
            ]),
          );
        }
        let details: SplitDetails =
          (groupDefault ? groupDefaultDetails(group, ids) : null) ?? defaultSplitDetails(type, ids);
        if (type !== 'equal' && shares.length > 0) {
          const values = Object.fromEntries(ids.map((id) => [id, 0]));
          for (const s of shares) values[s.user.id] = s.value;
          details = { [SPLIT_DETAILS_FIELD[type]]: values };
        }

        // Who paid: one person (all of it), or several with what each paid.
        let paidBy = me;
        let payers: DraftPayer[] = [];
        if (input.paidBy.length === 1 && !input.paidBy[0]!.includes('=')) {
          paidBy = (yield* member(input.paidBy[0]!)).id;
        } else if (input.paidBy.length > 0) {
          for (const text of input.paidBy) {
            const [name, amount] = yield* nameValue(text, '--paid-by');
            payers.push({ id: (yield* member(name)).id, amount });
          }
          paidBy = payers[0]!.id;
          if (payers.length === 1) payers = [];
        }

        const now = new Date();
        const draft: ExpenseDraft = {
          description: input.description,
          category: input.category,
          amount: input.amount,
          currency,
          split_type: type,
          split_details: details,
          participants: participants.map((p) => ({ id: p.id, display_name: nameOf(p), email: p.email })),
          paid_by: paidBy,
          payers,
          group_id: group.id,
          groupName: group.name,
          date: Option.getOrElse(input.date, () => localDay(now)),
          notes: Option.getOrElse(input.notes, () => ''),
        };
        const built = buildExpensePayload(draft, now);
        if (!built.ok) {
          const messages = Object.values(built.errors).filter((m): m is string => typeof m === 'string');
          // An amount that is not above zero has no message in the form (it does not submit): the domain's rule says why.
          if (messages.length === 0) {
            const amount = parseAmount(input.amount, currency);
            messages.push(amount.ok ? 'Amount must be greater than 0' : amount.error);
          }
          return yield* Effect.fail(usage(messages[0]!, messages.slice(1)));
        }

        // The same key on every retry: a request that arrived before the connection broke is recorded once.
        const key = randomUUID();
        const expense: Expense = yield* api(
          (client, signal) =>
            client.POST('/expenses', {
              body: built.payload,
              params: { header: { 'Idempotency-Key': key } },
              signal,
            }),
          'Failed to create expense',
        );
        if (input.json) return yield* printJson(expense);
        const s = yield* style;
        const how = SPLIT_TYPE_LABELS[expense.split_type as SplitType] ?? expense.split_type;
        yield* Console.log(
          `Added "${expense.description}" to ${group.name}: ${moneyText(s, expense.amount, expense.currency)} paid by ${expense.payer.display_name}, ${how.toLowerCase()}.`,
        );
        yield* printTable(
          s,
          [{ header: 'WHO' }, { header: 'SHARE', align: 'right' }],
          expense.ExpenseSplits.map((split) => [
            split.display_name,
            money(s, split.amount, expense.currency),
          ]),
        );
        if (s.tty) yield* Console.log(`id ${expense.id}`);
      }),
    ),
).pipe(
  Command.withDescription('Record an expense in a group, split by the same rules as the web form'),
  Command.withExamples([
    { command: 'kitty add Lisbon 90 "Dinner"', description: 'you paid, split equally among all members' },
    {
      command:
        'kitty add Lisbon 100 Tickets --split percentage --share Ada=50 --share Bob=30 --share Carol=20',
      description: 'by percentage',
    },
    {
      command: 'kitty add Lisbon 45.50 Taxi --split exact --share Ada=20 --share Bob=25.50 --paid-by Bob',
      description: 'exact amounts, Bob paid',
    },
  ]),
);
