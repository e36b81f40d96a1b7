// A group's history (issue 23): the pure parts. Which kinds of event there are, what changed between two
// snapshots of an expense or of a group's settings, and the words each event is shown in. (Not history.ts,
// which groups settlements by day.) Amounts are integer minor units of the currency stored beside them.
import { formatMoneyWithSymbol } from './money';

export const GROUP_EVENT_KINDS = [
  'group_created',
  'expense_created',
  'expense_edited',
  'expense_deleted',
  'settlement_recorded',
  'member_joined',
  'member_left',
  'member_removed',
  'settings_changed',
  'recurrence_changed',
] as const;
export type GroupEventKind = (typeof GROUP_EVENT_KINDS)[number];

export function isGroupEventKind(value: unknown): value is GroupEventKind {
  return typeof value === 'string' && (GROUP_EVENT_KINDS as readonly string[]).includes(value);
}

/** Labels of the kinds, for a filter. */
export const GROUP_EVENT_KIND_LABELS: Record<GroupEventKind, string> = {
  group_created: 'Group created',
  expense_created: 'Expense added',
  expense_edited: 'Expense edited',
  expense_deleted: 'Expense deleted',
  settlement_recorded: 'Payment recorded',
  member_joined: 'Member joined',
  member_left: 'Member left',
  member_removed: 'Member removed',
  settings_changed: 'Settings changed',
  recurrence_changed: 'Recurring expense changed',
};

/** An expense as its history keeps it: every figure a person reads, amounts in minor units. */
export interface ExpenseSnapshot {
  description: string;
  amount_minor: number;
  currency: string;
  category: string;
  /** ISO date and time. */
  date: string;
  notes: string;
  split_type: string;
  /** Who paid what. */
  payers: Record<string, number>;
  /** Who owes what. */
  shares: Record<string, number>;
}

/** What changed: field -> [before, after]; a field that did not change is absent. */
export type Changes = Record<string, [unknown, unknown]>;

/** Deep equality of JSON values (records compare by their entries, whatever their order). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  }
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) =>
      Object.hasOwn(b as object, k) &&
      sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

/**
 * The generic diff of two flat records: every key of either whose value differs, [before, after]
 * (a missing value is null). Used for expenses and for a group's settings, so a field added later is
 * recorded without changing this code.
 */
export function recordChanges(before: Record<string, unknown>, after: Record<string, unknown>): Changes {
  const changes: Changes = {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  for (const key of keys) {
    const b = before[key] ?? null;
    const a = after[key] ?? null;
    if (!sameJson(b, a)) changes[key] = [b, a];
  }
  return changes;
}

/** What an edit changed of an expense. */
export function expenseChanges(before: ExpenseSnapshot, after: ExpenseSnapshot): Changes {
  return recordChanges({ ...before }, { ...after });
}

/** The expense after applying an edit's changes (the "after" of each field) to the one before. */
export function applyChanges<T>(before: T, changes: Changes): T {
  const next: Record<string, unknown> = { ...(before as Record<string, unknown>) };
  for (const [field, [, after]] of Object.entries(changes)) next[field] = after;
  return next as T;
}

/** One event as the history shows it. */
export interface GroupEventLike {
  kind: GroupEventKind;
  actor: { display_name: string };
  /** The person the event is about (joined, left, removed; a payment's payer). */
  user?: { display_name: string } | null;
  details: Record<string, unknown>;
}

export type NameOf = (userId: string) => string;

const FIELD_LABELS: Record<string, string> = {
  description: 'description',
  amount_minor: 'amount',
  currency: 'currency',
  category: 'category',
  date: 'date',
  notes: 'notes',
  split_type: 'split',
  payers: 'paid by',
  shares: 'shares',
  default_split_type: 'default split',
  default_split_config: 'default split details',
  name: 'name',
};

/** A field's name in words ("amount_minor" -> "amount"); an unknown field reads as itself. */
export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field.replaceAll('_', ' ');
}

// The order a person reads an edit in (a database may hand the fields back in any order).
const FIELD_ORDER = Object.keys(FIELD_LABELS);

