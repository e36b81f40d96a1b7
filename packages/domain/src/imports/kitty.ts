// Kitty's own JSON export (GET /groups/{id}/archive, docs/export-format.md): format "kitty-group",
// version 1. Read by hand, field by field: anything that is not a version-1 archive fails naming the line
// where the item begins; an item whose own numbers do not add up (a tampered file) is a problem on its line.
import { isKnownCurrency } from '../currencies';
import { type Minor, numberOfDecimalText, parseMoney } from '../money';
import { isTimeZone, RECURRENCE_FREQUENCIES, type RecurrenceFrequency } from '../recurrence';
import { isSplitType, type SplitDetails, type SplitType } from '../splits';
import type { ImportReader } from './reader';
import { expenseProblem, isoDay, settlementProblem } from './rows';
import type {
  ImportedBalance,
  ImportedComment,
  ImportedExpense,
  ImportedLedger,
  ImportedMember,
  ImportedPart,
  ImportedRecurring,
  ImportedSettlement,
  ImportParseResult,
  ImportProblem,
} from './types';

export const KITTY_ARCHIVE_FORMAT = 'kitty-group';
export const KITTY_ARCHIVE_VERSION = 1;

/** How the archive writes an amount (openapi.yaml DecimalString). */
const DECIMAL_STRING = /^-?[0-9]+(\.[0-9]+)?$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const STATUSES = ['active', 'paused', 'stopped', 'finished'] as const;

/** Where things begin in the text: each top-level key, and each item of each top-level list. */
interface Lines {
  keys: Map<string, number>;
  items: Map<string, number[]>;
}

/**
 * The lines of the archive's top-level keys and of the items of its top-level lists, by one pass over text
 * JSON.parse has already accepted (so it is well formed).
 */
function scanLines(text: string): Lines {
  const keys = new Map<string, number>();
  const items = new Map<string, number[]>();
  const stack: string[] = [];
  let line = 1;
  let rootKey = '';
  let expectKey = false;
  let elementStart = false;
  const valueStarts = () => {
    if (elementStart && stack.length === 2 && stack[0] === '{' && stack[1] === '[') {
      items.get(rootKey)?.push(line);
      elementStart = false;
    }
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    else if (c === ' ' || c === '\t' || c === '\r' || c === ':') continue;
    else if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (stack.length === 1 && expectKey) {
        rootKey = JSON.parse(text.slice(i, j + 1)) as string;
        if (!keys.has(rootKey)) keys.set(rootKey, line);
        expectKey = false;
      } else valueStarts();
      i = j;
    } else if (c === '{' || c === '[') {
      valueStarts();
      stack.push(c);
      if (stack.length === 1 && c === '{') expectKey = true;
      if (stack.length === 2 && c === '[') {
        items.set(rootKey, []);
        elementStart = true;
      }
    } else if (c === '}' || c === ']') {
      stack.pop();
      elementStart = false;
    } else if (c === ',') {
      if (stack.length === 1) expectKey = true;
      if (stack.length === 2 && stack[1] === '[') elementStart = true;
    } else {
      // A number, true, false or null: one value, to the next structural character.
      valueStarts();
      while (i + 1 < text.length && !/[\s,\]}]/.test(text[i + 1] as string)) i++;
    }
  }
  return { keys, items };
}

/** The line where JSON.parse stopped, from its message ("at position 42", "(line 3 column 5)"). */
function syntaxLine(text: string, message: string): number {
  const explicit = /line (\d+)/.exec(message);
  if (explicit) return Number(explicit[1]);
  const position = /position (\d+)/.exec(message);
  if (!position) return 1;
  return text.slice(0, Number(position[1])).split('\n').length;
}

/** Thrown inside parse for anything that is not a version-1 archive; parse turns it into the failure. */
class NotAnArchive extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown>;

/** Reads one item's fields, failing with the item's line and the field's name. */
class Fields {
  constructor(
    readonly obj: Json,
    readonly line: number,
    readonly what: string,
  ) {}

