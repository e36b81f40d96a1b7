import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  chooseWhoWords,
  IMPORT_CHECKING,
  IMPORT_NEEDS_CONTENT,
  IMPORT_NEEDS_GROUP_NAME,
  IMPORT_NOTHING_NEW,
  importBlocker,
  importChecking,
  importGroupName,
  importMachine,
  type ImportPreview,
  type ImportPreviewMember,
  type ImportRequestBody,
  importStep,
} from './importMachine';

const CSV =
  'Date,Description,Category,Cost,Currency,Ana,Bob\n2026-01-05,Pizza,Dining out,20.00,EUR,10.00,-10.00\n';

function preview(members: ImportPreviewMember[], extra: Partial<ImportPreview> = {}): ImportPreview {
  return {
    dry_run: true,
    format: 'splitwise-csv',
    group_id: null,
    group_name: null,
    rows: 1,
    expenses: 1,
    settlements: 0,
    already_imported: 0,
    recognised: [],
    date_from: '2026-01-05',
    date_to: '2026-01-05',
    currencies: ['EUR'],
    assumed_currency: null,
    members,
    problems: [],
    balances: [],
    recurring: [],
    ...extra,
  };
}

const unmapped = (name: string): ImportPreviewMember => ({
  name,
  email: null,
  status: 'unmapped',
  user_id: null,
  rows: 1,
});

/** A fake server: a member is an account when the address ends in @kitty.test, else invited. */
function answer(body: ImportRequestBody, extra: Partial<ImportPreview> = {}): ImportPreview {
  const members = ['Ana', 'Bob'].map((name): ImportPreviewMember => {
    const email = body.members?.[name] ?? null;
    if (!email) return unmapped(name);
    const status = email.endsWith('@kitty.test') ? 'account' : 'invitation';
    return { name, email, status, user_id: status === 'account' ? `u-${name}` : null, rows: 1 };
  });
  return preview(members, { dry_run: body.dryRun, group_name: 'Trip', ...extra });
}

interface Fakes {
  dryRun?: (body: ImportRequestBody) => Promise<ImportPreview>;
  runImport?: (body: ImportRequestBody) => Promise<ImportPreview>;
}

function start(fakes: Fakes = {}, groupId: string | null = null) {
  const dryRuns: ImportRequestBody[] = [];
  const imports: { body: ImportRequestBody; idempotencyKey: string | null }[] = [];
  let key = 0;
  const machine = importMachine.provide({
    delays: { recheckDelay: 0 },
    actors: {
      dryRun: fromPromise<ImportPreview, { body: ImportRequestBody }>(({ input }) => {
        dryRuns.push(input.body);
        return fakes.dryRun ? fakes.dryRun(input.body) : Promise.resolve(answer(input.body));
      }),
      runImport: fromPromise<ImportPreview, { body: ImportRequestBody; idempotencyKey: string | null }>(
        ({ input }) => {
          imports.push(input);
          return fakes.runImport
            ? fakes.runImport(input.body)
            : Promise.resolve(answer(input.body, { group_id: 'g-new' }));
        },
      ),
    },
  });
  const actor = createActor(machine, {
    input: { groupId, timeZone: 'Europe/Paris', newIdempotencyKey: () => `key-${++key}` },
  });
  const done: (string | null)[] = [];
  actor.on('import.done', (event) => done.push(event.groupId));
  actor.start();
  return { actor, dryRuns, imports, done };
}

type Actor = ReturnType<typeof start>['actor'];
const step = (actor: Actor) => importStep(actor.getSnapshot());
const settled = (actor: Actor) =>
  waitFor(actor, (s) => s.matches({ preview: 'ready' }) || !s.matches('preview'));

async function toPreview(actor: Actor) {
  actor.send({ type: 'import.content', content: CSV, fileName: 'trip.csv' });
  actor.send({ type: 'import.preview' });
  expect(step(actor)).toBe('previewing');
  await waitFor(actor, (s) => s.matches('preview'));
}

