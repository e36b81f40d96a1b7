import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDay } from '../expenseDate';
import {
  addParticipant,
  buildExpensePayload,
  canRemoveParticipant,
  createDraft,
  draftPayerIds,
  type ExpenseDraft,
  expenseSaveAlert,
  expenseSaveErrorMessage,
  inviteesOf,
  payerAmountsMinor,
  removeParticipant,
  setPayerAmount,
  setPayers,
  setSeveralPayers,
  splitDetailsFromWire,
  splitPaymentEqually,
  splitDetailsToWire,
  withInvitedIds,
} from './expenseDraft';

const me = { id: 'me', display_name: 'Me', registered: true };
const bob = { id: 'bob', display_name: 'Bob', registered: true };
const cat = { id: 'cat', display_name: 'Cat', registered: false };

describe('createDraft', () => {
  it('defaults: groceries, EUR, equal, the current user as sole participant and payer', () => {
    const now = new Date(2026, 10, 26, 9, 30);
    expect(createDraft({ currentUser: me, now })).toEqual({
      description: '',
      category: 'groceries',
      amount: '',
      currency: 'EUR',
      split_type: 'equal',
      split_details: {},
      participants: [me],
      paid_by: 'me',
      payers: [],
      group_id: null,
      groupName: '',
      date: '2026-11-26',
      notes: '',
    });
  });
  it("takes the user's default currency and split method, and a preselected group", () => {
    const draft = createDraft({
      currentUser: me,
      currency: 'CZK',
      splitType: 'shares',
      group: { id: 'g', name: 'Flat' },
    });
    expect(draft).toMatchObject({ currency: 'CZK', split_type: 'shares', group_id: 'g', groupName: 'Flat' });
    expect(draft.split_details).toEqual({ shares: { me: 1 } });
    expect(createDraft({ currentUser: me, splitType: 'bogus' }).split_type).toBe('equal');
  });
});

describe('participants', () => {
  const base = addParticipant(addParticipant(createDraft({ currentUser: me }), bob), cat);

  it('adding ignores someone already in', () => {
    expect(addParticipant(base, bob).participants).toHaveLength(3);
  });

  it('the last participant and yourself cannot be removed', () => {
    const alone = createDraft({ currentUser: me });
    expect(canRemoveParticipant(alone, 'me', 'me')).toBe(false);
    expect(removeParticipant(alone, 'me', 'me')).toBe(alone);
    expect(canRemoveParticipant(base, 'me', 'me')).toBe(false);
    expect(canRemoveParticipant(base, 'bob', 'me')).toBe(true);
  });

  it('removing the payer makes the current user the payer when present', () => {
    const draft = removeParticipant({ ...base, paid_by: 'bob' }, 'bob', 'me');
    expect(draft.paid_by).toBe('me');
    expect(draft.participants.map((p) => p.id)).toEqual(['me', 'cat']);
  });

  it('else the first remaining participant', () => {
    const editing: ExpenseDraft = { ...base, participants: [bob, cat, { id: 'dan' }], paid_by: 'bob' };
    expect(removeParticipant(editing, 'bob', 'me').paid_by).toBe('cat');
  });

  it('percentages are spread again when people change; shares keep their values', () => {
    const pct = {
      ...base,
      split_type: 'percentage' as const,
      split_details: { percentages: { me: 50, bob: 25, cat: 25 } },
    };
    expect(removeParticipant(pct, 'cat', 'me').split_details).toEqual({ percentages: { me: 50, bob: 50 } });
    const shares = {
      ...base,
      split_type: 'shares' as const,
      split_details: { shares: { me: 3, bob: 2, cat: 1 } },
    };
    expect(addParticipant(shares, { id: 'dan' }).split_details).toEqual({
      shares: { me: 3, bob: 2, cat: 1, dan: 1 },
    });
  });
});

