import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { localDay } from '../expenseDate';
import {
  type ExpenseDraftEmitted,
  type ExpenseDraftInput,
  expenseDraftMachine,
  isSavingExpense,
  type SaveExpenseInput,
} from './expenseDraftMachine';

const me = { id: 'me', display_name: 'Me', registered: true };
const bob = { id: 'bob', display_name: 'Bob', registered: true };

function start(input: Partial<ExpenseDraftInput> = {}, save?: (input: SaveExpenseInput) => Promise<unknown>) {
  const saved: SaveExpenseInput[] = [];
  let key = 0;
  const machine = expenseDraftMachine.provide({
    actors: {
      saveExpense: fromPromise<unknown, SaveExpenseInput>(({ input }) => {
        saved.push(input);
        return save ? save(input) : Promise.resolve({ id: 'new-id' });
      }),
    },
  });
  const actor = createActor(machine, {
    input: { currentUser: me, newIdempotencyKey: () => `key-${++key}`, ...input },
  });
  const emitted: ExpenseDraftEmitted[] = [];
  actor.on('draft.saved', (e) => emitted.push(e));
  actor.start();
  return { actor, saved, emitted };
}

type Actor = ReturnType<typeof start>['actor'];
const ctx = (actor: Actor) => actor.getSnapshot().context;

function fillValid(actor: Actor) {
  actor.send({ type: 'draft.change', field: 'description', value: 'Dinner' });
  actor.send({ type: 'draft.change', field: 'amount', value: '20' });
  actor.send({ type: 'draft.addParticipant', participant: bob });
}

