import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  CSV_HEADER,
  csvAmount,
  csvCell,
  csvFileName,
  type ExportData,
  groupCsv,
  parsePayerCells,
  payerCells,
} from './csv';

/** Every row of a whole file, comment lines included, through papaparse; the final CRLF ends the last row. */
function parseCsv(csv: string): string[][] {
  const parsed = Papa.parse<string[]>(csv, { newline: '\r\n', delimiter: ',', quoteChar: '"' });
  expect(parsed.errors).toEqual([]);
  const rows = parsed.data;
  expect(rows.pop()).toEqual(['']); // the final CRLF
  return rows;
}

const sample: ExportData = {
  group: { name: 'Trip to Prague!' },
  exportDate: '2026-11-22T10:00:00.000Z',
  expenses: [
    {
      date: '2026-11-20T18:30:00.000Z',
      description: 'Dinner, with "wine"',
      amount: 95,
      currency: 'EUR',
      category: 'dining',
      payer_name: 'Alice',
      payer_email: 'alice@example.com',
      split_type: 'percentage',
      participants: [
        { user_name: 'Alice', amount: 31.67, percentage: 33.34, shares: null },
        { user_name: 'Bob', amount: 31.67, percentage: 33.33, shares: null },
        { user_name: 'Carol', amount: 31.66, percentage: 33.33, shares: null },
      ],
      is_settled: false,
      notes: null,
      created_at: '2026-11-20T18:31:00.000Z',
      updated_at: '2026-11-20T18:31:00.000Z',
    },
  ],
  settlements: [
    {
      date: '2026-11-21T09:00:00.000Z',
      description: null,
      amount: 31.7,
      currency: 'EUR',
      from_user_name: 'Bob',
      from_user_email: 'bob@example.com',
      to_user_name: 'Alice',
      created_at: '2026-11-21T09:00:00.000Z',
    },
  ],
};

