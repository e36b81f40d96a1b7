// kitty export <group> and kitty import <file>: the web's "Export CSV" and "Download everything (JSON)", and
// POST /imports (Splitwise, Spliit, IHateMoney, Cospend, SplitPro or another Kitty).
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import type { components } from '@kitty/api';
import { CSV_BOM, groupCsv, IMPORT_FORMATS, trimText, validateGroupName } from '@kitty/domain';
import { Console, Effect, Option } from 'effect';
import { Argument, Command, Flag } from 'effect/cli';
import { jsonFlag } from '../common';
import { CliFailure, failure, usage } from '../errors';
import { count, printJson, printTable, style } from '../output';
import { findGroup } from '../resolve';
import { api, signedIn } from '../session';

type ImportRequest = components['schemas']['ImportRequest'];

/** What `kitty import --format` takes: the domain's formats, or `auto` (the server recognises the file). */
const FORMATS = ['auto', ...IMPORT_FORMATS] as const satisfies readonly ImportRequest['format'][];

export const exportGroup = Command.make(
  'export',
  {
    group: Argument.String('group').pipe(
      Argument.withDescription('The group (its name, the start of it, or its id)'),
    ),
    csv: Flag.Boolean('csv').pipe(
      Flag.withDefault(false),
      Flag.withDescription('Every expense and payment as CSV, as the web exports it (the default)'),
    ),
    json: Flag.Boolean('json').pipe(
      Flag.withDefault(false),
      Flag.withDescription(
        'The whole group as Kitty JSON, which `kitty import` reads back (docs/export-format.md)',
      ),
    ),
    output: Flag.String('output').pipe(
      Flag.withAlias('o'),
      Flag.withMetavar('file'),
      Flag.withDescription('Write to this file (default: stdout)'),
      Flag.optional,
    ),
  },
  (input) =>
    signedIn(() =>
      Effect.gen(function* () {
        if (input.csv && input.json) return yield* Effect.fail(usage('Choose one of --csv and --json.'));
        const { id, name } = yield* findGroup(input.group);
        let text: string;
        let counts: string;
        if (input.json) {
          const archive = yield* api(
            (client, signal) => client.GET('/groups/{id}/archive', { params: { path: { id } }, signal }),
            'Failed to export group',
          );
          text = `${JSON.stringify(archive, null, 2)}\n`;
          counts = `${count(archive.expenses.length, 'expense')}, ${count(archive.settlements.length, 'payment')}`;
        } else {
          const data = yield* api(
            (client, signal) =>
              client.GET('/groups/{groupId}/export', { params: { path: { groupId: id } }, signal }),
            'Failed to export group',
          );
          text = groupCsv(data);
          counts = `${count(data.expenses.length, 'expense')}, ${count(data.settlements.length, 'payment')}`;
        }
        if (Option.isNone(input.output)) return yield* Effect.sync(() => process.stdout.write(text));
        const file = input.output.value;
        // A file gets the byte-order mark the web's download has (spreadsheets then read it as UTF-8).
        const bytes = input.json ? text : CSV_BOM + text;
        yield* Effect.tryPromise({
          try: () => writeFile(file, bytes, 'utf8'),
          catch: (error) => failure(`Cannot write ${file}: ${(error as Error).message}`),
        });
        yield* Console.log(`Wrote ${name} to ${file} (${counts}).`);
      }),
    ),
).pipe(
  Command.withDescription('Export a group: CSV (default) or Kitty JSON (everything, importable again)'),
  Command.withExamples([
    { command: 'kitty export Lisbon -o lisbon.csv', description: 'the CSV the web exports' },
    { command: 'kitty export Lisbon --json -o lisbon.json', description: 'everything, for `kitty import`' },
  ]),
);