describe('expenseDraftMachine', () => {
  it('starts with the defaults and the user currency', () => {
    const { actor } = start({ defaultCurrency: 'GBP' });
    expect(ctx(actor).draft).toMatchObject({
      category: 'groceries',
      currency: 'GBP',
      split_type: 'equal',
      participants: [me],
      paid_by: 'me',
    });
  });

  it('a group from the route is preselected with its name', () => {
    const { actor } = start({ group: { id: 'g1', name: 'Flat' } });
    expect(ctx(actor).draft).toMatchObject({ group_id: 'g1', groupName: 'Flat' });
  });

  it('editing the group text away from the selected name clears the selection', () => {
    const { actor } = start({ group: { id: 'g1', name: 'Flat' } });
    actor.send({ type: 'draft.groupText', text: 'Flat' });
    expect(ctx(actor).draft.group_id).toBe('g1');
    actor.send({ type: 'draft.groupText', text: 'Fla' });
    expect(ctx(actor).draft).toMatchObject({ group_id: null, groupName: '' });
    actor.send({ type: 'draft.selectGroup', group: { id: 'g2', name: 'Trip' } });
    expect(ctx(actor).draft).toMatchObject({ group_id: 'g2', groupName: 'Trip' });
  });

  it('in edit mode the group is read-only', () => {
    const { actor } = start({ mode: 'edit', expenseId: 'e1', group: { id: 'g1', name: 'Flat' } });
    actor.send({ type: 'draft.selectGroup', group: null });
    actor.send({ type: 'draft.groupText', text: '' });
    expect(ctx(actor).draft.group_id).toBe('g1');
  });

  it('changing the split type resets the details and opens Configure Split unless equal', () => {
    const { actor } = start();
    actor.send({ type: 'draft.addParticipant', participant: bob });
    actor.send({ type: 'draft.setSplitType', splitType: 'percentage' });
    expect(ctx(actor).draft.split_details).toEqual({ percentages: { me: 50, bob: 50 } });
    expect(ctx(actor).splitDialogOpen).toBe(true);
    actor.send({ type: 'draft.closeSplitDialog' });
    actor.send({ type: 'draft.setSplitType', splitType: 'shares' });
    expect(ctx(actor).draft.split_details).toEqual({ shares: { me: 1, bob: 1 } });
    actor.send({ type: 'draft.closeSplitDialog' });
    actor.send({ type: 'draft.setSplitType', splitType: 'equal' });
    expect(ctx(actor).splitDialogOpen).toBe(false);
    expect(ctx(actor).draft.split_details).toEqual({});
  });

  it('an unknown split type is refused with "Invalid split type"', () => {
    const { actor } = start();
    actor.send({ type: 'draft.setSplitType', splitType: 'random' });
    expect(ctx(actor).draft.split_type).toBe('equal');
    expect(ctx(actor).errors.split_type).toBe('Invalid split type');
  });

  it('removing: never the last participant; removing the payer hands payment back to the user', () => {
    const { actor } = start();
    actor.send({ type: 'draft.removeParticipant', id: 'me' });
    expect(ctx(actor).draft.participants).toHaveLength(1);
    actor.send({ type: 'draft.addParticipant', participant: bob });
    actor.send({ type: 'draft.setPayer', id: 'bob' });
    expect(ctx(actor).draft.paid_by).toBe('bob');
    actor.send({ type: 'draft.setPayer', id: 'stranger' });
    expect(ctx(actor).draft.paid_by).toBe('bob');
    actor.send({ type: 'draft.removeParticipant', id: 'bob' });
    expect(ctx(actor).draft).toMatchObject({ paid_by: 'me', participants: [me] });
  });

  it('submit with a blank description shows the message; typing clears it', () => {
    const { actor, saved } = start();
    actor.send({ type: 'draft.change', field: 'amount', value: '5' });
    actor.send({ type: 'draft.submit' });
    expect(ctx(actor).errors).toEqual({ description: 'Please enter a description for this expense' });
    actor.send({ type: 'draft.change', field: 'description', value: 'T' });
    expect(ctx(actor).errors).toEqual({});
    expect(saved).toEqual([]);
  });

  it('a date more than a year ahead is refused at the field until the date changes; notes and a past date are sent', async () => {
    const { actor, saved } = start();
    fillValid(actor);
    actor.send({ type: 'draft.change', field: 'date', value: `${new Date().getFullYear() + 2}-01-01` });
    actor.send({ type: 'draft.submit' });
    expect(ctx(actor).errors).toEqual({ date: 'The date cannot be more than a year from today' });
    actor.send({ type: 'draft.change', field: 'date', value: '2025-11-20' });
    expect(ctx(actor).errors).toEqual({});
    actor.send({ type: 'draft.change', field: 'notes', value: 'Table 4' });
    actor.send({ type: 'draft.submit' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(saved[0]?.payload).toMatchObject({
      date: new Date(2025, 10, 20, 12).toISOString(),
      notes: 'Table 4',
    });
    // The next draft starts today again, without notes.
    expect(ctx(actor).draft).toMatchObject({ notes: '', date: localDay(new Date()) });
  });

  it('submit with a zero amount does nothing and says nothing', () => {
    const { actor, saved } = start();
    actor.send({ type: 'draft.change', field: 'description', value: 'Taxi' });
    actor.send({ type: 'draft.change', field: 'amount', value: '0' });
    actor.send({ type: 'draft.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(ctx(actor).errors).toEqual({});
    expect(saved).toEqual([]);
  });

  it('create: saves once, emits, then the draft resets', async () => {
    const { actor, saved, emitted } = start({ group: { id: 'g1', name: 'Flat' } });
    fillValid(actor);
    actor.send({ type: 'draft.submit' });
    expect(isSavingExpense(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'draft.submit' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toEqual({
      mode: 'create',
      expenseId: null,
      idempotencyKey: 'key-1',
      invitees: [],
      payload: {
        description: 'Dinner',
        amount: 20,
        currency: 'EUR',
        category: 'groceries',
        group_id: 'g1',
        split_type: 'equal',
        paid_by: 'me',
        split_with: ['bob'],
        participants: ['me', 'bob'],
        split_details: {},
      },
    });
    expect(emitted).toEqual([
      { type: 'draft.saved', mode: 'create', expenseId: null, result: { id: 'new-id' } },
    ]);
    expect(ctx(actor).draft).toMatchObject({ description: '', amount: '', participants: [me] });
  });

  it('edit: loads the expense, saves with its id and keeps the draft', async () => {
    const { actor, saved, emitted } = start({ mode: 'edit', expenseId: 'e7' });
    actor.send({
      type: 'draft.load',
      values: {
        description: 'Old',
        amount: '9.99',
        participants: [me, bob],
        paid_by: 'bob',
        currency: 'USD',
      },
    });
    actor.send({ type: 'draft.submit' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(saved[0]).toMatchObject({
      mode: 'edit',
      expenseId: 'e7',
      payload: { paid_by: 'bob', split_with: ['me'] },
    });
    expect(emitted[0]).toMatchObject({ mode: 'edit', expenseId: 'e7' });
    expect(ctx(actor).draft.description).toBe('Old');
  });

  it('a failed save keeps the draft and the message; a retry reuses the key, an edit makes a new one', async () => {
    let attempt = 0;
    const { actor, saved } = start({}, () =>
      attempt++ < 2
        ? Promise.reject({ status: 400, data: { message: 'Group not found' } })
        : Promise.resolve({}),
    );
    fillValid(actor);
    actor.send({ type: 'draft.submit' });
    let snap = await waitFor(actor, (s) => s.context.saveError !== null);
    expect(snap.value).toBe('editing');
    expect(snap.context.saveError).toBe('Group not found');
    expect(snap.context.draft.description).toBe('Dinner');
    actor.send({ type: 'draft.submit' });
    snap = await waitFor(actor, (s) => s.matches('editing') && s.context.saveError !== null);
    actor.send({ type: 'draft.change', field: 'amount', value: '21' });
    actor.send({ type: 'draft.submit' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(saved.map((s) => s.idempotencyKey)).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it('reset returns to the defaults', () => {
    const { actor } = start({ defaultCurrency: 'CZK' });
    fillValid(actor);
    actor.send({ type: 'draft.setSplitType', splitType: 'exact' });
    actor.send({ type: 'draft.reset' });
    expect(ctx(actor).draft).toMatchObject({
      description: '',
      currency: 'CZK',
      split_type: 'equal',
      participants: [me],
    });
    expect(ctx(actor).splitDialogOpen).toBe(false);
  });

  it('switching to a currency with another exponent resets exact amounts', () => {
    const { actor } = start();
    fillValid(actor);
    actor.send({ type: 'draft.setSplitType', splitType: 'exact' });
    actor.send({ type: 'draft.setSplitDetails', details: { amounts: { me: 1000, bob: 1000 } } });
    actor.send({ type: 'draft.change', field: 'currency', value: 'USD' });
    expect(ctx(actor).draft.split_details).toEqual({ amounts: { me: 1000, bob: 1000 } });
    actor.send({ type: 'draft.change', field: 'currency', value: 'JPY' });
    expect(ctx(actor).draft.split_details).toEqual({ amounts: { me: 0, bob: 0 } });
  });

  it('several payers: chosen, amounts entered, split equally; a save sends payers and the principal', async () => {
    const { actor, saved } = start();
    fillValid(actor);
    actor.send({ type: 'draft.setSeveralPayers', on: true });
    actor.send({ type: 'draft.setPayers', ids: ['me', 'bob'] });
    actor.send({ type: 'draft.setPayerAmount', id: 'me', value: '5' });
    actor.send({ type: 'draft.submit' });
    expect(ctx(actor).errors).toEqual({ payers: 'Each payment must be greater than 0' });
    actor.send({ type: 'draft.setPayerAmount', id: 'bob', value: '5' });
    expect(ctx(actor).errors).toEqual({});
    actor.send({ type: 'draft.submit' });
    expect(ctx(actor).errors).toEqual({ payers: 'The payments must add up to the total' });
    actor.send({ type: 'draft.change', field: 'amount', value: '20.01' });
    expect(ctx(actor).errors).toEqual({});
    actor.send({ type: 'draft.splitPaymentEqually' });
    expect(ctx(actor).draft.payers).toEqual([
      { id: 'me', amount: '10.00' },
      { id: 'bob', amount: '10.01' },
    ]);
    actor.send({ type: 'draft.submit' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(saved[0]?.payload).toMatchObject({
      paid_by: 'bob',
      payers: [
        { user_id: 'bob', amount: 10.01 },
        { user_id: 'me', amount: 10 },
      ],
      split_with: ['me'],
    });
  });

  it("shows the server's refusals on their fields after a refused save, kept until the field changes", async () => {
    const { actor } = start({}, () =>
      Promise.reject({ status: 400, data: { message: 'Please check the highlighted fields.' } }),
    );
    fillValid(actor);
    actor.send({ type: 'draft.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.saveError !== null);
    actor.send({ type: 'draft.fieldErrors', errors: { description: 'Too long', amount: 'Too much' } });
    expect(ctx(actor).errors).toEqual({ description: 'Too long', amount: 'Too much' });
    actor.send({ type: 'draft.change', field: 'description', value: 'Rent' });
    expect(ctx(actor).errors).toEqual({ amount: 'Too much' });
  });
});