describe('groupCsv', () => {
  it('writes comment lines, the header, expense rows then settlement rows, with CRLF line ends', () => {
    expect(groupCsv(sample)).toBe(
      [
        '# Group: Trip to Prague!',
        '# Export Date: 2026-11-22T10:00:00.000Z',
        '# Total Expenses: 1',
        '# Total Settlements: 1',
        'Type,Date,Description,Amount,Currency,Category,Payer Name,Payer Email,Split Type,Participants,Is Settled,Notes,Created At,Updated At',
        'Expense,2026-11-20T18:30:00.000Z,"Dinner, with ""wine""",95.00,EUR,dining,Alice,alice@example.com,percentage,' +
          '"Alice: 31.67 (33.34%); Bob: 31.67 (33.33%); Carol: 31.66 (33.33%)",No,,2026-11-20T18:31:00.000Z,2026-11-20T18:31:00.000Z',
        'Settlement,2026-11-21T09:00:00.000Z,,31.70,EUR,,Bob,bob@example.com,,Alice,Yes,,2026-11-21T09:00:00.000Z,',
        '',
      ].join('\r\n'),
    );
  });

  it('shows shares after each amount of a shares split and nothing extra for equal', () => {
    const expense = { ...sample.expenses[0]!, description: 'Taxi', split_type: 'shares' };
    const participants = [
      { user_name: 'Alice', amount: 10, percentage: null, shares: 2 },
      { user_name: 'Bob', amount: 5, percentage: null, shares: 1 },
    ];
    const shares = groupCsv({ ...sample, settlements: [], expenses: [{ ...expense, participants }] });
    expect(shares).toContain(',shares,"Alice: 10.00 (2 shares); Bob: 5.00 (1 share)",');
    const equal = groupCsv({
      ...sample,
      settlements: [],
      expenses: [{ ...expense, split_type: 'equal', participants }],
    });
    expect(equal).toContain(',equal,"Alice: 10.00; Bob: 5.00",');
  });

  it('names every payer with what they paid, and the e-mails in the same order, when several paid', () => {
    const payers = [
      { user_name: 'Alice', email: 'alice@example.com', amount: 60 },
      { user_name: 'Bob', email: 'bob@example.com', amount: 35 },
    ];
    const expense = { ...sample.expenses[0]!, payers };
    const csv = groupCsv({ ...sample, settlements: [], expenses: [expense] });
    expect(csv).toContain(
      ',dining,"Alice: 60.00; Bob: 35.00","alice@example.com; bob@example.com",percentage,',
    );
    // One payer (listed or not): the spec's cells, unchanged.
    const single = {
      ...sample.expenses[0]!,
      payers: [{ user_name: 'Alice', email: 'alice@example.com', amount: 95 }],
    };
    expect(payerCells(single)).toEqual(['Alice', 'alice@example.com']);
    expect(payerCells(sample.expenses[0]!)).toEqual(['Alice', 'alice@example.com']);
  });

  it('the payer cells read back to the same payers and amounts (round trip)', () => {
    const payers = [
      { user_name: 'Zdeněk: the host', email: 'z@example.cz', amount: 1200.5 },
      { user_name: 'Bob', email: 'bob@example.com', amount: 0.5 },
      { user_name: 'Eve', email: 'eve@example.com', amount: 99 },
    ];
    const [name, email] = payerCells({ ...sample.expenses[0]!, currency: 'CZK', payers });
    expect(parsePayerCells(name, email, '1300.00', 'CZK')).toEqual([
      { user_name: 'Zdeněk: the host', email: 'z@example.cz', amount: 120050 },
      { user_name: 'Bob', email: 'bob@example.com', amount: 50 },
      { user_name: 'Eve', email: 'eve@example.com', amount: 9900 },
    ]);
    expect(parsePayerCells('Alice', 'alice@example.com', '95.00', 'EUR')).toEqual([
      { user_name: 'Alice', email: 'alice@example.com', amount: 9500 },
    ]);
    // Cells that were not written by payerCells are not guessed at.
    expect(parsePayerCells('Alice; Bob', 'a@example.com; b@example.com', '10.00', 'EUR')).toBeNull();
    expect(parsePayerCells('Alice: 1.00', 'a@example.com; b@example.com', '10.00', 'EUR')).toBeNull();
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('a=b')).toBe('a=b');
    // Full-width forms, which some spreadsheets fold to their ASCII twins.
    expect(csvCell('＝1+1')).toBe("'＝1+1");
    expect(csvCell('＋1')).toBe("'＋1");
    expect(csvCell('－1')).toBe("'－1");
    expect(csvCell('＠SUM(A1)')).toBe("'＠SUM(A1)");
    // A semicolon starts a cell in a semicolon-separated spreadsheet (Czech, German locales).
    expect(csvCell('a;=1+1')).toBe(`"a;'=1+1"`);
    expect(csvCell('a; "=1+1"')).toBe(`"a; ""'=1+1"""`);
    expect(csvCell('a;b')).toBe('"a;b"');
    const evil = { ...sample.expenses[0]!, description: '=1+1', payer_name: '@Mallory' };
    const csv = groupCsv({ ...sample, expenses: [evil] });
    expect(csv).toContain(",'=1+1,95.00,");
    expect(csv).toContain(",'@Mallory,");
  });

  it('quotes values with commas, quotes, CR or LF (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell(null)).toBe('');
  });

  it("writes amounts as plain decimals with the currency's decimals and refuses more", () => {
    expect(csvAmount(95)).toBe('95.00');
    expect(csvAmount(0.1, 'EUR')).toBe('0.10');
    expect(csvAmount(1200, 'JPY')).toBe('1200');
    expect(csvAmount(1226.5, 'CZK')).toBe('1226.50');
    expect(csvAmount(31.67, 'USD')).toBe('31.67');
    expect(() => csvAmount(1.005)).toThrow('at most 2 decimal places');
    expect(() => csvAmount(1.5, 'JPY')).toThrow('Amounts in JPY must be whole numbers');
  });

  it('keeps a multi-line group name on its comment line', () => {
    expect(groupCsv({ ...sample, group: { name: 'Flat\r\nshare' } }).split('\r\n')[0]).toBe(
      '# Group: Flat share',
    );
  });

  it('writes each comment line as one cell, so a hostile group name cannot add a formula cell', () => {
    const name = 'Trip,=HYPERLINK("http://evil","x")';
    const csv = groupCsv({ ...sample, group: { name }, exportDate: '2026-11-22,@SUM(A1)' });
    expect(csv.split('\r\n').slice(0, 2)).toEqual([
      '"# Group: Trip,=HYPERLINK(""http://evil"",""x"")"',
      '"# Export Date: 2026-11-22,@SUM(A1)"',
    ]);
    const rows = parseCsv(csv);
    expect(rows.slice(0, 4)).toEqual([
      [`# Group: ${name}`],
      ['# Export Date: 2026-11-22,@SUM(A1)'],
      ['# Total Expenses: 1'],
      ['# Total Settlements: 1'],
    ]);
  });

  it('comment lines parse back as exactly one cell for any group name and export date', () => {
    const hostileArb = fc.oneof(
      textArb,
      fc.constantFrom(
        '=1+1',
        '+cmd',
        '-2',
        '@SUM(A1)',
        '\tx',
        '\rx',
        'a,b',
        'say "hi"',
        'two\nlines',
        '",=1+1',
        'Trip,=HYPERLINK("http://evil","x")',
        '\r\n=cmd|calc',
      ),
    );
    fc.assert(
      fc.property(hostileArb, hostileArb, (name, exportDate) => {
        const csv = groupCsv({ ...sample, group: { name }, exportDate });
        const rows = parseCsv(csv);
        expect(rows.slice(0, 4)).toEqual([
          [shown(`# Group: ${name.replace(/[\r\n]+/g, ' ')}`)],
          [shown(`# Export Date: ${exportDate.replace(/[\r\n]+/g, ' ')}`)],
          ['# Total Expenses: 1'],
          ['# Total Settlements: 1'],
        ]);
        expect(rows[4]).toEqual([...CSV_HEADER]);
        // Each comment stays on its own physical line and no cell of the file is a formula.
        expect(
          csv
            .split('\r\n')
            .slice(0, 4)
            .every((line) => /^"?# /.test(line)),
        ).toBe(true);
        for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
  });
});

describe('csvFileName', () => {
  it('replaces every non-alphanumeric character and appends the local date', () => {
    // The local-time Date constructor: these hold in any time zone the tests run in.
    expect(csvFileName('Trip to Prague!', new Date(2026, 10, 22, 12, 0, 0))).toBe(
      'Trip_to_Prague__export_2026-11-22.csv',
    );
    expect(csvFileName('Chata Kůň', new Date(2026, 0, 2, 23, 59, 59))).toBe(
      'Chata_K___export_2026-01-02.csv',
    );
    expect(() => csvFileName('x', new Date('nope'))).toThrow('The export date is not a valid date');
  });

  it('names the file for the calendar day of whoever downloads it, at any hour', () => {
    for (const [hours, minutes] of [
      [0, 0],
      [0, 30],
      [19, 30],
      [23, 59],
    ] as const) {
      expect(csvFileName('g', new Date(2026, 11, 31, hours, minutes))).toBe('g_export_2026-12-31.csv');
      expect(csvFileName('g', new Date(2027, 0, 1, hours, minutes))).toBe('g_export_2027-01-01.csv');
    }
    expect(csvFileName('g', new Date(987, 2, 5, 10))).toBe('g_export_0987-03-05.csv');
  });

  it('agrees with the local calendar fields of any instant (the UTC date may differ)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(1970, 0, 1), max: new Date(2200, 0, 1), noInvalidDate: true }),
        (date) => {
          const [, y, m, d] = /_export_(\d{4})-(\d\d)-(\d\d)\.csv$/.exec(csvFileName('g', date)) ?? [];
          expect([Number(y), Number(m), Number(d)]).toEqual([
            date.getFullYear(),
            date.getMonth() + 1,
            date.getDate(),
          ]);
        },
      ),
    );
  });
});