  fail(field: string, rule: string): never {
    throw new NotAnArchive(this.line, `${this.what}: "${field}" ${rule}`);
  }
  string(field: string): string {
    const v = this.obj[field];
    if (typeof v !== 'string') this.fail(field, 'must be text');
    return v;
  }
  nullableString(field: string): string | null {
    return this.obj[field] === null ? null : this.string(field);
  }
  boolean(field: string): boolean {
    const v = this.obj[field];
    if (typeof v !== 'boolean') this.fail(field, 'must be true or false');
    return v;
  }
  count(field: string): number {
    const v = this.obj[field];
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0)
      this.fail(field, 'must be a whole number');
    return v;
  }
  nullableCount(field: string): number | null {
    return this.obj[field] === null || this.obj[field] === undefined ? null : this.count(field);
  }
  dateTime(field: string): string {
    const v = this.string(field);
    if (!DATE_TIME.test(v) || Number.isNaN(Date.parse(v))) this.fail(field, 'must be a date and time');
    return v;
  }
  day(field: string): string {
    const v = this.string(field);
    if (isoDay(v) !== v) this.fail(field, 'must be a day written YYYY-MM-DD');
    return v;
  }
  nullableDay(field: string): string | null {
    return this.obj[field] === null || this.obj[field] === undefined ? null : this.day(field);
  }
  decimal(field: string): string {
    const v = this.string(field);
    if (!DECIMAL_STRING.test(v)) this.fail(field, 'must be a decimal number written as text, like "12.50"');
    return v;
  }
  list(field: string): unknown[] {
    const v = this.obj[field];
    if (!Array.isArray(v)) this.fail(field, 'must be a list');
    return v;
  }
  object(field: string): Fields {
    return new Fields(objectOf(this.obj[field], this.line, `${this.what}: "${field}"`), this.line, this.what);
  }
  oneOf<T extends string>(field: string, values: readonly T[]): T {
    const v = this.string(field);
    if (!(values as readonly string[]).includes(v)) this.fail(field, `must be one of ${values.join(', ')}`);
    return v as T;
  }
}

function objectOf(value: unknown, line: number, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new NotAnArchive(line, `${what} must be an object`);
  return value as Json;
}

/** An amount in minor units of `currency`, or the reason it is not one (a problem of its row). */
function money(text: string, currency: string): { value: Minor } | { error: string } {
  if (!isKnownCurrency(currency)) return { error: `Currency ${currency} is not one Kitty supports` };
  const parsed = parseMoney(text, currency);
  return parsed.ok ? { value: parsed.value } : { error: `${text} ${currency}: ${parsed.error}` };
}

/** A row found wrong in its numbers: reported on its line and left out. */
class RowProblem extends Error {}

function minor(text: string, currency: string): Minor {
  const read = money(text, currency);
  if ('error' in read) throw new RowProblem(read.error);
  return read.value;
}

/**
 * Each member's name in the ledger, unique: their display name (their e-mail when it is empty), and for two
 * people with one name (whatever its case), the e-mail beside it: "Alex (alex@example.com)".
 */
function uniqueNames(people: { id: string; name: string; email: string }[]): Map<string, string> {
  const fold = (name: string) => name.toLowerCase();
  const baseOf = (p: { name: string; email: string }) => p.name.trim() || p.email.trim();
  const count = new Map<string, number>();
  for (const p of people) count.set(fold(baseOf(p)), (count.get(fold(baseOf(p))) ?? 0) + 1);
  const names = new Map<string, string>();
  const used = new Set<string>();
  for (const p of people) {
    const base = baseOf(p);
    const plain = (count.get(fold(base)) ?? 0) > 1 ? `${base} (${p.email.trim()})` : base;
    let name = plain;
    for (let n = 2; used.has(fold(name)); n++) name = `${plain} #${n}`;
    used.add(fold(name));
    names.set(p.id, name);
  }
  return names;
}

