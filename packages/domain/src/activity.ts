// The Group detail activity list (section 2 "Activity section", section 4 "Activity list").
//
// Which items are visible:
// - No settlements: every expense ("Group Activity").
// - Settlements, group not settled ("Activity Since Settlement"): the latest settlement as an entry, plus the
//   expenses recorded after it (flagged). "Show previous expenses" adds the older expenses.
// - Settlements, group settled ("Recent Activity"): the recent settlements, i.e. those recorded after the
//   newest expense that predates the latest settlement (at least the latest one), plus any expense recorded
//   after the latest settlement (flagged; normally none). "Show previous expenses" adds the older expenses.
// Hidden earlier expenses that still count toward someone's balance are announced under the header
// ("3 earlier expenses still count toward balances - Show"): see earlierExpensesStillCounting.
// "After the latest settlement" is judged by when items were recorded (created_at, else their date): the
// settlement covered exactly what had been recorded before it, so a back-dated expense recorded later is
// still shown as new. The list itself is ordered by the date people see, newest first.

import { isSettledAmount } from './balances';
import { byCodeUnit } from './order';

export const ACTIVITY_TITLE_NO_SETTLEMENTS = 'Group Activity';
export const ACTIVITY_TITLE_SINCE_SETTLEMENT = 'Activity Since Settlement';
export const ACTIVITY_TITLE_SETTLED = 'Recent Activity';
export const SHOW_PREVIOUS_EXPENSES = 'Show previous expenses';
export const HIDE_PREVIOUS_EXPENSES = 'Hide previous expenses';
export const NO_EXPENSES_YET = 'No expenses in this group yet.';
export const NO_RECENT_ACTIVITY_SETTLED = 'No recent activity in this settled group.';
export const UPDATING_ACTIVITY = 'Updating activity...';

export interface ActivityBanner {
  title: string;
  note: string;
}

export const SETTLED_BANNER: ActivityBanner = {
  title: 'This group is all settled up!',
  note: 'All balances are zero. Only recent settlements are shown below.',
};
export const SINCE_SETTLEMENT_BANNER: ActivityBanner = {
  title: 'Recent activity since last settlement',
  note: 'Showing expenses after the most recent settlement.',
};

/** Fields the activity rules read; the rest of each record is carried through untouched. */
export interface ActivityExpenseLike {
  id?: unknown;
  type?: unknown;
  date?: unknown;
  created_at?: unknown;
}

export interface ActivitySettlementLike {
  id?: unknown;
  type?: unknown;
  settlement_date?: unknown;
  date?: unknown;
  created_at?: unknown;
}

interface ItemBase {
  /** Stable, unique among visible items: "expense-<id>" / "settlement-<id>" (React key). */
  key: string;
  /** The record's id as a string (for expenses without the "expense-" prefix). */
  id: string;
  /** Milliseconds of the date shown (expense date / settlement date); the sort key. */
  shownAt: number;
  /** Milliseconds of when it was recorded (created_at, else the shown date). */
  recordedAt: number;
}

export interface ExpenseActivityItem<E> extends ItemBase {
  kind: 'expense';
  /** Recorded after the latest settlement. */
  afterSettlement: boolean;
  expense: E;
}

export interface SettlementActivityItem<S> extends ItemBase {
  kind: 'settlement';
  latest: boolean;
  settlement: S;
}

export type ActivityItem<E, S> = ExpenseActivityItem<E> | SettlementActivityItem<S>;

export const EXPENSE_ID_PREFIX = 'expense-';

/** The id to navigate to (/expenses/{id}): the "expense-" prefix of activity ids removed. */
export function expenseIdForNavigation(id: string | number): string {
  const text = String(id);
  return text.startsWith(EXPENSE_ID_PREFIX) ? text.slice(EXPENSE_ID_PREFIX.length) : text;
}

function usableId(id: unknown): string | null {
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  if (typeof id === 'string' && id.trim() !== '') return id.trim();
  return null;
}

/** Milliseconds of the first parseable date among the candidates; -Infinity when none (sorts oldest). */
function timeOf(...candidates: unknown[]): number {
  for (const value of candidates) {
    if (typeof value !== 'string' && !(value instanceof Date)) continue;
    const ms = value instanceof Date ? value.getTime() : Date.parse(value);
    if (!Number.isNaN(ms)) return ms;
  }
  return Number.NEGATIVE_INFINITY;
}

/** Newest first: shown date, then recorded time, then id (descending), so ties are deterministic. */
export function compareActivity(a: ItemBase, b: ItemBase): number {
  if (a.shownAt !== b.shownAt) return a.shownAt > b.shownAt ? -1 : 1;
  if (a.recordedAt !== b.recordedAt) return a.recordedAt > b.recordedAt ? -1 : 1;
  return byCodeUnit(b.key, a.key);
}

