// `kitty` as a person and a script use it: a subprocess against a real Kitty server (PGlite in a temporary
// folder), its output read the way a script reads it (tab-separated rows, JSON) and its exit codes checked.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CSV_BOM, CSV_HEADER, formatMoney, minimalTransfers, parseMoney } from '@kitty/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundleKitty,
  call,
  configHome,
  type KittyServer,
  kitty,
  kittyInTerminal,
  misbehavingServer,
  nobodyListening,
  type Person,
  register,
  removeBundle,
  rows,
  startServer,
} from './support';

let server: KittyServer;
let ada: Person;
let home: { dir: string; remove: () => void };
/** Who carried which cent of the 0.03 "Stamps" (where a leftover cent goes turns with the group). */
let stamps: { Ada: number; Carol: number };
let group: { id: string; name: string; Members: { id: string; email: string; first_name: string }[] };

/** `kitty ...args` as Ada (her config folder), with more environment if given. */
const run = (args: readonly string[], env: Record<string, string> = {}, input?: string) =>
  kitty(args, { configHome: home.dir, env, ...(input === undefined ? {} : { input }) });

/** The id of the member whose first name is `first`. */
const idOf = (first: string) => group.Members.find((m) => m.first_name === first)!.id;

/** `kitty ... --json` parsed; the run must succeed. */
async function json<T>(args: readonly string[]): Promise<T> {
  const result = await run([...args, '--json']);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as T;
}

interface ExpenseJson {
  id: string;
  description: string;
  amount: number;
  split_type: string;
  paid_by: string;
  ExpenseSplits: { user_id: string; amount: number }[];
}

/** Each participant's share in cents, by first name. */
const sharesOf = (expense: ExpenseJson) =>
  Object.fromEntries(
    expense.ExpenseSplits.map((s) => [
      group.Members.find((m) => m.id === s.user_id)!.first_name,
      (parseMoney(s.amount, 'EUR') as { value: number }).value,
    ]),
  );