interface ReadSplit {
  parts: ImportedPart[];
  kind: { type: SplitType; details: SplitDetails; leftoverStart: number };
}

/** An item's payers, splits and split kind, its people by member name (problems thrown as RowProblem). */
function readParts(f: Fields, currency: string, names: Map<string, string>, leftoverStart: number) {
  const who = (id: string) => names.get(id) ?? `Member ${id}`;
  const type = f.string('split_type');
  if (!isSplitType(type)) f.fail('split_type', 'must be equal, percentage, shares, exact or adjustment');
  const payers = f.list('payers').map((raw) => {
    const p = new Fields(objectOf(raw, f.line, `${f.what}: a payer`), f.line, `${f.what}: a payer`);
    return { member: who(p.string('member')), amount: p.decimal('amount') };
  });
  const details: SplitDetails = {};
  const splits = f.list('splits').map((raw) => {
    const s = new Fields(objectOf(raw, f.line, `${f.what}: a split`), f.line, `${f.what}: a split`);
    const member = who(s.string('member'));
    const amount = s.decimal('amount');
    const percentage = s.nullableString('percentage');
    const shares = s.obj.shares === null ? null : s.count('shares');
    const adjustment = s.nullableString('adjustment');
    if (percentage !== null && !DECIMAL_STRING.test(percentage))
      s.fail('percentage', 'must be a decimal number written as text');
    if (adjustment !== null && !DECIMAL_STRING.test(adjustment))
      s.fail('adjustment', 'must be a decimal number written as text');
    return { member, amount, percentage, shares, adjustment };
  });
  // From here on, what is wrong is the numbers: a problem of this row, not of the file.
  const readPayers = payers.map((p) => ({ member: p.member, amount: minor(p.amount, currency) }));
  const parts = splits.map((s) => ({ member: s.member, amount: minor(s.amount, currency) }));
  for (const s of splits) {
    if (type === 'percentage') {
      const value = s.percentage === null ? null : numberOfDecimalText(s.percentage);
      if (value === null) throw new RowProblem(`A percentage split without ${s.member}'s percentage`);
      details.percentages = { ...details.percentages, [s.member]: value };
    } else if (type === 'shares') {
      if (s.shares === null) throw new RowProblem(`A split by shares without ${s.member}'s shares`);
      details.shares = { ...details.shares, [s.member]: s.shares };
    } else if (type === 'exact') {
      details.amounts = { ...details.amounts, [s.member]: minor(s.amount, currency) };
    } else if (type === 'adjustment') {
      if (s.adjustment === null)
        throw new RowProblem(`A split with adjustments without ${s.member}'s adjustment`);
      details.adjustments = { ...details.adjustments, [s.member]: minor(s.adjustment, currency) };
    }
  }
  const split: ReadSplit = { parts, kind: { type, details, leftoverStart } };
  return { payers: readPayers, split };
}

/**
 * What an expense and a recurring expense's template share: their text fields read now (a wrong shape fails
 * the file), their numbers when the row is read (`numbers(leftoverStart)`, a problem thrown as RowProblem).
 */
function expenseParts(f: Fields, names: Map<string, string>) {
  const description = f.string('description');
  const category = f.string('category');
  const currency = f.string('currency');
  const amount = f.decimal('amount');
  const notes = f.string('notes');
  return (leftoverStart: number) => {
    const { payers, split } = readParts(f, currency, names, leftoverStart);
    return {
      description,
      category,
      currency,
      amount: minor(amount, currency),
      notes,
      payers,
      splits: split.parts,
      splitKind: split.kind,
    };
  };
}

