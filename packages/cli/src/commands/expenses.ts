// kitty expenses [--group g] [--search text]: newest first, as the server lists them.
import type { Expense, ExpensePage, GroupExpensePage } from '@kitty/api';
import { SPLIT_TYPE_LABELS, type SplitType } from '@kitty/domain';
import { Effect, Option } from 'effect';
import { Command, Flag } from 'effect/cli';
import { jsonFlag } from '../common';
import { type CliFailure, usage } from '../errors';
import { day, money, printJson, printTable, style } from '../output';
import { findGroup } from '../resolve';
import { api, type Connection, signedIn } from '../session';
import type { KittyClient } from '@kitty/api';

type Page = Pick<ExpensePage | GroupExpensePage, 'expenses' | 'nextCursor'>;

/** Pages of a list, `nextCursor` after `nextCursor`, until `limit` items or the end. */
function collect(
  limit: number,
  page: (
    cursor: string | undefined,
    size: number,
  ) => Effect.Effect<Page, CliFailure, KittyClient | Connection>,
) {
  return Effect.gen(function* () {
    const items: Expense[] = [];
    let cursor: string | undefined;
    do {
      const next = yield* page(cursor, Math.min(100, limit - items.length));
      items.push(...next.expenses);
      cursor = next.nextCursor ?? undefined;
    } while (cursor && items.length < limit);
    return items.slice(0, limit);
  });
}

export const expenses = Command.make(
  'expenses',
  {
    group: Flag.String('group').pipe(Flag.withDescription('Only this group (its name or id)'), Flag.optional),
    search: Flag.String('search').pipe(
      Flag.withDescription('Only those whose description (or group name) contains this, in any case'),
      Flag.optional,
    ),
    limit: Flag.Int('limit').pipe(
      Flag.withDefault(50),
      Flag.withDescription('At most this many (newest first)'),
    ),
    json: jsonFlag,
  },
  (input) =>
    signedIn(() =>
      Effect.gen(function* () {
        if (input.limit < 1) return yield* Effect.fail(usage('--limit must be at least 1.'));
        const search = Option.getOrUndefined(input.search)?.trim() || undefined;
        let list: Expense[];
        if (Option.isSome(input.group)) {
          const { id } = yield* findGroup(input.group.value);
          // The group's list has no search on the server: the same match (description, any case) is made here.
          const wanted = search?.toLocaleLowerCase();
          const all = yield* collect(wanted ? Number.MAX_SAFE_INTEGER : input.limit, (cursor, limit) =>
            api(
              (client, signal) =>
                client.GET('/expenses/group/{id}', {
                  params: { path: { id }, query: { limit, ...(cursor ? { cursor } : {}) } },
                  signal,
                }),
              'Failed to fetch expenses',
            ),
          );
          list = (wanted ? all.filter((e) => e.description.toLocaleLowerCase().includes(wanted)) : all).slice(
            0,
            input.limit,
          );
        } else {
          list = yield* collect(input.limit, (cursor, limit) =>
            api(
              (client, signal) =>
                client.GET('/expenses/user', {
                  params: { query: { limit, ...(cursor ? { cursor } : {}), ...(search ? { search } : {}) } },
                  signal,
                }),
              'Failed to fetch expenses',
            ),
          );
        }
        if (input.json) return yield* printJson(list);
        const s = yield* style;
        yield* printTable(
          s,
          [
            { header: 'DATE' },
            { header: 'DESCRIPTION' },
            { header: 'AMOUNT', align: 'right' },
            { header: 'CURRENCY' },
            { header: 'PAID BY' },
            { header: 'SPLIT' },
            { header: 'GROUP' },
            { header: 'ID' },
          ],
          list.map((e) => [
            day(e.date),
            e.description,
            money(s, e.amount, e.currency),
            e.currency,
            (e.payers ?? []).length > 1
              ? (e.payers ?? []).map((p) => p.display_name).join(' + ')
              : e.payer.display_name,
            s.tty ? (SPLIT_TYPE_LABELS[e.split_type as SplitType] ?? e.split_type) : e.split_type,
            e.groupName ?? '',
            e.id,
          ]),
        );
      }),
    ),
).pipe(Command.withDescription("Your expenses (or a group's), newest first"));
