// kitty settle <group>: the fewest transfers that settle the group (the domain's minimal plan, as the server
// computes it for the web's Settle Up dialog), and one of them recorded as paid once confirmed.
import { randomUUID } from 'node:crypto';
import type { Settlement, SettlementSuggestion } from '@kitty/api';
import { formFromSuggestion, settlementPayload } from '@kitty/domain/flows';
import { Console, Effect, Option } from 'effect';
import { Argument, Command, Flag, Prompt } from 'effect/cli';
import { canPrompt, jsonFlag } from '../common';
import { failure, usage } from '../errors';
import { money, moneyText, printJson, printTable, style } from '../output';
import { findGroup } from '../resolve';
import { api, signedIn } from '../session';

export const settle = Command.make(
  'settle',
  {
    group: Argument.String('group').pipe(
      Argument.withDescription('The group (its name, the start of it, or its id)'),
    ),
    pick: Flag.Int('pick').pipe(
      Flag.withMetavar('n'),
      Flag.withDescription('Record suggestion n (default: asked at a terminal, else the first)'),
      Flag.optional,
    ),
    yes: Flag.Boolean('yes').pipe(
      Flag.withAlias('y'),
      Flag.withDefault(false),
      Flag.withDescription('Record it without asking (scripts)'),
    ),
    list: Flag.Boolean('list').pipe(
      Flag.withDefault(false),
      Flag.withDescription('Only show the suggestions'),
    ),
    json: jsonFlag,
  },
  (input) =>
    signedIn(() =>
      Effect.gen(function* () {
        const group = yield* findGroup(input.group);
        const { suggestions } = yield* api(
          (client, signal) =>
            client.GET('/financial/settlement-suggestions/group/{groupId}', {
              params: { path: { groupId: group.id } },
              signal,
            }),
          'Failed to load settlement suggestions',
        );
        const s = yield* style;
        const done = (recorded: Settlement | null) =>
          input.json
            ? printJson({ group: { id: group.id, name: group.name }, suggestions, recorded })
            : Effect.void;

        if (!input.json) {
          if (suggestions.length === 0) {
            yield* Console.log(`Everyone in ${group.name} is settled up.`);
          } else {
            yield* printTable(
              s,
              [
                { header: '#', align: 'right' },
                { header: 'FROM' },
                { header: 'TO' },
                { header: 'AMOUNT', align: 'right' },
                { header: 'CURRENCY' },
                ...(s.tty ? [] : [{ header: 'FROM ID' }, { header: 'TO ID' }]),
              ],
              suggestions.map((t, i) => [
                String(i + 1),
                t.payer.display_name,
                t.receiver.display_name,
                money(s, t.amount, t.currency),
                t.currency,
                ...(s.tty ? [] : [t.payer.id, t.receiver.id]),
              ]),
            );
          }
        }
        if (suggestions.length === 0 || input.list) return yield* done(null);

        // Which one: --pick, else asked, else the first (the largest).
        let chosen: SettlementSuggestion;
        if (Option.isSome(input.pick)) {
          const n = input.pick.value;
          if (n < 1 || n > suggestions.length) {
            return yield* Effect.fail(usage(`--pick must be from 1 to ${suggestions.length}.`));
          }
          chosen = suggestions[n - 1]!;
        } else if (suggestions.length > 1 && !input.yes && (yield* canPrompt)) {
          chosen = yield* Prompt.run(
            Prompt.Select({
              message: 'Which payment was made?',
              choices: suggestions.map((t) => ({
                title: `${t.payer.display_name} paid ${t.receiver.display_name} ${moneyText(s, t.amount, t.currency)}`,
                description: t.explanation,
                value: t,
              })),
            }),
          );
        } else {
          chosen = suggestions[0]!;
        }
        const what = `${chosen.payer.display_name} paid ${chosen.receiver.display_name} ${moneyText(s, chosen.amount, chosen.currency)} in ${group.name}`;

        if (!input.yes) {
          if (!(yield* canPrompt)) {
            return yield* Effect.fail(
              usage(`Nothing recorded: there is no terminal to ask in. Pass --yes to record that ${what}.`),
            );
          }
          const confirmed = yield* Prompt.run(Prompt.Confirm({ message: `Record that ${what}?` }));
          if (!confirmed) return yield* Effect.fail(failure('Nothing recorded.'));
        }

        // The suggestion as the Settle Up form holds it, recorded as the web records it (the domain's payload).
        const built = settlementPayload(group.id, formFromSuggestion(chosen));
        if (!built.ok) return yield* Effect.fail(failure(built.error));
        const key = randomUUID();
        const recorded = yield* api(
          (client, signal) =>
            client.POST('/financial/settlements', {
              body: built.payload,
              params: { header: { 'Idempotency-Key': key } },
              signal,
            }),
          'Failed to record settlement',
        );
        if (input.json) return yield* done(recorded);
        yield* Console.log(`Recorded: ${what}.`);
      }),
    ),
).pipe(
  Command.withDescription(
    'The fewest payments that settle a group; record one as paid (asks first, or --yes)',
  ),
  Command.withExamples([
    { command: 'kitty settle Lisbon', description: 'shows the payments, asks which was made and confirms' },
    { command: 'kitty settle Lisbon --pick 2 --yes', description: 'records the second without asking' },
  ]),
);