/** Later in recording order: recorded time, then shown date, then key. */
function recordedAfter(a: ItemBase, b: ItemBase): boolean {
  if (a.recordedAt !== b.recordedAt) return a.recordedAt > b.recordedAt;
  if (a.shownAt !== b.shownAt) return a.shownAt > b.shownAt;
  return a.key > b.key;
}

function expenseItems<E extends ActivityExpenseLike>(expenses: readonly E[]): ExpenseActivityItem<E>[] {
  const seen = new Set<string>();
  const items: ExpenseActivityItem<E>[] = [];
  for (const expense of expenses) {
    if (expense === null || typeof expense !== 'object') continue;
    if (expense.type !== undefined && expense.type !== 'expense') continue;
    const raw = usableId(expense.id);
    const id = raw === null ? null : expenseIdForNavigation(raw);
    if (id === null || id === '' || seen.has(id)) continue;
    seen.add(id);
    const shownAt = timeOf(expense.date, expense.created_at);
    const recordedAt = timeOf(expense.created_at, expense.date);
    items.push({
      kind: 'expense',
      key: `expense-${id}`,
      id,
      shownAt,
      recordedAt,
      afterSettlement: false,
      expense,
    });
  }
  return items;
}

function settlementItems<S extends ActivitySettlementLike>(
  settlements: readonly S[],
): SettlementActivityItem<S>[] {
  const seen = new Set<string>();
  const items: SettlementActivityItem<S>[] = [];
  for (const settlement of settlements) {
    if (settlement === null || typeof settlement !== 'object') continue;
    if (settlement.type !== undefined && settlement.type !== 'settlement') continue;
    const id = usableId(settlement.id);
    if (id === null || seen.has(id)) continue;
    seen.add(id);
    const shownAt = timeOf(settlement.settlement_date, settlement.date, settlement.created_at);
    const recordedAt = timeOf(settlement.created_at, settlement.settlement_date, settlement.date);
    items.push({
      kind: 'settlement',
      key: `settlement-${id}`,
      id,
      shownAt,
      recordedAt,
      latest: false,
      settlement,
    });
  }
  return items;
}

export function activityTitle({
  hasSettlements,
  settled,
}: {
  hasSettlements: boolean;
  settled: boolean;
}): string {
  if (!hasSettlements) return ACTIVITY_TITLE_NO_SETTLEMENTS;
  return settled ? ACTIVITY_TITLE_SETTLED : ACTIVITY_TITLE_SINCE_SETTLEMENT;
}

/** The banner above the list; none before the first settlement. */
export function activityBanner({
  hasSettlements,
  settled,
}: {
  hasSettlements: boolean;
  settled: boolean;
}): ActivityBanner | null {
  if (!hasSettlements) return null;
  return settled ? SETTLED_BANNER : SINCE_SETTLEMENT_BANNER;
}

export function previousExpensesToggleLabel(showingPrevious: boolean): string {
  return showingPrevious ? HIDE_PREVIOUS_EXPENSES : SHOW_PREVIOUS_EXPENSES;
}

export function activityEmptyText({
  hasSettlements,
  settled,
}: {
  hasSettlements: boolean;
  settled: boolean;
}): string {
  return hasSettlements && settled ? NO_RECENT_ACTIVITY_SETTLED : NO_EXPENSES_YET;
}

/** What an expense does to balances, in minor units of its currency: member id -> paid minus share. */
export interface ExpenseEffect {
  currency: string;
  nets: Readonly<Record<string, number>>;
}

export interface ActivityInput<E, S> {
  expenses: readonly E[];
  settlements: readonly S[];
  /** The group is settled: its absolute balance is below 0.01. */
  settled: boolean;
  /** "Show previous expenses" is on. */
  showPrevious?: boolean;
  /**
   * Every member's net now, currency -> member id -> minor units (all currencies of the group). With
   * `effectOf`, lets the view say whether the hidden earlier expenses still count (`earlierStillCounting`).
   */
  balancesNow?: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** An expense's effect on balances; null when it cannot be read. */
  effectOf?: (expense: E) => ExpenseEffect | null;
}

export interface ActivityView<E, S> {
  title: string;
  banner: ActivityBanner | null;
  /** The visible items, newest first. */
  items: ActivityItem<E, S>[];
  hasSettlements: boolean;
  /** The toggle appears: settlements exist and some expenses predate the latest one. */
  showPreviousToggle: boolean;
  /** "Show previous expenses" / "Hide previous expenses", or null when the toggle is hidden. */
  toggleLabel: string | null;
  /** Text to show instead of the list when `items` is empty. */
  emptyText: string | null;
  /**
   * How many of the hidden earlier expenses still count toward someone's balance (see
   * `earlierExpensesStillCounting`); 0 when none do, when they are shown, or when it cannot be told.
   */
  earlierStillCounting: number;
}

