// kitty groups, group <name|id>, balances [group].
import type { CurrencyAmount } from '@kitty/api';
import { Console, Effect, Option } from 'effect';
import { Argument, Command } from 'effect/cli';
import { jsonFlag, nameOf } from '../common';
import { money, printJson, printTable, type Style, style } from '../output';
import { findGroup, listGroups } from '../resolve';
import { api, signedIn } from '../session';

const groupArgument = Argument.String('group').pipe(
  Argument.withDescription('A group: its name (any case, or the start of it) or its id'),
);

/** Amounts in other currencies: "+$3.00, -£1.00" at a terminal, "3.00 USD, -1.00 GBP" for programs. */
function others(s: Style, amounts: readonly CurrencyAmount[]): string {
  return amounts
    .map((a) =>
      s.tty ? money(s, a.amount, a.currency, true) : `${money(s, a.amount, a.currency)} ${a.currency}`,
    )
    .join(', ');
}

export const groups = Command.make('groups', { json: jsonFlag }, (input) =>
  signedIn(() =>
    Effect.gen(function* () {
      const list = yield* listGroups;
      if (input.json) return yield* printJson(list);
      const s = yield* style;
      if (list.length === 0 && s.tty) return yield* Console.log('You are in no group yet.');
      yield* printTable(
        s,
        [
          { header: 'NAME' },
          { header: 'CURRENCY' },
          { header: 'MEMBERS', align: 'right' },
          { header: 'YOUR BALANCE', align: 'right' },
          { header: 'OTHER CURRENCIES' },
          { header: 'ID' },
        ],
        list.map((g) => [
          g.name,
          g.currency,
          String(g.memberCount),
          money(s, g.balance, g.currency, true),
          others(s, g.balances),
          g.id,
        ]),
      );
    }),
  ),
).pipe(Command.withDescription('Your groups, with your balance in each (positive: you are owed)'));

export const group = Command.make('group', { group: groupArgument, json: jsonFlag }, (input) =>
  signedIn(() =>
    Effect.gen(function* () {
      const { id } = yield* findGroup(input.group);
      const detail = yield* api(
        (client, signal) => client.GET('/groups/{id}', { params: { path: { id } }, signal }),
        'Failed to fetch group',
      );
      if (input.json) return yield* printJson(detail);
      const s = yield* style;
      const rows = detail.Members.map((m) => [
        nameOf(m),
        m.email,
        money(s, detail.memberBalances[m.id] ?? 0, detail.currency, true),
        m.id,
      ]);
      if (s.tty) {
        yield* Console.log(
          `${detail.name} (${detail.currency})${detail.description ? `: ${detail.description}` : ''}`,
        );
        yield* Console.log(
          `${detail.memberCount} members · split ${detail.default_split_type} by default · id ${detail.id}\n`,
        );
      }
      yield* printTable(
        s,
        [{ header: 'MEMBER' }, { header: 'E-MAIL' }, { header: 'BALANCE', align: 'right' }, { header: 'ID' }],
        rows,
      );
      if (s.tty) {
        yield* Console.log(`\nExpenses: kitty expenses --group ${JSON.stringify(detail.name)}`);
      }
    }),
  ),
).pipe(Command.withDescription("A group's members and their balances in its currency"));

export const balances = Command.make(
  'balances',
  {
    group: groupArgument.pipe(Argument.optional),
    json: jsonFlag,
  },
  (input) =>
    signedIn(() =>
      Effect.gen(function* () {
        const s = yield* style;
        if (Option.isNone(input.group)) {
          const { data } = yield* api(
            (client, signal) => client.GET('/balance/summary', { signal }),
            'Failed to fetch balances',
          );
          if (input.json) return yield* printJson(data);
          yield* printTable(
            s,
            [{ header: 'GROUP' }, { header: 'BALANCE', align: 'right' }, { header: 'OTHER CURRENCIES' }],
            data.groups.map((g) => [g.name, money(s, g.balance, g.currency, true), others(s, g.balances)]),
          );
          if (s.tty) {
            const overall =
              data.overall.balances.length === 0 ? 'all settled' : others(s, data.overall.balances);
            yield* Console.log(`\nOverall (groups and personal expenses): ${overall}`);
          }
          return;
        }
        const found = yield* findGroup(input.group.value);
        const result = yield* api(
          (client, signal) =>
            client.GET('/financial/balances/group/{groupId}', {
              params: { path: { groupId: found.id } },
              signal,
            }),
          'Failed to fetch balances',
        );
        if (input.json) return yield* printJson(result);
        const rows = result.balances.flatMap((b) =>
          (b.currency_breakdown.length > 0
            ? b.currency_breakdown
            : [{ currency: found.currency, paid: 0, owed: 0, net: b.net_balance }]
          ).map((c) => [
            nameOf(b.user) + (s.tty && b.is_current_user ? ' (you)' : ''),
            c.currency,
            money(s, c.paid, c.currency),
            money(s, c.owed, c.currency),
            money(s, c.net, c.currency, true),
          ]),
        );
        yield* printTable(
          s,
          [
            { header: 'MEMBER' },
            { header: 'CURRENCY' },
            { header: 'PAID', align: 'right' },
            { header: 'OWED', align: 'right' },
            { header: 'NET', align: 'right' },
          ],
          rows,
        );
      }),
    ),
).pipe(
  Command.withDescription(
    'Without a group: your balance in each group. With one: what each member paid, owes and is owed, per currency',
  ),
);