describe('buildExpensePayload', () => {
  const draft: ExpenseDraft = {
    ...createDraft({ currentUser: me, group: { id: 'g1', name: 'Flat' } }),
    description: '  Dinner ',
    amount: '30.10',
    participants: [me, bob, cat],
  };

  it('builds the payload: split_with is everyone but the payer', () => {
    expect(buildExpensePayload(draft)).toEqual({
      ok: true,
      payload: {
        description: 'Dinner',
        amount: 30.1,
        currency: 'EUR',
        category: 'groceries',
        group_id: 'g1',
        split_type: 'equal',
        paid_by: 'me',
        split_with: ['bob', 'cat'],
        participants: ['me', 'bob', 'cat'],
        split_details: {},
      },
    });
  });

  it('leaves group_id out without a group', () => {
    const result = buildExpensePayload({ ...draft, group_id: null });
    expect(result.ok && 'group_id' in result.payload).toBe(false);
  });

  it('sends exact amounts as decimals', () => {
    const result = buildExpensePayload({
      ...draft,
      split_type: 'exact',
      split_details: { amounts: { me: 1000, bob: 1000, cat: 1010 } },
    });
    expect(result.ok && result.payload.split_details).toEqual({ amounts: { me: 10, bob: 10, cat: 10.1 } });
  });

  it('an unknown split type is rejected before sending', () => {
    expect(buildExpensePayload({ ...draft, split_type: 'weird' as never })).toEqual({
      ok: false,
      errors: { split_type: 'Invalid split type' },
    });
  });

  it('a blank description gives the section 5 message', () => {
    expect(buildExpensePayload({ ...draft, description: ' ' })).toEqual({
      ok: false,
      errors: { description: 'Please enter a description for this expense' },
    });
  });

  it('an amount not above zero gives no message', () => {
    expect(buildExpensePayload({ ...draft, amount: '0' })).toEqual({ ok: false, errors: {} });
    expect(buildExpensePayload({ ...draft, amount: '' })).toEqual({ ok: false, errors: {} });
  });

  it('any other amount refused says why at the amount field, by the rule the server uses', () => {
    expect(buildExpensePayload({ ...draft, amount: '100.005', currency: 'EUR' })).toEqual({
      ok: false,
      errors: { amount: 'Amount can have at most 2 decimal places' },
    });
    expect(buildExpensePayload({ ...draft, amount: '1000.50', currency: 'JPY' })).toEqual({
      ok: false,
      errors: { amount: 'Amounts in JPY must be whole numbers' },
    });
    expect(buildExpensePayload({ ...draft, amount: '1000000000.01', currency: 'EUR' })).toEqual({
      ok: false,
      errors: { amount: 'Amount cannot be more than 1,000,000,000' },
    });
    expect(buildExpensePayload({ ...draft, amount: '1.005', description: '' })).toEqual({
      ok: false,
      errors: {
        amount: 'Amount can have at most 2 decimal places',
        description: 'Please enter a description for this expense',
      },
    });
  });

  it('shares with nobody holding a share give the alert text', () => {
    expect(
      buildExpensePayload({
        ...draft,
        split_type: 'shares',
        split_details: { shares: { me: 0, bob: 0, cat: 0 } },
      }),
    ).toEqual({ ok: false, errors: { split_details: 'At least one participant must have shares' } });
  });

  it('details that do not add up are refused with the split message', () => {
    const result = buildExpensePayload({
      ...draft,
      split_type: 'percentage',
      split_details: { percentages: { me: 50, bob: 30, cat: 10 } },
    });
    expect(result).toEqual({ ok: false, errors: { split_details: 'Percentages must add up to 100%' } });
  });
});

describe('date and notes', () => {
  const now = new Date('2026-11-26T13:15:00Z');
  const draft: ExpenseDraft = {
    ...createDraft({ currentUser: me, now }),
    description: 'Dinner',
    amount: '30',
  };
  const payload = (d: ExpenseDraft) => {
    const result = buildExpensePayload(d, now);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.payload;
  };

  it("a new expense dated today sends no date (the server's now) and no blank notes", () => {
    const sent = payload({ ...draft, notes: '  ' });
    expect('date' in sent).toBe(false);
    expect('notes' in sent).toBe(false);
  });
  it('a past day is sent as its local noon; notes trimmed', () => {
    const sent = payload({ ...draft, date: '2026-11-20', notes: ' Table 4,\nwith Bob ' });
    expect(sent.date).toBe(new Date(2026, 10, 20, 12).toISOString());
    expect(sent.notes).toBe('Table 4,\nwith Bob');
  });
  it('refuses a day more than a year ahead, no day, and notes over 1,000 characters', () => {
    expect(buildExpensePayload({ ...draft, date: '2027-11-28', notes: 'x'.repeat(1001) }, now)).toEqual({
      ok: false,
      errors: {
        date: 'The date cannot be more than a year from today',
        notes: 'Notes can be at most 1,000 characters',
      },
    });
    expect(buildExpensePayload({ ...draft, date: '' }, now)).toEqual({
      ok: false,
      errors: { date: 'Please enter a valid date' },
    });
    expect(payload({ ...draft, notes: 'é'.repeat(1000) }).notes).toHaveLength(1000);
  });
  it('an edit keeps the saved moment on the same day, and does not resend unchanged notes', () => {
    const savedDate = '2025-03-09T12:41:00.000Z';
    const long = 'n'.repeat(1500);
    const edit: ExpenseDraft = {
      ...draft,
      date: localDay(new Date(savedDate)),
      savedDate,
      notes: long,
      savedNotes: long,
    };
    const sent = payload(edit);
    expect(sent.date).toBe(savedDate);
    expect('notes' in sent).toBe(false);
    expect(payload({ ...edit, date: '2025-03-08' }).date).toBe(new Date(2025, 2, 8, 12).toISOString());
    expect(payload({ ...edit, notes: '' }).notes).toBe('');
    expect(buildExpensePayload({ ...edit, notes: `${long}!` }, now)).toEqual({
      ok: false,
      errors: { notes: 'Notes can be at most 1,000 characters' },
    });
    // Moved to today, an edit says so (now).
    expect(payload({ ...edit, date: draft.date }).date).toBe(now.toISOString());
  });
});

