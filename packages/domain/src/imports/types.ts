import type { Minor } from '../money';
import type { RecurrenceSchedule } from '../recurrence';
import type { SplitDetails, SplitType } from '../splits';

/** The files POST /imports reads (openapi.yaml ImportFormat). */
export const IMPORT_FORMATS = [
  'splitwise-csv',
  'spliit-json',
  'spliit-csv',
  'ihatemoney-json',
  'ihatemoney-csv',
  'cospend-csv',
  'splitpro-csv',
  'kitty-json',
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** The app each format comes from, as people know it ("Imported from Splitwise"). */
export const IMPORT_APP: Readonly<Record<ImportFormat, string>> = {
  'splitwise-csv': 'Splitwise',
  'spliit-json': 'Spliit',
  'spliit-csv': 'Spliit',
  'ihatemoney-json': 'IHateMoney',
  'ihatemoney-csv': 'IHateMoney',
  'cospend-csv': 'Cospend',
  'splitpro-csv': 'SplitPro',
  'kitty-json': 'Kitty',
};

/**
 * A member as the file names them. `name` is the key every row uses (unique within the file, as written,
 * trimmed); `email` when the file gives one (Kitty's export).
 */
export interface ImportedMember {
  name: string;
  email: string | null;
}

/** Someone's part of an expense (what they paid, or their share), in minor units of its currency. */
export interface ImportedPart {
  member: string;
  amount: Minor;
}

/** How Kitty's own export keeps a split's kind, so a re-import makes the very same shares. */
export interface ImportedSplitKind {
  type: SplitType;
  details: SplitDetails;
  leftoverStart: number;
}

export interface ImportedComment {
  author: string;
  text: string;
  createdAt: string;
}

/**
 * One expense to import. Invariants the parsers guarantee (else the row is a problem, not an expense):
 * amount > 0; payers and splits each sum exactly to amount; every member named is in the file's members;
 * a member appears at most once in payers and once in splits; currency is one Kitty supports.
 */
export interface ImportedExpense {
  /** The line of the file where the row begins (1-based; for JSON, where the item begins). */
  line: number;
  /**
   * Where the row came from, stable across exports of the same data (the source's id when it has one,
   * else a digest of the row's content and its ordinal among identical rows): what makes a re-import
   * write nothing twice.
   */
  key: string;
  /**
   * What identifies the row in any export of its app (parseImport's, keys.ts `rowIdentity`): its day,
   * amount, currency, payers and description. Recognises a row another format of the app wrote.
   */
  identity?: string;
  /** "YYYY-MM-DD" (a day, dated noon in the importer's zone) or a full ISO instant (Kitty's export). */
  date: string;
  description: string;
  /** One of Kitty's categories (domain EXPENSE_CATEGORIES); the source's own name goes into notes if lost. */
  category: string;
  currency: string;
  amount: Minor;
  notes: string;
  payers: ImportedPart[];
  splits: ImportedPart[];
  /** Kitty's export only: the split as it was made (otherwise the import records exact amounts). */
  splitKind?: ImportedSplitKind;
  comments?: ImportedComment[];
  /** Kitty's export only: who recorded it, the member key. */
  createdBy?: string;
  /**
   * Kitty's export only: the recurring expense (its ImportedRecurring's `key`) and the day it was the
   * occurrence of.
   */
  occurrence?: { recurring: string; date: string };
}

/** A payment between two members: `from` paid `to` (from's balance goes up, to's down). */
export interface ImportedSettlement {
  line: number;
  key: string;
  /** As an expense's: its day, amount, currency, who paid whom. */
  identity?: string;
  date: string;
  from: string;
  to: string;
  amount: Minor;
  currency: string;
  description: string;
  createdBy?: string;
}

/** Kitty's export only: a recurring expense, carried over with where its schedule stands. */
export interface ImportedRecurring {
  line: number;
  key: string;
  status: 'active' | 'paused' | 'stopped' | 'finished';
  schedule: RecurrenceSchedule & { time_zone: string };
  nextDate: string | null;
  occurrencesCreated: number;
  createdBy: string;
  expense: Omit<ImportedExpense, 'line' | 'key' | 'date' | 'comments' | 'createdBy' | 'occurrence'>;
}

export interface ImportProblem {
  line: number;
  message: string;
}

/** A member's balance in one currency (positive: owed to them), in minor units. */
export interface ImportedBalance {
  member: string;
  currency: string;
  amount: Minor;
}

/** What a file holds, read and checked, before anyone is mapped to an account. */
export interface ImportedLedger {
  format: ImportFormat;
  /** The group's name when the file says it. */
  groupName: string | null;
  /** The group's main currency when the file says it (else the importer picks the most used). */
  currency: string | null;
  /** The data rows read: expenses, payments and the rows that were problems. */
  rows: number;
  members: ImportedMember[];
  expenses: ImportedExpense[];
  settlements: ImportedSettlement[];
  recurring: ImportedRecurring[];
  /** Rows that cannot be imported and why, in file order. */
  problems: ImportProblem[];
  /**
   * The balances the file itself implies, including its problem rows: its own columns of balances when it
   * has them (Splitwise, Kitty), else the source app's rules applied to its rows. null when it cannot say.
   */
  sourceBalances: ImportedBalance[] | null;
  /** The ImportOptions currency, when some row's file did not say its currency and it was used. */
  assumedCurrency: string | null;
}

/** A file that cannot be read at all: the line where reading stopped, and why (a sentence that does not repeat the line). */
/** What the person importing tells every reader. */
export interface ImportOptions {
  /**
   * The currency of the rows whose file does not say which (an IHateMoney project without a currency, an
   * old Spliit group with only "$", a Cospend project without a main currency); null: such rows are problems.
   */
  currency: string | null;
}

export interface ImportFailure {
  line: number;
  message: string;
}

export type ImportParseResult = { ok: true; ledger: ImportedLedger } | { ok: false; error: ImportFailure };

export type ImportParser = (content: string, options: ImportOptions) => ImportParseResult;