// ---- round trip through a real CSV parser ---------------------------------------------------------

const textArb = fc.oneof(
  fc.string({
    unit: fc.constantFrom(
      'a',
      'Z',
      ' ',
      ',',
      '"',
      '\r',
      '\n',
      '=',
      '+',
      '-',
      '@',
      '\t',
      ';',
      '#',
      'č',
      '€',
      '＝',
      '＋',
      '－',
      '＠',
    ),
  }),
  fc.string({ unit: 'grapheme' }),
);
const amountArb = fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 100);
/** Yen have no minor unit: whole amounts only. */
const yenArb = fc.integer({ min: 0, max: 10_000_000 });
const decimalsOf = (currency: string) => (currency === 'JPY' ? 0 : 2);
const participantArb = (amount: fc.Arbitrary<number>) =>
  fc.record({
    user_name: textArb,
    amount,
    percentage: fc.option(fc.integer({ min: 0, max: 10000 }).map((bp) => bp / 100)),
    shares: fc.option(fc.integer({ min: 0, max: 20 })),
  });
const expenseArb = fc.constantFrom('EUR', 'JPY', 'CZK').chain((currency) => {
  const amount = currency === 'JPY' ? yenArb : amountArb;
  return fc.record({
    date: textArb,
    description: textArb,
    amount,
    currency: fc.constant(currency),
    category: textArb,
    payer_name: textArb,
    payer_email: textArb,
    split_type: fc.constantFrom('equal', 'percentage', 'shares', 'exact', 'adjustment'),
    participants: fc.array(participantArb(amount), { maxLength: 4 }),
    is_settled: fc.boolean(),
    notes: fc.option(textArb),
    created_at: textArb,
    updated_at: textArb,
  });
});
const settlementArb = fc.record({
  date: textArb,
  description: fc.option(textArb),
  amount: amountArb,
  currency: fc.constantFrom('EUR', 'USD'),
  from_user_name: textArb,
  from_user_email: textArb,
  to_user_name: textArb,
  created_at: textArb,
});
const exportArb = fc.record({
  expenses: fc.array(expenseArb, { maxLength: 5 }),
  settlements: fc.array(settlementArb, { maxLength: 5 }),
  group: fc.record({ name: textArb }),
  exportDate: textArb,
});