describe('split details on the wire', () => {
  it('amounts and adjustments round-trip between minor units and decimals', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.stringMatching(/^[a-z]{1,4}$/), fc.integer({ min: -1e9, max: 1e9 })),
        fc.constantFrom('EUR', 'JPY', 'CZK'),
        (amounts, currency) => {
          const details = { amounts, adjustments: amounts };
          expect(splitDetailsFromWire(splitDetailsToWire(details, currency), currency)).toEqual(details);
        },
      ),
    );
  });
  it('an amount with too many decimals is refused', () => {
    expect(splitDetailsFromWire({ amounts: { a: 1.005 } }, 'EUR')).toBeNull();
  });
});

describe('save error messages', () => {
  it('server message, else own message, else "Unknown error occurred"', () => {
    expect(expenseSaveErrorMessage({ status: 400, data: { message: 'Bad group' }, message: 'x' })).toBe(
      'Bad group',
    );
    expect(expenseSaveErrorMessage({ status: 0, message: 'No response from server' })).toBe(
      'No response from server',
    );
    expect(expenseSaveErrorMessage(new Error('boom'))).toBe('boom');
    expect(expenseSaveErrorMessage(undefined)).toBe('Unknown error occurred');
    expect(expenseSaveAlert({ data: { message: 'Bad group' } })).toBe('Error: Bad group');
  });
});

describe('people invited when the expense is saved', () => {
  const zoe = { id: 'temp-1', email: 'zoe@example.com', display_name: 'Zoe', registered: false };
  it('are the "temp-" participants, and their real ids replace the temporary ones everywhere', () => {
    let draft = addParticipant(addParticipant(createDraft({ currentUser: me }), bob), zoe);
    draft = { ...draft, description: 'Taxi', amount: '30', paid_by: 'temp-1', split_type: 'shares' };
    draft.split_details = { shares: { me: 1, bob: 1, 'temp-1': 2 } };
    expect(inviteesOf(draft)).toEqual([zoe]);
    const built = buildExpensePayload(draft);
    if (!built.ok) throw new Error('the draft is valid');
    const payload = withInvitedIds(built.payload, new Map([['temp-1', 'zoe-id']]));
    expect(payload.paid_by).toBe('zoe-id');
    expect(payload.participants).toEqual(['me', 'bob', 'zoe-id']);
    expect(payload.split_with).toEqual(['me', 'bob']);
    expect(payload.split_details).toEqual({ shares: { me: 1, bob: 1, 'zoe-id': 2 } });
    expect(inviteesOf(createDraft({ currentUser: me }))).toEqual([]);
  });
});