/** "3 earlier expenses still count toward balances", "1 earlier expense still counts toward balances". */
export function earlierStillCountingText(count: number): string {
  return count === 1
    ? '1 earlier expense still counts toward balances'
    : `${count} earlier expenses still count toward balances`;
}

/**
 * Which expenses recorded before the latest settlement still affect someone's balance. The spec's view
 * hides them once a settlement exists, but a partial payment leaves most of what they created owed.
 *
 * The rule: an earlier expense still counts when someone it involves (its payer or a participant) did not
 * stand at zero in its currency right after the latest settlement; the settlements up to then had not paid
 * off what that person's expenses created. The balances right after the latest settlement are the balances
 * now minus what the expenses recorded after it did (nothing else was recorded after the latest settlement).
 * Returns the ids of those expenses, or null when it cannot be told (an effect that cannot be read).
 */
export function earlierExpensesStillCounting<E>(
  earlier: readonly E[],
  later: readonly E[],
  balancesNow: Readonly<Record<string, Readonly<Record<string, number>>>>,
  effectOf: (expense: E) => ExpenseEffect | null,
): E[] | null {
  const atSettlement = new Map<string, Map<string, number>>();
  for (const [currency, nets] of Object.entries(balancesNow)) {
    atSettlement.set(currency, new Map(Object.entries(nets)));
  }
  for (const expense of later) {
    const effect = effectOf(expense);
    if (!effect) return null;
    const nets = atSettlement.get(effect.currency) ?? new Map<string, number>();
    atSettlement.set(effect.currency, nets);
    for (const [member, net] of Object.entries(effect.nets)) nets.set(member, (nets.get(member) ?? 0) - net);
  }
  const counting: E[] = [];
  for (const expense of earlier) {
    const effect = effectOf(expense);
    if (!effect) return null;
    const nets = atSettlement.get(effect.currency);
    if (Object.keys(effect.nets).some((member) => !isSettledAmount(nets?.get(member) ?? 0))) {
      counting.push(expense);
    }
  }
  return counting;
}

export function buildActivity<E extends ActivityExpenseLike, S extends ActivitySettlementLike>(
  input: ActivityInput<E, S>,
): ActivityView<E, S> {
  const expenses = expenseItems(input.expenses);
  const settlements = settlementItems(input.settlements);
  const hasSettlements = settlements.length > 0;
  const flags = { hasSettlements, settled: input.settled };
  const showPrevious = input.showPrevious === true;

  let latest: SettlementActivityItem<S> | undefined;
  for (const s of settlements) if (latest === undefined || recordedAfter(s, latest)) latest = s;

  let visible: ActivityItem<E, S>[];
  let hasPrevious = false;
  let earlierStillCounting = 0;
  if (latest === undefined) {
    visible = expenses;
  } else {
    const last = latest;
    last.latest = true;
    for (const e of expenses) e.afterSettlement = recordedAfter(e, last);
    const previous = expenses.filter((e) => !e.afterSettlement);
    hasPrevious = previous.length > 0;
    const shownExpenses = showPrevious ? expenses : expenses.filter((e) => e.afterSettlement);
    let shownSettlements: SettlementActivityItem<S>[] = [last];
    if (input.settled) {
      let newestPrevious: ExpenseActivityItem<E> | undefined;
      for (const e of previous)
        if (newestPrevious === undefined || recordedAfter(e, newestPrevious)) newestPrevious = e;
      const since = newestPrevious;
      shownSettlements =
        since === undefined ? settlements : settlements.filter((s) => recordedAfter(s, since));
    }
    visible = [...shownSettlements, ...shownExpenses];
    if (!showPrevious && input.balancesNow && input.effectOf) {
      const counting = earlierExpensesStillCounting(
        previous.map((e) => e.expense),
        expenses.filter((e) => e.afterSettlement).map((e) => e.expense),
        input.balancesNow,
        input.effectOf,
      );
      earlierStillCounting = counting?.length ?? 0;
    }
  }
  visible.sort(compareActivity);

  return {
    title: activityTitle(flags),
    banner: activityBanner(flags),
    items: visible,
    hasSettlements,
    showPreviousToggle: hasPrevious,
    toggleLabel: hasPrevious ? previousExpensesToggleLabel(showPrevious) : null,
    emptyText: visible.length === 0 ? activityEmptyText(flags) : null,
    earlierStillCounting,
  };
}

/** How an item someone declined is marked wherever it is shown (detail, lists, history). */
export function declinedLabel(declined: { by: { display_name: string } } | null | undefined): string | null {
  if (!declined) return null;
  const name = declined.by.display_name.trim() || 'someone';
  return `Declined by ${name}`;
}