beforeAll(async () => {
  [server] = await Promise.all([startServer(), bundleKitty()]);
  home = configHome();
  ada = await register(server.url, 'Ada', 'Lovelace');
  // The group is made through the API (the command line has no command for it): Ada, and two people she
  // adds by e-mail, who are invited.
  group = await call(server.url, ada.token, 'POST', '/groups', {
    name: 'Lisbon trip',
    currency: 'EUR',
    members: [
      { email: 'bob@example.com', first_name: 'Bob', last_name: 'Builder' },
      { email: 'carol@example.com', first_name: 'Carol', last_name: 'Danvers' },
    ],
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  home?.remove();
  removeBundle();
});

describe('kitty against a real server', () => {
  it('shows its commands with --help (exit 0) and refuses an unknown one (exit 2), as `pnpm kitty` runs it', async () => {
    const [help, bogus] = await Promise.all([
      kitty(['--help'], { configHome: home.dir, launcher: true }),
      kitty(['bogus'], { configHome: home.dir, launcher: true }),
    ]);
    expect(help.code).toBe(0);
    for (const command of [
      'login',
      'logout',
      'whoami',
      'groups',
      'group',
      'balances',
      'add',
      'expenses',
      'settle',
      'export',
      'import',
    ]) {
      expect(help.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
    }
    expect(bogus.code).toBe(2);
    expect(bogus.stderr).toContain('Unknown subcommand "bogus"');
    const version = await run(['--version']);
    expect(version.stdout).toBe(
      `kitty v${JSON.parse(readFileSync(join(import.meta.dirname, '../package.json'), 'utf8')).version}\n`,
    );
  });

  it('says so when nobody is signed in (exit 3)', async () => {
    const result = await run(['groups']);
    expect(result.code).toBe(3);
    expect(result.stderr).toBe('kitty: Not signed in: run `kitty login` first.\n');
    expect(result.stdout).toBe('');
  });

  it('refuses a wrong password with the server message (exit 4) and keeps nothing', async () => {
    const result = await run(['login', '--server', server.url, '--email', ada.email], {
      KITTY_PASSWORD: 'not-her-password',
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toBe('kitty: Invalid email or password\n');
    expect(() => statSync(join(home.dir, 'kitty-expenses', 'config.json'))).toThrow();
  });

  it('refuses to ask for a password without a terminal (exit 2)', async () => {
    const result = await run(['login', '--server', server.url, '--email', ada.email]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('set KITTY_PASSWORD or pass --password-stdin');
  });

  it('signs in with the password on stdin and keeps the token readable only by its owner', async () => {
    const result = await run(
      ['login', '--server', `${server.url}/api/`, '--email', ada.email, '--password-stdin'],
      {},
      `${ada.password}\n`,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`Signed in to ${server.url} as Ada <${ada.email}>.\n`);
    const file = join(home.dir, 'kitty-expenses', 'config.json');
    expect(result.stderr).toContain(`Your session is kept in ${file} (readable only by you).`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(home.dir, 'kitty-expenses')).mode & 0o777).toBe(0o700);
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    expect(stored).toMatchObject({ server: server.url, email: ada.email, user: { id: ada.id } });
    expect(typeof stored.token).toBe('string');
    expect(readFileSync(file, 'utf8')).not.toContain(ada.password);

    const who = await json<{ server: string; user: { id: string; email: string } }>(['whoami']);
    expect(who).toMatchObject({ server: server.url, user: { id: ada.id, email: ada.email } });
  });

  it('signs in with KITTY_PASSWORD too (scripts)', async () => {
    const result = await run(['login', '--server', server.url, '--email', ada.email], {
      KITTY_PASSWORD: ada.password,
    });
    expect(result.code).toBe(0);
  });

  it('lists the groups: tab-separated rows when piped, JSON with --json', async () => {
    const plain = await run(['groups']);
    expect(plain.code).toBe(0);
    expect(rows(plain.stdout)).toEqual([['Lisbon trip', 'EUR', '3', '0.00', '', group.id]]);
    const list = await json<{ id: string; name: string }[]>(['groups']);
    expect(list.map((g) => g.name)).toEqual(['Lisbon trip']);
    const detail = await json<{ id: string; Members: unknown[] }>(['group', 'lisbon']);
    expect(detail.id).toBe(group.id);
    expect(detail.Members).toHaveLength(3);
  });

  it('adds an expense of each split type, shared to the cent as the domain splits it', async () => {
    const equal = await json<ExpenseJson>(['add', 'Lisbon', '90', 'Dinner']);
    expect(equal.split_type).toBe('equal');
    expect(equal.paid_by).toBe(ada.id);
    expect(sharesOf(equal)).toEqual({ Ada: 3000, Bob: 3000, Carol: 3000 });

    const percentage = await json<ExpenseJson>([
      'add',
      'lisbon trip',
      '100',
      'Tickets',
      '--split',
      'percentage',
      '--share',
      'ada=50',
      '--share',
      'Bob Builder=30',
      '--share',
      'carol@example.com=20',
    ]);
    expect(sharesOf(percentage)).toEqual({ Ada: 5000, Bob: 3000, Carol: 2000 });

    const shares = await json<ExpenseJson>([
      'add',
      group.id,
      '60',
      'Groceries',
      '--split',
      'shares',
      '--share',
      'me=1',
      '--share',
      'bob=2',
    ]);
    expect(sharesOf(shares)).toEqual({ Ada: 2000, Bob: 4000 });

    const exact = await json<ExpenseJson>([
      'add',
      'Lis',
      '45.50',
      'Taxi',
      '--split',
      'exact',
      '--share',
      'Ada=20',
      '--share',
      'Bob=25.50',
      '--paid-by',
      'Bob',
    ]);
    expect(exact.paid_by).toBe(idOf('Bob'));
    expect(sharesOf(exact)).toEqual({ Ada: 2000, Bob: 2550 });

    const adjustment = await json<ExpenseJson>([
      'add',
      'Lisbon',
      '30',
      'Museum',
      '--split',
      'adjustment',
      '--share',
      'Bob=6',
    ]);
    expect(sharesOf(adjustment)).toEqual({ Ada: 800, Bob: 1400, Carol: 800 });
  });

  it('prints what it added in plain words and rows when piped', async () => {
    const result = await run(['add', 'Lisbon', '0.03', 'Stamps', '--among', 'Ada', '--among', 'Carol']);
    expect(result.code).toBe(0);
    const [sentence, ...shares] = result.stdout.trimEnd().split('\n');
    expect(sentence).toBe('Added "Stamps" to Lisbon trip: 0.03 EUR paid by Ada, split equally.');
    // Three cents between two people: one of them carries the leftover cent, the total stays exact.
    const cents = Object.fromEntries(
      shares.map((line) => line.split('\t')).map(([who, amount]) => [who, Math.round(Number(amount) * 100)]),
    );
    expect(Object.keys(cents).sort()).toEqual(['Ada', 'Carol Danvers']);
    expect(Object.values(cents).sort()).toEqual([1, 2]);
    stamps = { Ada: cents.Ada!, Carol: cents['Carol Danvers']! };
  });

  it("refuses what the web form refuses, with the domain's message (exit 2), and sends nothing", async () => {
    const before = (await json<unknown[]>(['expenses', '--group', 'Lisbon'])).length;
    const cases: [string[], string][] = [
      [
        [
          'add',
          'Lisbon',
          '100',
          'Tickets',
          '--split',
          'percentage',
          '--share',
          'Ada=50',
          '--share',
          'Bob=30',
        ],
        'Percentages must add up to 100%',
      ],
      [
        ['add', 'Lisbon', '50', 'Taxi', '--split', 'exact', '--share', 'Ada=20', '--share', 'Bob=20'],
        'The amounts must add up to the total',
      ],
      [['add', 'Lisbon', '10.005', 'Coffee'], 'Amount can have at most 2 decimal places'],
      [['add', 'Lisbon', '0', 'Nothing'], 'Amount must be greater than 0'],
      [['add', 'Lisbon', '12', '  '], 'Please enter a description for this expense'],
      [
        ['add', 'Lisbon', '10', 'Tea', '--split', 'shares', '--share', 'Ada=0'],
        'At least one participant must have shares',
      ],
      [['add', 'Lisbon', '10', 'Tea', '--split', 'shares', '--share', 'Ada=one'], 'A share must be a number'],
      [
        ['add', 'Lisbon', '10', 'Tea', '--paid-by', 'Ada=4', '--paid-by', 'Bob=5'],
        'The payments must add up to the total',
      ],
      [['add', 'Lisbon', '10', 'Tea', '--currency', 'XYZ'], 'Unknown currency XYZ'],
      [['add', 'Lisbon', '10', 'Tea', '--paid-by', 'Zed'], 'Nobody called "Zed" is in Lisbon trip.'],
      [['add', 'Lisbon', '10', 'Tea', '--split', 'bogus'], 'bogus'],
    ];
    const results = await Promise.all(cases.map(([args]) => run(args)));
    results.forEach((result, i) => {
      const [args, message] = cases[i]!;
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain(message);
      expect(result.stdout, args.join(' ')).toBe('');
    });
    expect((await json<unknown[]>(['expenses', '--group', 'Lisbon'])).length).toBe(before);
  });

  it('refuses a description of zero-width characters as an empty one (exit 2), and sends nothing', async () => {
    const before = (await json<unknown[]>(['expenses', '--group', 'Lisbon'])).length;
    const result = await run(['add', 'Lisbon', '12', '\u200B\u2060\u3164']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Please enter a description for this expense');
    expect((await json<unknown[]>(['expenses', '--group', 'Lisbon'])).length).toBe(before);
  });

  it('names a group nobody has (exit 1) and passes on a refusal of the server (exit 4)', async () => {
    const missing = await run(['balances', 'Paris']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('kitty: You have no group "Paris".\nYour groups: Lisbon trip\n');
    const refused = await run(['add', 'Lisbon', '10', 'Tea', '--category', 'no-such-category']);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toBe('kitty: category: category is not one of the expense categories\n');
  });

  it("shows the group's balances, which add up to zero", async () => {
    const result = await run(['balances', 'Lisbon']);
    expect(result.code).toBe(0);
    // Dinner, Tickets, Groceries, Taxi (Bob paid), Museum and Stamps: MEMBER CURRENCY PAID OWED NET.
    const nets = Object.fromEntries(rows(result.stdout).map(([name, , , , net]) => [name, net]));
    expect(nets).toEqual({
      Ada: formatMoney(15200 + 3 - stamps.Ada, 'EUR'),
      'Bob Builder': '-94.00',
      'Carol Danvers': formatMoney(-5800 - stamps.Carol, 'EUR'),
    });
    const summary = await json<{ groups: { name: string; balance: number }[] }>(['balances']);
    expect(summary.groups).toEqual([
      expect.objectContaining({ name: 'Lisbon trip', balance: (15200 + 3 - stamps.Ada) / 100 }),
    ]);
  });

  it('suggests the minimal transfers of the domain and records one only when confirmed', async () => {
    const carolOwes = 5800 + stamps.Carol;
    const plan = minimalTransfers({
      [ada.id]: 9400 + carolOwes,
      [idOf('Bob')]: -9400,
      [idOf('Carol')]: -carolOwes,
    });
    const listed = await json<{
      suggestions: { payer: { id: string }; receiver: { id: string }; amount: number }[];
    }>(['settle', 'Lisbon', '--list']);
    // The same transfers (the server lists the largest first).
    const byAmount = (a: { amount: number }, b: { amount: number }) => b.amount - a.amount;
    expect(
      listed.suggestions.map((s) => ({
        from: s.payer.id,
        to: s.receiver.id,
        amount: (parseMoney(s.amount, 'EUR') as { value: number }).value,
      })),
    ).toEqual([...plan].sort(byAmount));

    // No terminal to ask in and no --yes: the suggestions are shown, nothing is recorded.
    const unconfirmed = await run(['settle', 'Lisbon']);
    expect(unconfirmed.code).toBe(2);
    expect(rows(unconfirmed.stdout)).toEqual([
      ['1', 'Bob Builder', 'Ada', '94.00', 'EUR', idOf('Bob'), ada.id],
      ['2', 'Carol Danvers', 'Ada', formatMoney(carolOwes, 'EUR'), 'EUR', idOf('Carol'), ada.id],
    ]);
    expect(unconfirmed.stderr).toContain('Nothing recorded');
    expect(unconfirmed.stderr).toContain('--yes');

    const recorded = await run(['settle', 'Lisbon', '--pick', '2', '--yes']);
    expect(recorded.code).toBe(0);
    expect(recorded.stdout.trimEnd().split('\n').at(-1)).toBe(
      `Recorded: Carol Danvers paid Ada ${formatMoney(carolOwes, 'EUR')} EUR in Lisbon trip.`,
    );
    const left = await json<{ suggestions: unknown[] }>(['settle', 'Lisbon', '--list']);
    expect(left.suggestions).toHaveLength(1);
    const nets = Object.fromEntries(
      rows((await run(['balances', 'Lisbon'])).stdout).map((r) => [r[0], r[4]]),
    );
    expect(nets).toEqual({ Ada: '94.00', 'Bob Builder': '-94.00', 'Carol Danvers': '0.00' });
  });

  it('lists expenses newest first, searched, as rows or JSON', async () => {
    const all = await json<ExpenseJson[]>(['expenses']);
    expect(all.map((e) => e.description)).toEqual([
      'Stamps',
      'Museum',
      'Taxi',
      'Groceries',
      'Tickets',
      'Dinner',
    ]);
    const found = await run(['expenses', '--search', 'TAX']);
    expect(found.code).toBe(0);
    const [taxi] = rows(found.stdout);
    expect(rows(found.stdout)).toHaveLength(1);
    expect(taxi?.slice(1, 7)).toEqual(['Taxi', '45.50', 'EUR', 'Bob Builder', 'exact', 'Lisbon trip']);
    const inGroup = await json<ExpenseJson[]>([
      'expenses',
      '--group',
      'Lisbon',
      '--search',
      'mus',
      '--limit',
      '5',
    ]);
    expect(inGroup.map((e) => e.description)).toEqual(['Museum']);
  });

  it('exports CSV (stdout, or a file with the byte-order mark) and Kitty JSON that imports back', async () => {
    const csv = await run(['export', 'Lisbon', '--csv']);
    expect(csv.code).toBe(0);
    const lines = csv.stdout.trimEnd().split('\r\n');
    expect(lines.slice(0, 4)).toEqual([
      '# Group: Lisbon trip',
      expect.stringMatching(/^# Export Date: /),
      '# Total Expenses: 6',
      '# Total Settlements: 1',
    ]);
    expect(lines[4]).toBe(CSV_HEADER.join(','));
    expect(lines.filter((l) => l.startsWith('Expense,'))).toHaveLength(6);
    expect(lines.filter((l) => l.startsWith('Settlement,'))).toHaveLength(1);

    const csvFile = join(home.dir, 'lisbon.csv');
    const written = await run(['export', 'Lisbon', '-o', csvFile]);
    expect(written.stdout).toBe(`Wrote Lisbon trip to ${csvFile} (6 expenses, 1 payment).\n`);
    const fileText = readFileSync(csvFile, 'utf8');
    expect(fileText.startsWith(CSV_BOM)).toBe(true);
    expect(fileText.slice(CSV_BOM.length).split('\r\n').slice(4)).toEqual(csv.stdout.split('\r\n').slice(4));

    const jsonFile = join(home.dir, 'lisbon-kitty.json');
    expect((await run(['export', 'Lisbon', '--json', '--output', jsonFile])).code).toBe(0);
    const archive = JSON.parse(readFileSync(jsonFile, 'utf8'));
    expect(archive).toMatchObject({ format: 'kitty-group', version: 1, group: { name: 'Lisbon trip' } });
    expect(archive.expenses).toHaveLength(6);

    const both = await run(['export', 'Lisbon', '--csv', '--json']);
    expect(both.code).toBe(2);

    const preview = await json<{
      dry_run: boolean;
      expenses: number;
      settlements: number;
      problems: unknown[];
    }>(['import', jsonFile, '--dry-run']);
    expect(preview).toMatchObject({ dry_run: true, expenses: 6, settlements: 1, problems: [] });
    // A name of zero-width characters is no name: refused before anything is sent (no third group below).
    const invisible = await run(['import', jsonFile, '--name', '\u200B\u2060\uFEFF']);
    expect(invisible.code).toBe(2);
    expect(invisible.stderr).toContain('--name: Please enter a group name');
    const imported = await run(['import', jsonFile, '--name', 'Lisbon again']);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(
      /^Imported 6 expenses and 1 payment \(kitty-json\) into "Lisbon again" \(id .+\)\.\n$/,
    );
    const groups = rows((await run(['groups'])).stdout);
    expect(groups.map(([name, , , balance]) => [name, balance]).sort()).toEqual([
      ['Lisbon again', '94.00'],
      ['Lisbon trip', '94.00'],
    ]);
  });

  it('turns an ended session into exit 3, and logs out', async () => {
    const stored = JSON.parse(readFileSync(join(home.dir, 'kitty-expenses', 'config.json'), 'utf8'));
    const other = configHome();
    try {
      const file = join(other.dir, 'kitty-expenses', 'config.json');
      await kitty(['logout'], { configHome: other.dir });
      mkdirSync(join(other.dir, 'kitty-expenses'), { recursive: true });
      writeFileSync(file, JSON.stringify({ ...stored, token: `${stored.token}x` }));
      const ended = await kitty(['groups'], { configHome: other.dir });
      expect(ended.code).toBe(3);
      expect(ended.stderr).toBe('kitty: Your session has ended: run `kitty login` again.\n');
    } finally {
      other.remove();
    }

    const out = await run(['logout']);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(`Signed out of ${server.url}`);
    expect(JSON.parse(readFileSync(join(home.dir, 'kitty-expenses', 'config.json'), 'utf8'))).toEqual({
      server: server.url,
      email: ada.email,
    });
    expect((await run(['whoami'])).code).toBe(3);
  });
});

describe('kitty when the network fails', () => {
  /** A config folder signed in to `url` (with a token no server will see). */
  function signedInTo(url: string) {
    const folder = configHome();
    mkdirSync(join(folder.dir, 'kitty-expenses'), { recursive: true, mode: 0o700 });
    writeFileSync(
      join(folder.dir, 'kitty-expenses', 'config.json'),
      JSON.stringify({ server: url, token: 't', user: { id: 'u', name: 'Ada', email: 'ada@example.com' } }),
      { mode: 0o600 },
    );
    return folder;
  }

  it('retries a call that got no response on its schedule, then exits 5', async () => {
    const down = await misbehavingServer('reset');
    const folder = signedInTo(down.url);
    try {
      const result = await kitty(['groups'], {
        configHome: folder.dir,
        env: { KITTY_RETRIES: '2', KITTY_RETRY_DELAY_MS: '50' },
      });
      expect(result.code).toBe(5);
      expect(result.stderr).toBe(`kitty: No response from server: ${down.url} (tried 3 times)\n`);
      expect(result.stdout).toBe('');
      expect(down.requests).toBe(3);
    } finally {
      folder.remove();
      await down.close();
    }
  });

  it('exits 5 when the server is down (connection refused), after its retries', async () => {
    const url = await nobodyListening();
    const folder = signedInTo(url);
    try {
      const result = await kitty(['expenses'], {
        configHome: folder.dir,
        env: { KITTY_RETRIES: '2', KITTY_RETRY_DELAY_MS: '10' },
      });
      expect(result.code).toBe(5);
      expect(result.stderr).toBe(`kitty: No response from server: ${url} (tried 3 times)\n`);
    } finally {
      folder.remove();
    }
  });

  it('gives up on an attempt after the timeout, aborts it and retries', async () => {
    const silent = await misbehavingServer('hang');
    const folder = signedInTo(silent.url);
    try {
      const result = await kitty(['balances'], {
        configHome: folder.dir,
        env: { KITTY_TIMEOUT_MS: '300', KITTY_RETRIES: '1', KITTY_RETRY_DELAY_MS: '10' },
      });
      expect(result.code).toBe(5);
      expect(result.stderr).toBe(
        `kitty: No response from server within 300ms: ${silent.url} (tried 2 times)\n`,
      );
      expect(silent.requests).toBe(2);
      await silent.allClosed();
    } finally {
      folder.remove();
      await silent.close();
    }
  });

  it('refuses a bad setting of the environment (exit 2)', async () => {
    const folder = signedInTo('http://127.0.0.1:9');
    try {
      const result = await kitty(['groups'], { configHome: folder.dir, env: { KITTY_RETRIES: 'many' } });
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        'kitty: KITTY_RETRIES must be a whole number from 0 to 100 (it is "many").\n',
      );
    } finally {
      folder.remove();
    }
  });

  it('stops at Ctrl-C (SIGINT) while waiting for a server: the request is aborted and it exits 130 at once', async () => {
    const silent = await misbehavingServer('hang');
    const folder = signedInTo(silent.url);
    try {
      let sentAt = 0;
      const result = await kitty(['groups'], {
        configHome: folder.dir,
        env: { KITTY_TIMEOUT_MS: '60000' },
        launcher: true,
        started: (child) => {
          void silent.received(1).then(() => {
            sentAt = Date.now();
            child.kill('SIGINT');
          });
        },
      });
      const stoppedIn = Date.now() - sentAt;
      expect(result.code).toBe(130);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe('');
      expect(stoppedIn).toBeLessThan(2_000);
      await silent.allClosed();
    } finally {
      folder.remove();
      await silent.close();
    }
  });
});

describe('kitty at a terminal', () => {
  let folder: { dir: string; remove: () => void };
  beforeAll(() => {
    folder = configHome();
  });
  afterAll(() => folder.remove());

  /** Types `keys` once the output (after what was typed before) shows `prompt`. */
  function typing(...steps: [prompt: string, keys: string][]) {
    let seen = 0;
    return (output: string) => {
      const step = steps[0];
      if (!step || !output.slice(seen).includes(step[0])) return undefined;
      steps.shift();
      seen = output.length;
      return step[1];
    };
  }

  it('asks for the password without echoing it (as `pnpm kitty` runs it)', async () => {
    const result = await kittyInTerminal(['login', '--server', server.url, '--email', ada.email], {
      configHome: folder.dir,
      launcher: true,
      answer: typing(['Password', `${ada.password}\r`]),
    });
    expect(result.code).toBe(0);
    expect(result.output).toContain('Password');
    expect(result.output).toContain(`Signed in to ${server.url} as Ada <${ada.email}>.`);
    expect(result.output).not.toContain(ada.password);
    expect(statSync(join(folder.dir, 'kitty-expenses', 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('shows tables with a header and amounts in their currency', async () => {
    const result = await kittyInTerminal(['balances', 'Lisbon trip'], {
      configHome: folder.dir,
      answer: () => undefined,
    });
    expect(result.code).toBe(0);
    const lines = result.output.split(/\r?\n/).map((line) => line.trimEnd());
    expect(lines[0]).toMatch(/^MEMBER +CURRENCY +PAID +OWED +NET$/);
    expect(lines).toContainEqual(expect.stringMatching(/^Ada \(you\) +EUR +€[\d,.]+ +€[\d,.]+ +\+€94\.00$/));
    expect(lines).toContainEqual(expect.stringMatching(/^Bob Builder +EUR +.* -€94\.00$/));
  });

  it('records a suggested payment only once it is confirmed', async () => {
    const declined = await kittyInTerminal(['settle', 'Lisbon trip'], {
      configHome: folder.dir,
      answer: typing(['Record that Bob Builder paid Ada €94.00 in Lisbon trip?', 'n']),
    });
    expect(declined.code).toBe(1);
    expect(declined.output).toContain('kitty: Nothing recorded.');

    const confirmed = await kittyInTerminal(['settle', 'Lisbon trip'], {
      configHome: folder.dir,
      answer: typing(['Record that Bob Builder paid Ada €94.00 in Lisbon trip?', 'y']),
    });
    expect(confirmed.code).toBe(0);
    expect(confirmed.output).toContain('Recorded: Bob Builder paid Ada €94.00 in Lisbon trip.');
    const settled = await kittyInTerminal(['settle', 'Lisbon trip'], {
      configHome: folder.dir,
      answer: () => undefined,
    });
    expect(settled.output).toContain('Everyone in Lisbon trip is settled up.');
  });

  it('stops a prompt at Ctrl-C and exits 130, recording nothing', async () => {
    await call(server.url, ada.token, 'POST', '/expenses', {
      description: 'Late snack',
      amount: 9,
      currency: 'EUR',
      category: 'dining',
      group_id: group.id,
      split_type: 'equal',
      paid_by: ada.id,
      participants: group.Members.map((m) => m.id),
      split_with: group.Members.filter((m) => m.id !== ada.id).map((m) => m.id),
    });
    const result = await kittyInTerminal(['settle', 'Lisbon trip'], {
      configHome: folder.dir,
      answer: typing(['Which payment was made?', '\u0003']),
    });
    expect(result.code).toBe(130);
    expect(result.output).not.toContain('Recorded');
  });
});

describe('kitty add in a group with a default split', () => {
  let folder: { dir: string; remove: () => void };
  let bea: Person;
  beforeAll(async () => {
    folder = configHome();
    bea = await register(server.url, 'Bea', 'Default');
    // Bea's flat takes all of an expense by default (percentages naming only her: anyone else counts 0).
    await call(server.url, bea.token, 'POST', '/groups', {
      name: 'Flat share',
      currency: 'EUR',
      default_split_type: 'percentage',
      default_split_config: { percentages: [{ user_id: bea.id, percentage: 100 }] },
      members: [{ email: 'dan@example.com', first_name: 'Dan', last_name: 'Roommate' }],
    });
    const login = await kitty(['login', '--server', server.url, '--email', bea.email], {
      configHome: folder.dir,
      env: { KITTY_PASSWORD: bea.password },
    });
    expect(login.code).toBe(0);
  });
  afterAll(() => folder.remove());

  const addAsBea = async (args: readonly string[]) => {
    const result = await kitty([...args, '--json'], { configHome: folder.dir, env: {} });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const expense = JSON.parse(result.stdout) as ExpenseJson;
    return {
      type: expense.split_type,
      cents: expense.ExpenseSplits.map((s) => (parseMoney(s.amount, 'EUR') as { value: number }).value).sort(
        (a, b) => b - a,
      ),
    };
  };

  it("splits by the group's default without --split, as the web's Add Expense does, and --split overrides it", async () => {
    expect(await addAsBea(['add', 'Flat', '10', 'Rent'])).toEqual({ type: 'percentage', cents: [1000, 0] });
    expect(await addAsBea(['add', 'Flat', '10', 'Cleaning', '--split', 'equal'])).toEqual({
      type: 'equal',
      cents: [500, 500],
    });
  });
});