describe('several payers', () => {
  const base: ExpenseDraft = {
    ...addParticipant(addParticipant(createDraft({ currentUser: me }), bob), cat),
    description: 'Dinner',
    amount: '100',
  };
  const two = setPayers(setSeveralPayers(base, true), ['me', 'bob']);

  it('"Several people paid" starts from the payer so far; others are chosen among the participants', () => {
    expect(setSeveralPayers(base, true).payers).toEqual([{ id: 'me', amount: '' }]);
    expect(two.payers).toEqual([
      { id: 'me', amount: '' },
      { id: 'bob', amount: '' },
    ]);
    expect(draftPayerIds(two)).toEqual(['me', 'bob']);
    expect(draftPayerIds(base)).toEqual(['me']);
    // Nobody outside the participants, never nobody at all.
    expect(setPayers(two, ['dan']).payers).toEqual(two.payers);
    expect(setPayers(two, []).payers).toEqual(two.payers);
  });

  it('amounts entered stay when payers are added or the total changes; off goes back to one payer', () => {
    const entered = setPayerAmount(two, 'bob', '40');
    expect(setPayers(entered, ['bob', 'cat']).payers).toEqual([
      { id: 'bob', amount: '40' },
      { id: 'cat', amount: '' },
    ]);
    expect(setPayers(entered, ['bob', 'cat']).paid_by).toBe('bob');
    expect({ ...entered, amount: '120' }.payers).toEqual(entered.payers);
    const off = setSeveralPayers(setPayers(entered, ['bob', 'cat']), false);
    expect(off).toMatchObject({ paid_by: 'bob', payers: [] });
  });

  it('"Split the payment equally" spreads the total by the domain rule (leftover units by id order)', () => {
    const three = setPayers(two, ['me', 'bob', 'cat']);
    expect(splitPaymentEqually(three).payers.map((p) => p.amount)).toEqual(['33.33', '33.34', '33.33']);
    expect(splitPaymentEqually({ ...three, amount: '' })).toEqual({ ...three, amount: '' });
    expect(payerAmountsMinor(splitPaymentEqually(three))).toEqual({ me: 3333, bob: 3334, cat: 3333 });
  });

  it("with one payer the payload is exactly today's: paid_by alone", () => {
    const one = setSeveralPayers(base, true);
    const built = buildExpensePayload(one);
    expect(built).toEqual(buildExpensePayload(base));
    expect(built.ok && 'payers' in built.payload).toBe(false);
  });

  it('with several: payers as decimals, most first, paid_by the principal payer, split_with the rest', () => {
    const draft = setPayerAmount(setPayerAmount(two, 'me', '40'), 'bob', '60');
    const built = buildExpensePayload(draft);
    if (!built.ok) throw new Error('the draft is valid');
    expect(built.payload).toMatchObject({
      amount: 100,
      paid_by: 'bob',
      payers: [
        { user_id: 'bob', amount: 60 },
        { user_id: 'me', amount: 40 },
      ],
      split_with: ['me', 'cat'],
      participants: ['me', 'bob', 'cat'],
    });
  });

  it('payments that do not pay the total say why, with the domain messages', () => {
    const short = setPayerAmount(setPayerAmount(two, 'me', '40'), 'bob', '50');
    expect(buildExpensePayload(short)).toEqual({
      ok: false,
      errors: { payers: 'The payments must add up to the total' },
    });
    expect(buildExpensePayload(setPayerAmount(two, 'me', '100'))).toEqual({
      ok: false,
      errors: { payers: 'Each payment must be greater than 0' },
    });
    expect(buildExpensePayload(setPayerAmount(setPayerAmount(two, 'me', '99.995'), 'bob', '0.005'))).toEqual({
      ok: false,
      errors: { payers: 'Amount can have at most 2 decimal places' },
    });
  });

  it('a payer removed from the participants stops paying', () => {
    const draft = removeParticipant(setPayers(two, ['bob', 'cat']), 'bob', 'me');
    expect(draft.payers).toEqual([{ id: 'cat', amount: '' }]);
    expect(draft.paid_by).toBe('cat');
  });

  it('invitees who pay get their real ids in payers too', () => {
    const zoe = { id: 'temp-1', email: 'zoe@example.com', display_name: 'Zoe', registered: false };
    let draft = setPayers(setSeveralPayers(addParticipant(base, zoe), true), ['me', 'temp-1']);
    draft = setPayerAmount(setPayerAmount(draft, 'me', '30'), 'temp-1', '70');
    const built = buildExpensePayload(draft);
    if (!built.ok) throw new Error('the draft is valid');
    const payload = withInvitedIds(built.payload, new Map([['temp-1', 'zoe-id']]));
    expect(payload.paid_by).toBe('zoe-id');
    expect(payload.payers).toEqual([
      { user_id: 'zoe-id', amount: 70 },
      { user_id: 'me', amount: 30 },
    ]);
  });
});