function parseArchive(text: string): ImportParseResult {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      error: { line: syntaxLine(text, message), message: `This is not valid JSON: ${message}` },
    };
  }
  const lines = scanLines(text);
  const keyLine = (key: string) => lines.keys.get(key) ?? 1;
  const root = new Fields(objectOf(doc, 1, 'The archive'), 1, 'The archive');
  if (root.obj.format !== KITTY_ARCHIVE_FORMAT)
    throw new NotAnArchive(
      keyLine('format'),
      `This is not a Kitty archive ("format" is not "${KITTY_ARCHIVE_FORMAT}")`,
    );
  if (root.obj.version !== KITTY_ARCHIVE_VERSION) {
    throw new NotAnArchive(
      keyLine('version'),
      `This archive is version ${JSON.stringify(root.obj.version ?? null)}; this Kitty reads version ${KITTY_ARCHIVE_VERSION}`,
    );
  }
  const listOf = (key: string) => {
    const at = new Fields(root.obj, keyLine(key), 'The archive');
    const list = at.list(key);
    const starts = lines.items.get(key) ?? [];
    return list.map((item, i) => ({ item, line: starts[i] ?? keyLine(key) }));
  };
  const group = new Fields(root.obj, keyLine('group'), 'The archive').object('group');
  const groupName = group.string('name');
  const groupCurrency = group.string('currency');

  // Members: everyone the archive names, by id.
  const people = listOf('members').map(({ item, line }) => {
    const m = new Fields(objectOf(item, line, 'A member'), line, 'A member');
    return { id: m.string('id'), name: m.string('name'), email: m.string('email'), line };
  });
  const seen = new Set<string>();
  for (const p of people) {
    if (seen.has(p.id)) throw new NotAnArchive(p.line, `Member id ${p.id} appears twice`);
    seen.add(p.id);
  }
  const names = uniqueNames(people);
  const members: ImportedMember[] = people.map((p) => ({ name: names.get(p.id)!, email: p.email }));
  const memberNames = new Set(members.map((m) => m.name));
  const member = (f: Fields, field: string) => {
    const id = f.string(field);
    return names.get(id) ?? `Member ${id}`;
  };

  const problems: ImportProblem[] = [];
  const keys = new Set<string>();
  const once = (key: string) => {
    if (keys.has(key)) throw new RowProblem('This id appears twice in the archive');
    keys.add(key);
  };
  const rowOf = <T>(line: number, read: () => T): T | null => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      problems.push({ line, message: error.message });
      return null;
    }
  };

  const expenses: ImportedExpense[] = [];
  const expenseItems = listOf('expenses');
  for (const { item, line } of expenseItems) {
    const f = new Fields(objectOf(item, line, 'An expense'), line, 'An expense');
    const id = f.string('id');
    const date = f.dateTime('date');
    const numbers = expenseParts(f, names);
    const leftoverStart = f.count('leftover_start');
    const comments: ImportedComment[] = f.list('comments').map((raw) => {
      const c = new Fields(objectOf(raw, line, 'An expense: a comment'), line, 'An expense: a comment');
      return { author: member(c, 'author'), text: c.string('text'), createdAt: c.dateTime('created_at') };
    });
    const createdBy = member(f, 'created_by');
    f.dateTime('created_at');
    const recurring = f.nullableString('recurring_expense_id');
    const occurrenceDate = f.nullableDay('occurrence_date');
    if ((recurring === null) !== (occurrenceDate === null))
      f.fail('occurrence_date', 'must be given exactly when recurring_expense_id is');
    const read = rowOf(line, () => {
      const expense: ImportedExpense = {
        line,
        key: `kitty:${id}`,
        date,
        ...numbers(leftoverStart),
        comments,
        createdBy,
        ...(recurring !== null && occurrenceDate !== null
          ? { occurrence: { recurring: `kitty-recurring:${recurring}`, date: occurrenceDate } }
          : {}),
      };
      const problem = expenseProblem(expense, memberNames);
      if (problem) throw new RowProblem(problem);
      for (const who of [createdBy, ...comments.map((c) => c.author)])
        if (!memberNames.has(who)) throw new RowProblem(`${who} is not a member of the group`);
      once(expense.key);
      return expense;
    });
    if (read) expenses.push(read);
  }

  const settlements: ImportedSettlement[] = [];
  const settlementItems = listOf('settlements');
  for (const { item, line } of settlementItems) {
    const f = new Fields(objectOf(item, line, 'A settlement'), line, 'A settlement');
    const id = f.string('id');
    const date = f.dateTime('date');
    const from = member(f, 'from');
    const to = member(f, 'to');
    const amount = f.decimal('amount');
    const currency = f.string('currency');
    const description = f.nullableString('description') ?? '';
    const createdBy = member(f, 'created_by');
    const read = rowOf(line, () => {
      const s: ImportedSettlement = {
        line,
        key: `kitty-settlement:${id}`,
        date,
        from,
        to,
        amount: minor(amount, currency),
        currency,
        description,
        createdBy,
      };
      const problem = settlementProblem(s, memberNames);
      if (problem) throw new RowProblem(problem);
      if (!memberNames.has(createdBy)) throw new RowProblem(`${createdBy} is not a member of the group`);
      once(s.key);
      return s;
    });
    if (read) settlements.push(read);
  }

  const recurring: ImportedRecurring[] = [];
  for (const { item, line } of listOf('recurring_expenses')) {
    const f = new Fields(objectOf(item, line, 'A recurring expense'), line, 'A recurring expense');
    const id = f.string('id');
    const status = f.oneOf('status', STATUSES);
    const s = f.object('schedule');
    const frequency = s.oneOf<RecurrenceFrequency>('frequency', RECURRENCE_FREQUENCIES);
    const startDate = s.day('start_date');
    const endDate = s.nullableDay('end_date');
    const occurrences = s.nullableCount('occurrences');
    const timeZone = s.obj.time_zone === undefined ? 'UTC' : s.string('time_zone');
    if (!isTimeZone(timeZone)) s.fail('time_zone', 'is not a known time zone');
    const nextDate = f.nullableDay('next_date');
    const occurrencesCreated = f.count('occurrences_created');
    const createdBy = member(f, 'created_by');
    const numbers = expenseParts(f.object('expense'), names);
    const read = rowOf(line, () => {
      const template = numbers(0);
      const problem = expenseProblem({ ...template, line, key: '', date: startDate }, memberNames);
      if (problem) throw new RowProblem(problem);
      if (!memberNames.has(createdBy)) throw new RowProblem(`${createdBy} is not a member of the group`);
      const r: ImportedRecurring = {
        line,
        key: `kitty-recurring:${id}`,
        status,
        schedule: { frequency, start_date: startDate, end_date: endDate, occurrences, time_zone: timeZone },
        nextDate,
        occurrencesCreated,
        createdBy,
        expense: template,
      };
      once(r.key);
      return r;
    });
    if (read) recurring.push(read);
  }

  const sourceBalances: ImportedBalance[] = listOf('balances').map(({ item, line }) => {
    const b = new Fields(objectOf(item, line, 'A balance'), line, 'A balance');
    const who = member(b, 'member');
    const currency = b.string('currency');
    const read = money(b.decimal('amount'), currency);
    if ('error' in read) throw new NotAnArchive(line, `A balance: ${read.error}`);
    return { member: who, currency, amount: read.value };
  });

  problems.sort((a, b) => a.line - b.line);
  const ledger: ImportedLedger = {
    format: 'kitty-json',
    assumedCurrency: null,
    groupName,
    currency: isKnownCurrency(groupCurrency) ? groupCurrency : null,
    rows: expenseItems.length + settlementItems.length,
    members,
    expenses,
    settlements,
    recurring,
    problems,
    sourceBalances,
  };
  return { ok: true, ledger };
}

/** kitty-json: Kitty's own archive of a group (docs/export-format.md). */
export const readKittyJson: ImportReader = {
  format: 'kitty-json',
  sniff: (content) => /^\s*\{/.test(content) && /"format"\s*:\s*"kitty-group"/.test(content),
  parse: (content) => {
    try {
      return parseArchive(content);
    } catch (error) {
      if (error instanceof NotAnArchive)
        return { ok: false, error: { line: error.line, message: error.message } };
      throw error;
    }
  },
};