/**
 * What a reader must get back for a text value: the text, with a single quote before every formula
 * start (=, +, -, @, tab, CR, full-width ＝ ＋ － ＠) at its start or after a `;`, CR or LF, past spaces
 * and quotes.
 */
const shown = (text: string | null | undefined) =>
  (text ?? '').replace(/(?<=^|[;\r\n])([ "]*)(?=[=+\-@\t\r＝＋－＠])/gu, "$1'");

/** A cell no spreadsheet runs: past any leading white space and quotes it does not start a formula. */
const inert = (cell: string) => !/^[ "\t\r\n]*[=+\-@＝＋－＠]/u.test(cell);

/** The file as a semicolon-separated spreadsheet reads it: quotes only count at a cell's start. */
function parseAsSemicolons(csv: string): string[][] {
  return Papa.parse<string[]>(csv, { newline: '\r\n', delimiter: ';', quoteChar: '"' }).data;
}

/** The Participants cell written out independently of csv.ts: "Alice: 10.00 (33.33%); Bob: 5.00". */
const participantsText = (
  currency: string,
  splitType: string,
  participants: readonly {
    user_name: string;
    amount: number;
    percentage?: number | null;
    shares?: number | null;
  }[],
) =>
  participants
    .map((p) => {
      let text = `${p.user_name}: ${p.amount.toFixed(decimalsOf(currency))}`;
      if (splitType === 'percentage' && typeof p.percentage === 'number')
        text += ` (${p.percentage.toFixed(2)}%)`;
      if (splitType === 'shares' && typeof p.shares === 'number')
        text += ` (${p.shares} ${p.shares === 1 ? 'share' : 'shares'})`;
      return text;
    })
    .join('; ');

describe('the CSV parses back with papaparse to the same cell values', () => {
  it('every row and cell survives quoting, commas, quotes and line breaks', () => {
    fc.assert(
      fc.property(exportArb, (data) => {
        const csv = groupCsv(data);
        const all = parseCsv(csv);
        expect(all.slice(0, 4)).toEqual([
          [shown(`# Group: ${data.group.name.replace(/[\r\n]+/g, ' ')}`)],
          [shown(`# Export Date: ${data.exportDate.replace(/[\r\n]+/g, ' ')}`)],
          [`# Total Expenses: ${data.expenses.length}`],
          [`# Total Settlements: ${data.settlements.length}`],
        ]);
        const rows = all.slice(4);
        expect(rows[0]).toEqual([...CSV_HEADER]);
        expect(rows).toHaveLength(1 + data.expenses.length + data.settlements.length);
        data.expenses.forEach((e, i) => {
          const row = rows[1 + i]!;
          expect(row).toHaveLength(14);
          expect(row[0]).toBe('Expense');
          expect(row[1]).toBe(shown(e.date));
          expect(row[2]).toBe(shown(e.description));
          expect(Number(row[3])).toBe(e.amount);
          expect(row[3]).toMatch(e.currency === 'JPY' ? /^\d+$/ : /^\d+\.\d\d$/);
          expect(row.slice(4, 9)).toEqual([
            e.currency,
            shown(e.category),
            shown(e.payer_name),
            shown(e.payer_email),
            e.split_type,
          ]);
          expect(row[9]).toBe(shown(participantsText(e.currency, e.split_type, e.participants)));
          expect(row[10]).toBe(e.is_settled ? 'Yes' : 'No');
          expect(row.slice(11)).toEqual([shown(e.notes), shown(e.created_at), shown(e.updated_at)]);
        });
        data.settlements.forEach((s, i) => {
          const row = rows[1 + data.expenses.length + i]!;
          expect(row).toEqual([
            'Settlement',
            shown(s.date),
            shown(s.description),
            row[3],
            s.currency,
            '',
            shown(s.from_user_name),
            shown(s.from_user_email),
            '',
            shown(s.to_user_name),
            'Yes',
            '',
            shown(s.created_at),
            '',
          ]);
          expect(Number(row[3])).toBe(s.amount);
        });
      }),
    );
  });
});

describe('the CSV read with either separator starts no cell with a formula', () => {
  it('holds for any export, read with commas and read with semicolons', () => {
    fc.assert(
      fc.property(exportArb, (data) => {
        const csv = groupCsv(data);
        for (const row of parseCsv(csv)) for (const cell of row) expect(cell).toSatisfy(inert);
        for (const row of parseAsSemicolons(csv)) for (const cell of row) expect(cell).toSatisfy(inert);
        // A reader that also breaks rows at a lone CR or LF inside quotes.
        for (const line of csv.split(/[\r\n]/))
          for (const cell of line.split(';')) expect(cell).toSatisfy(inert);
      }),
      { numRuns: 300 },
    );
  });

  it('quotes a participants cell, so its "; " separators stay inside one cell', () => {
    const expense = {
      ...sample.expenses[0]!,
      split_type: 'equal',
      participants: [
        { user_name: 'Alice', amount: 10 },
        { user_name: '=cmd|calc', amount: 5 },
        { user_name: '＠SUM(A1)', amount: 5 },
      ],
    };
    const csv = groupCsv({ ...sample, settlements: [], expenses: [expense] });
    expect(csv).toContain(`,equal,"Alice: 10.00; '=cmd|calc: 5.00; '＠SUM(A1): 5.00",`);
    expect(parseCsv(csv)[5]?.[9]).toBe("Alice: 10.00; '=cmd|calc: 5.00; '＠SUM(A1): 5.00");
    const semicolonCells = parseAsSemicolons(csv)[5] ?? [];
    expect(semicolonCells.slice(1).map((cell) => cell.slice(0, 6))).toEqual([" '=cmd", " '＠SUM"]);
  });
});