/** The changes in reading order: the known fields first, as FIELD_LABELS lists them, then any other by name. */
export function orderedChanges(changes: Changes): [string, [unknown, unknown]][] {
  const rank = (field: string) => {
    const i = FIELD_ORDER.indexOf(field);
    return i === -1 ? FIELD_ORDER.length : i;
  };
  return Object.entries(changes).sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

/** How a translated history writes the parts it is given: money, an empty value and a field's name. */
export interface EventFormat {
  money: (minor: number, currency: string) => string;
  /** An empty value ("(none)"). */
  none: string;
  /** A person the event does not name ("someone"). */
  someone: string;
  /** A field's name in words ("amount_minor" -> "amount"); fieldLabel is the English. */
  field: (field: string) => string;
}

/**
 * One event as a message id and its values: the caller's catalog writes the sentence (groupEventWords is the
 * English, for the server and the CLI). `changes` is already written ("amount 90,00 € -> 95,00 €; …") with
 * `format`.
 */
export type GroupEventMessage =
  | { id: 'groupCreated'; values: { actor: string; name: string } }
  | {
      id: 'expenseAddedBare' | 'expenseDeletedBare' | 'memberJoined' | 'memberLeft';
      values: { actor: string };
    }
  | {
      id: 'expenseAdded' | 'expenseDeleted' | 'expenseAddedByRecurring';
      values: { actor: string; description: string; amount: string; payers: string; shares: string };
    }
  | { id: 'expenseEdited'; values: { actor: string; description: string; changes: string } }
  | { id: 'paymentRecorded'; values: { actor: string; from: string; to: string; amount: string } }
  | { id: 'memberAdded' | 'memberRemoved'; values: { actor: string; user: string } }
  | { id: 'recurringFinished' | 'recurringPausedMemberLeft'; values: { description: string } }
  | { id: 'recurringChanged'; values: { actor: string; action: string; description: string } }
  | { id: 'settingsChanged'; values: { actor: string; changes: string } };

/** What happened to a recurring expense, as a select key of the message (unknown actions read "edited"). */
const RECURRENCE_ACTIONS = new Set(['created', 'edited', 'paused', 'resumed', 'stopped']);

export function groupEventMessage(
  event: GroupEventLike,
  nameOf: NameOf,
  format: EventFormat,
): GroupEventMessage {
  const actor = event.actor.display_name;
  const d = event.details;
  const none = (value: unknown) =>
    value === null || value === undefined || value === ''
      ? format.none
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);
  const list = (value: unknown, currency: string) => {
    if (value === null || typeof value !== 'object') return format.none;
    const entries = Object.entries(value as Record<string, number>);
    if (entries.length === 0) return format.none;
    return entries
      .sort(([a, x], [b, y]) => y - x || nameOf(a).localeCompare(nameOf(b)))
      .map(([id, minor]) => `${nameOf(id)} ${format.money(minor, currency)}`)
      .join(', ');
  };
  const value = (field: string, v: unknown, currency: string) => {
    if (field === 'amount_minor' && typeof v === 'number') return format.money(v, currency);
    if (field === 'payers' || field === 'shares') return list(v, currency);
    if (field === 'date' && typeof v === 'string') return v.slice(0, 10);
    return none(v);
  };
  const user = event.user?.display_name ?? format.someone;
  switch (event.kind) {
    case 'group_created':
      return { id: 'groupCreated', values: { actor, name: str(d.name) } };
    case 'expense_created':
    case 'expense_deleted': {
      const e = d.expense as ExpenseSnapshot | undefined;
      const added = event.kind === 'expense_created';
      if (!e) return { id: added ? 'expenseAddedBare' : 'expenseDeletedBare', values: { actor } };
      const values = {
        actor,
        description: e.description,
        amount: format.money(e.amount_minor, e.currency),
        payers: list(e.payers, e.currency),
        shares: list(e.shares, e.currency),
      };
      if (added && d.recurring_expense_id) return { id: 'expenseAddedByRecurring', values };
      return { id: added ? 'expenseAdded' : 'expenseDeleted', values };
    }
    case 'expense_edited': {
      const changes = (d.changes ?? {}) as Changes;
      const currency = str(d.currency, 'EUR');
      const currencies: [string, string] = changes.currency
        ? [str(changes.currency[0], currency), str(changes.currency[1], currency)]
        : [currency, currency];
      const words = orderedChanges(changes)
        .map(
          ([field, [before, after]]) =>
            `${format.field(field)} ${value(field, before, currencies[0])} -> ${value(field, after, currencies[1])}`,
        )
        .join('; ');
      return { id: 'expenseEdited', values: { actor, description: str(d.description), changes: words } };
    }
    case 'settlement_recorded': {
      const amount = typeof d.amount_minor === 'number' ? d.amount_minor : 0;
      return {
        id: 'paymentRecorded',
        values: {
          actor,
          from: nameOf(str(d.from_user_id)),
          to: nameOf(str(d.to_user_id)),
          amount: format.money(amount, str(d.currency, 'EUR')),
        },
      };
    }
    case 'member_joined':
      return event.user && event.user.display_name !== actor
        ? { id: 'memberAdded', values: { actor, user } }
        : { id: 'memberJoined', values: { actor } };
    case 'member_left':
      return { id: 'memberLeft', values: { actor } };
    case 'member_removed':
      return { id: 'memberRemoved', values: { actor, user } };
    case 'recurrence_changed': {
      const description = str(d.description);
      if (d.action === 'finished') return { id: 'recurringFinished', values: { description } };
      if (d.action === 'paused_member_left')
        return { id: 'recurringPausedMemberLeft', values: { description } };
      const action = RECURRENCE_ACTIONS.has(str(d.action)) ? str(d.action) : 'edited';
      return { id: 'recurringChanged', values: { actor, action, description } };
    }
    case 'settings_changed': {
      const changes = (d.changes ?? {}) as Changes;
      const words = orderedChanges(changes)
        .map(([field, [before, after]]) => `${format.field(field)} ${none(before)} -> ${none(after)}`)
        .join('; ');
      return { id: 'settingsChanged', values: { actor, changes: words } };
    }
  }
}

