import { type ExpenseSnapshot, type GroupEventLike, groupEventWords } from '@kitty/domain';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/czech';
import { setActiveLanguage } from '../../i18n/language';
import { eventWords, kindLabel } from './historyWords';

const names: Record<string, string> = { a: 'Alice', b: 'Bob' };
const nameOf = (id: string) => names[id] ?? 'someone';
const actor = { display_name: 'Alice' };
const dinner: ExpenseSnapshot = {
  description: 'Dinner',
  amount_minor: 9000,
  currency: 'EUR',
  category: 'dining',
  date: '2026-11-20T18:00:00.000Z',
  notes: '',
  split_type: 'equal',
  payers: { a: 9000 },
  shares: { a: 4500, b: 4500 },
};

const EVENTS: GroupEventLike[] = [
  { kind: 'group_created', actor, details: { name: 'Trip' } },
  { kind: 'group_created', actor, details: {} },
  { kind: 'expense_created', actor, details: { expense: dinner } },
  { kind: 'expense_created', actor, details: {} },
  { kind: 'expense_created', actor, details: { expense: dinner, recurring_expense_id: 'r1' } },
  { kind: 'expense_deleted', actor, details: { expense: dinner } },
  { kind: 'expense_deleted', actor, details: {} },
  {
    kind: 'expense_edited',
    actor,
    details: {
      description: 'Dinner',
      currency: 'EUR',
      changes: {
        amount_minor: [9000, 9500],
        notes: ['', 'tip'],
        payers: [{ a: 9000 }, { a: 5000, b: 4500 }],
      },
    },
  },
  { kind: 'expense_edited', actor, details: { description: 'Dinner', currency: 'EUR', changes: {} } },
  {
    kind: 'settlement_recorded',
    actor,
    details: { from_user_id: 'b', to_user_id: 'a', amount_minor: 1250, currency: 'CZK' },
  },
  { kind: 'member_joined', actor, user: { display_name: 'Bob' }, details: {} },
  { kind: 'member_joined', actor, user: actor, details: {} },
  { kind: 'member_left', actor, details: {} },
  { kind: 'member_removed', actor, user: { display_name: 'Bob' }, details: {} },
  { kind: 'member_removed', actor, details: {} },
  ...['created', 'edited', 'paused', 'resumed', 'stopped', 'finished', 'paused_member_left', 'odd'].map(
    (action): GroupEventLike => ({
      kind: 'recurrence_changed',
      actor,
      details: { description: 'Rent', action },
    }),
  ),
  {
    kind: 'settings_changed',
    actor,
    details: { changes: { name: ['Trip', 'Trip 2'], description: [null, 'x'] } },
  },
  { kind: 'settings_changed', actor, details: { changes: {} } },
];

describe('the history in words', () => {
  afterEach(() => setActiveLanguage('en'));

  it("says every event in English exactly as the domain's groupEventWords does", () => {
    for (const event of EVENTS) expect(eventWords(event, nameOf)).toBe(groupEventWords(event, nameOf));
  });

  it('says them in Czech, with Czech money and field names', () => {
    setActiveLanguage('cs');
    expect(eventWords(EVENTS[7] as GroupEventLike, nameOf)).toBe(
      'Alice upravil(a) Dinner: částka 90,00\u00a0€ -> 95,00\u00a0€; poznámka (nic) -> tip; zaplatil(a) Alice 90,00\u00a0€ -> Alice 50,00\u00a0€, Bob 45,00\u00a0€',
    );
    expect(eventWords(EVENTS[9] as GroupEventLike, nameOf)).toBe(
      'Alice zaznamenal(a) platbu: Bob zaplatil(a) Alice 12,50\u00a0Kč',
    );
    expect(eventWords(EVENTS[13] as GroupEventLike, nameOf)).toBe('Alice odebral(a) ze skupiny: Bob');
    expect(kindLabel('settlement_recorded')).toBe('Platba zaznamenána');
    for (const event of EVENTS) expect(eventWords(event, nameOf)).not.toBe(groupEventWords(event, nameOf));
  });
});