export const importFile = Command.make(
  'import',
  {
    file: Argument.String('file').pipe(Argument.withDescription('The exported file (CSV or JSON)')),
    format: Flag.Literals('format', FORMATS).pipe(
      Flag.withDefault('auto' as (typeof FORMATS)[number]),
      Flag.withDescription('What the file is (default: found from its content)'),
    ),
    group: Flag.String('group').pipe(
      Flag.withDescription('Import into this group of yours (default: a new group)'),
      Flag.optional,
    ),
    name: Flag.String('name').pipe(
      Flag.withDescription("The new group's name (default: the file's)"),
      Flag.optional,
    ),
    member: Flag.String('member').pipe(
      Flag.atLeast(0),
      Flag.withMetavar('name=email'),
      Flag.withDescription(
        'Who a person named in the file is (repeat for each the file gives no address for)',
      ),
    ),
    currency: Flag.String('currency').pipe(
      Flag.withDescription(
        "The currency of rows whose file does not say it (default: the group's, else yours)",
      ),
      Flag.optional,
    ),
    dryRun: Flag.Boolean('dry-run').pipe(
      Flag.withDefault(false),
      Flag.withDescription('Only show what would be imported (nothing is written)'),
    ),
    json: jsonFlag,
  },
  (input) =>
    signedIn(() =>
      Effect.gen(function* () {
        // The web's rule for a group's name (a name that shows nothing is none), before anything is read or sent.
        const refusedName = Option.isSome(input.name) ? validateGroupName(input.name.value).name : undefined;
        if (refusedName) return yield* Effect.fail(usage(`--name: ${refusedName}`));
        const content = yield* Effect.tryPromise({
          try: () => readFile(input.file, 'utf8'),
          catch: (error) => failure(`Cannot read ${input.file}: ${(error as Error).message}`),
        });
        const members: Record<string, string> = {};
        for (const text of input.member) {
          const at = text.lastIndexOf('=');
          if (at <= 0) return yield* Effect.fail(usage(`--member takes name=email, not "${text}".`));
          members[text.slice(0, at).trim()] = text.slice(at + 1).trim();
        }
        const groupId = Option.isSome(input.group) ? (yield* findGroup(input.group.value)).id : undefined;
        const body: ImportRequest = {
          format: input.format,
          content,
          dryRun: input.dryRun,
          ...(groupId ? { group_id: groupId } : {}),
          ...(Option.isSome(input.name) ? { group_name: trimText(input.name.value) } : {}),
          ...(Object.keys(members).length > 0 ? { members } : {}),
          ...(Option.isSome(input.currency) ? { currency: input.currency.value.trim().toUpperCase() } : {}),
          // Dates without a time are days of this machine's calendar, as the browser's are on the web.
          time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
        };
        const key = randomUUID();
        const result = yield* api(
          (client, signal) =>
            client.POST('/imports', { body, params: { header: { 'Idempotency-Key': key } }, signal }),
          'Import failed',
        ).pipe(
          Effect.mapError((error) =>
            [error.message, ...(error.details ?? [])].some((line) => line.startsWith('members.'))
              ? new CliFailure({
                  ...error,
                  details: [
                    ...(error.details ?? []),
                    "Say who each is: --member 'Name=email' (repeat for each).",
                  ],
                })
              : error,
          ),
        );
        if (input.json) return yield* printJson(result);
        const s = yield* style;
        const into = result.group_name ? `"${result.group_name}"` : 'a new group';
        yield* Console.log(
          result.dry_run
            ? `Preview (${result.format}, nothing written): ${count(result.expenses, 'expense')} and ${count(result.settlements, 'payment')} would be imported into ${into}.`
            : `Imported ${count(result.expenses, 'expense')} and ${count(result.settlements, 'payment')} (${result.format}) into ${into}${result.group_id ? ` (id ${result.group_id})` : ''}.`,
        );
        if (result.already_imported > 0) {
          yield* Console.log(
            `${count(result.already_imported, 'row')} already imported before: not written again.`,
          );
        }
        if (s.tty && result.members.length > 0) {
          yield* printTable(
            s,
            [
              { header: 'IN THE FILE' },
              { header: 'IS' },
              { header: 'AS' },
              { header: 'ROWS', align: 'right' },
            ],
            result.members.map((m) => [
              m.name,
              m.email ?? '(choose with --member)',
              m.status,
              String(m.rows),
            ]),
          );
        }
        for (const problem of result.problems) {
          yield* Console.error(`line ${problem.line}: ${problem.message}`);
        }
      }),
    ),
).pipe(
  Command.withDescription(
    'Import a group exported from Splitwise, Spliit, IHateMoney, Cospend, SplitPro or Kitty',
  ),
  Command.withExamples([
    { command: 'kitty import lisbon.json --dry-run', description: 'what would be imported' },
    {
      command: "kitty import splitwise.csv --member 'Bob=bob@example.com'",
      description: 'saying who Bob is',
    },
  ]),
);