/** What happened to a recurring expense, in a `recurrence_changed` event's `action`. */
const RECURRENCE_ACTION_WORDS: Record<string, string> = {
  created: 'set up',
  edited: 'changed',
  paused: 'paused',
  resumed: 'resumed',
  stopped: 'stopped',
};

const ENGLISH_FORMAT: EventFormat = {
  money: (minor, currency) => formatMoneyWithSymbol(minor, currency),
  none: '(none)',
  someone: 'someone',
  field: fieldLabel,
};

/** The sentence of one event in English: "Alice edited Dinner: amount €90.00 -> €95.00". */
export function groupEventWords(event: GroupEventLike, nameOf: NameOf): string {
  const message = groupEventMessage(event, nameOf, ENGLISH_FORMAT);
  switch (message.id) {
    case 'groupCreated': {
      const { actor, name } = message.values;
      return `${actor} created the group ${name}`.trimEnd();
    }
    case 'expenseAddedBare':
      return `${message.values.actor} added an expense`;
    case 'expenseDeletedBare':
      return `${message.values.actor} deleted an expense`;
    case 'expenseAdded':
    case 'expenseDeleted':
    case 'expenseAddedByRecurring': {
      const { actor, description, amount, payers, shares } = message.values;
      const what = `${amount}, paid by ${payers}; shares ${shares}`;
      if (message.id === 'expenseAddedByRecurring')
        return `${description} was added by the recurring expense ${actor} set up: ${what}`;
      return `${actor} ${message.id === 'expenseAdded' ? 'added' : 'deleted'} ${description}: ${what}`;
    }
    case 'expenseEdited': {
      const { actor, description, changes } = message.values;
      return `${actor} edited ${description}${changes ? `: ${changes}` : ''}`;
    }
    case 'paymentRecorded': {
      const { actor, from, to, amount } = message.values;
      return `${actor} recorded a payment: ${from} paid ${to} ${amount}`;
    }
    case 'memberAdded':
      return `${message.values.actor} added ${message.values.user} to the group`;
    case 'memberJoined':
      return `${message.values.actor} joined the group`;
    case 'memberLeft':
      return `${message.values.actor} left the group`;
    case 'memberRemoved':
      return `${message.values.actor} removed ${message.values.user} from the group`;
    case 'recurringFinished':
      return `The recurring expense ${message.values.description} finished`.trimEnd();
    case 'recurringPausedMemberLeft':
      return `The recurring expense ${message.values.description} was paused: someone in it is no longer a member`;
    case 'recurringChanged': {
      const { actor, action, description } = message.values;
      return `${actor} ${RECURRENCE_ACTION_WORDS[action] ?? 'changed'} the recurring expense ${description}`.trimEnd();
    }
    case 'settingsChanged': {
      const { actor, changes } = message.values;
      return `${actor} changed the settings${changes ? `: ${changes}` : ''}`;
    }
  }
}