describe('importMachine', () => {
  it('previewing sends a dry run of the text in the chosen format with the browser time zone', async () => {
    const { actor, dryRuns } = start();
    actor.send({ type: 'import.format', format: 'splitwise-csv' });
    await toPreview(actor);
    expect(dryRuns).toEqual([
      { format: 'splitwise-csv', content: CSV, dryRun: true, time_zone: 'Europe/Paris' },
    ]);
    expect(actor.getSnapshot().context.preview?.members.map((m) => m.status)).toEqual([
      'unmapped',
      'unmapped',
    ]);
  });

  it('the format is detected automatically unless the person picks one', async () => {
    const { actor, dryRuns } = start();
    await toPreview(actor);
    expect(dryRuns[0]?.format).toBe('auto');
  });

  it('nothing is previewed without a file or text: the file field says why', () => {
    const { actor, dryRuns } = start();
    actor.send({ type: 'import.content', content: '   \n' });
    actor.send({ type: 'import.preview' });
    expect(step(actor)).toBe('choosing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ content: IMPORT_NEEDS_CONTENT });
    expect(dryRuns).toHaveLength(0);
  });

  it('a file the server cannot read returns to choosing with its line on the file', async () => {
    const refusal = {
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Validation failed',
      data: { errors: [{ field: 'content', message: 'Line 3: a quote is not closed' }] },
    };
    const { actor } = start({ dryRun: () => Promise.reject(refusal) });
    actor.send({ type: 'import.content', content: CSV });
    actor.send({ type: 'import.preview' });
    const snap = await waitFor(actor, (s) => s.matches('choosing'));
    expect(snap.context.fieldErrors).toEqual({ content: 'Line 3: a quote is not closed' });
    expect(snap.context.failure).toBe(refusal);
    actor.send({ type: 'import.content', content: `${CSV}\n` });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('changing a member address runs the dry run again with the mapping, and the status follows', async () => {
    const { actor, dryRuns } = start();
    await toPreview(actor);
    actor.send({ type: 'import.map', name: 'Ana', email: ' ana@kitty.test ' });
    expect(importChecking(actor.getSnapshot())).toBe(true);
    const snap = await settled(actor);
    expect(dryRuns.at(-1)?.members).toEqual({ Ana: 'ana@kitty.test' });
    expect(snap.context.preview?.members.map((m) => m.status)).toEqual(['account', 'unmapped']);
    expect(importChecking(snap)).toBe(false);
  });

  it('choosing the currency of a file that does not say it previews again in that currency and imports in it', async () => {
    const { actor, dryRuns, imports } = start();
    await toPreview(actor);
    expect(dryRuns[0]?.currency).toBeUndefined();
    actor.send({ type: 'import.currency', currency: 'CHF' });
    await settled(actor);
    expect(dryRuns.at(-1)?.currency).toBe('CHF');
    actor.send({ type: 'import.map', name: 'Ana', email: 'ana@kitty.test' });
    actor.send({ type: 'import.map', name: 'Bob', email: 'bob@kitty.test' });
    await settled(actor);
    actor.send({ type: 'import.start' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(imports[0]?.body.currency).toBe('CHF');
  });

  it('typing an address checks it once it rests, not per key', async () => {
    const { actor, dryRuns } = start();
    await toPreview(actor);
    for (const email of ['b', 'bo', 'bob@x.test']) actor.send({ type: 'import.map', name: 'Bob', email });
    await settled(actor);
    expect(dryRuns.slice(1).map((b) => b.members)).toEqual([{ Bob: 'bob@x.test' }]);
  });

  it('addresses the preview knows (a file or group member) are prefilled and sent back', async () => {
    const { actor, dryRuns } = start({
      dryRun: (body) =>
        Promise.resolve(
          preview([
            { name: 'Ana', email: 'ana@kitty.test', status: 'member', user_id: 'u1', rows: 1 },
            body.members?.Bob
              ? { name: 'Bob', email: body.members.Bob, status: 'invitation', user_id: null, rows: 1 }
              : unmapped('Bob'),
          ]),
        ),
    });
    await toPreview(actor);
    expect(actor.getSnapshot().context.mapping).toEqual({ Ana: 'ana@kitty.test' });
    actor.send({ type: 'import.map', name: 'Bob', email: 'bob@x.test' });
    await settled(actor);
    expect(dryRuns.at(-1)?.members).toEqual({ Ana: 'ana@kitty.test', Bob: 'bob@x.test' });
  });

  it('the import waits while a member is unmapped, and says who', async () => {
    const { actor, imports } = start();
    await toPreview(actor);
    const { context } = actor.getSnapshot();
    expect(importBlocker(context, false)).toBe('Choose who Ana and Bob are');
    actor.send({ type: 'import.start' });
    expect(step(actor)).toBe('preview');
    expect(imports).toHaveLength(0);
  });

  it('the import waits while the mapping is being checked', async () => {
    const { actor } = start();
    await toPreview(actor);
    actor.send({ type: 'import.map', name: 'Ana', email: 'ana@kitty.test' });
    expect(importBlocker(actor.getSnapshot().context, importChecking(actor.getSnapshot()))).toBe(
      IMPORT_CHECKING,
    );
  });

  it('a mapped new-group import writes with the preview name by default, and announces the new group', async () => {
    const { actor, imports, done } = start();
    await toPreview(actor);
    actor.send({ type: 'import.map', name: 'Ana', email: 'ana@kitty.test' });
    actor.send({ type: 'import.map', name: 'Bob', email: 'bob@x.test' });
    await settled(actor);
    actor.send({ type: 'import.start' });
    expect(step(actor)).toBe('importing');
    await waitFor(actor, (s) => s.status === 'done');
    expect(imports).toEqual([
      {
        body: {
          format: 'auto',
          content: CSV,
          dryRun: false,
          group_name: 'Trip',
          members: { Ana: 'ana@kitty.test', Bob: 'bob@x.test' },
          time_zone: 'Europe/Paris',
        },
        idempotencyKey: 'key-1',
      },
    ]);
    expect(done).toEqual(['g-new']);
  });

  it('a new group needs a name: an emptied name blocks the import and says so', async () => {
    const { actor } = start();
    await toPreview(actor);
    actor.send({ type: 'import.map', name: 'Ana', email: 'ana@kitty.test' });
    actor.send({ type: 'import.map', name: 'Bob', email: 'bob@kitty.test' });
    await settled(actor);
    actor.send({ type: 'import.groupName', name: '  ' });
    expect(importBlocker(actor.getSnapshot().context, false)).toBe(IMPORT_NEEDS_GROUP_NAME);
    actor.send({ type: 'import.groupName', name: 'Lisbon' });
    actor.send({ type: 'import.start' });
    expect(actor.getSnapshot().context.sent?.body).toContain('"group_name":"Lisbon"');
  });

  it('into an existing group: the group id is sent, never a name, and done opens that group', async () => {
    const { actor, dryRuns, imports, done } = start(
      { runImport: (body) => Promise.resolve(answer(body, { group_id: 'g1' })) },
      'g1',
    );
    await toPreview(actor);
    expect(dryRuns[0]?.group_id).toBe('g1');
    actor.send({ type: 'import.map', name: 'Ana', email: 'ana@kitty.test' });
    actor.send({ type: 'import.map', name: 'Bob', email: 'bob@kitty.test' });
    await settled(actor);
    actor.send({ type: 'import.start' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(imports[0]?.body.group_id).toBe('g1');
    expect(imports[0]?.body.group_name).toBeUndefined();
    expect(done).toEqual(['g1']);
  });

  it('a file already imported into the group has nothing new: the import says so and waits', async () => {
    const { actor } = start(
      {
        dryRun: () =>
          Promise.resolve(
            preview([{ name: 'Ana', email: 'a@kitty.test', status: 'member', user_id: 'u', rows: 1 }], {
              expenses: 0,
              already_imported: 1,
            }),
          ),
      },
      'g1',
    );
    await toPreview(actor);
    expect(importBlocker(actor.getSnapshot().context, false)).toBe(IMPORT_NOTHING_NEW);
  });

  it('a refused member address fails with it at that member; editing it checks again', async () => {
    let refuse = true;
    const refusal = {
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Validation failed',
      data: { errors: [{ field: 'members.Bob', message: 'Please enter a valid email' }] },
    };
    const { actor, imports } = start({
      runImport: (body) => (refuse ? Promise.reject(refusal) : Promise.resolve(answer(body))),
    });
    await toPreview(actor);
    actor.send({ type: 'import.map', name: 'Ana', email: 'ana@kitty.test' });
    actor.send({ type: 'import.map', name: 'Bob', email: 'bob@x.test' });
    await settled(actor);
    actor.send({ type: 'import.start' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.fieldErrors).toEqual({ 'members.Bob': 'Please enter a valid email' });
    expect(failed.context.preview).not.toBeNull();
    actor.send({ type: 'import.start' });
    expect(step(actor)).toBe('failed');
    refuse = false;
    actor.send({ type: 'import.map', name: 'Bob', email: 'bob@y.test' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    await settled(actor);
    actor.send({ type: 'import.start' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(imports.map((i) => i.idempotencyKey)).toEqual(['key-1', 'key-2']);
  });

  it('a retry of the same import after no answer reuses its idempotency key', async () => {
    let attempt = 0;
    const { actor, imports } = start({
      runImport: (body) =>
        attempt++ === 0 ? Promise.reject({ status: 0 }) : Promise.resolve(answer(body, { group_id: 'g' })),
    });
    await toPreview(actor);
    actor.send({ type: 'import.map', name: 'Ana', email: 'ana@kitty.test' });
    actor.send({ type: 'import.map', name: 'Bob', email: 'bob@kitty.test' });
    await settled(actor);
    actor.send({ type: 'import.start' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'import.start' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(imports.map((i) => i.idempotencyKey)).toEqual(['key-1', 'key-1']);
  });

  it('back from the preview returns to choosing with the text kept', async () => {
    const { actor } = start();
    await toPreview(actor);
    actor.send({ type: 'import.back' });
    expect(step(actor)).toBe('choosing');
    expect(actor.getSnapshot().context.content).toBe(CSV);
    expect(actor.getSnapshot().context.fileName).toBe('trip.csv');
  });
});

describe('import words', () => {
  it('names the members still to map', () => {
    expect(chooseWhoWords(['Chloé'])).toBe('Choose who Chloé is');
    expect(chooseWhoWords(['Ana', 'Bob', 'Chloé'])).toBe('Choose who Ana, Bob and Chloé are');
  });
});

describe('the new group name', () => {
  it('defaults to the name the file gives, else "Imported from <app>"', async () => {
    const { actor, imports } = start({
      dryRun: (body) => Promise.resolve({ ...answer(body), group_name: null }),
      runImport: (body) => Promise.resolve(answer(body, { group_id: 'g' })),
    });
    await toPreview(actor);
    expect(importGroupName(actor.getSnapshot().context)).toBe('Imported from Splitwise');
    actor.send({ type: 'import.map', name: 'Ana', email: 'ana@kitty.test' });
    actor.send({ type: 'import.map', name: 'Bob', email: 'bob@kitty.test' });
    await settled(actor);
    actor.send({ type: 'import.start' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(imports[0]?.body.group_name).toBe('Imported from Splitwise');
  });
});
