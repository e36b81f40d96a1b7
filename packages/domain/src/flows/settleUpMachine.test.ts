import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  formFromSuggestion,
  type SettlementPayload,
  type SettlementRecord,
  type SettlementSuggestion,
} from './settleUp';
import { settleUpMachine, settleUpStep } from './settleUpMachine';

const suggestion: SettlementSuggestion = {
  payer: { id: 'bob', display_name: 'Bob' },
  receiver: { id: 'me', display_name: 'Me' },
  amount: 12.5,
  currency: 'EUR',
};
const history: SettlementRecord[] = [{ id: 's1' }];

interface Fakes {
  loadSuggestions?: () => Promise<SettlementSuggestion[]>;
  loadHistory?: () => Promise<SettlementRecord[]>;
  recordSettlement?: (payload: SettlementPayload) => Promise<unknown>;
}

function start(fakes: Fakes = {}) {
  const recorded: { payload: SettlementPayload; idempotencyKey: string | null }[] = [];
  const loads = { suggestions: 0, history: 0 };
  let key = 0;
  const machine = settleUpMachine.provide({
    actors: {
      loadSuggestions: fromPromise<SettlementSuggestion[], { groupId: string }>(() => {
        loads.suggestions++;
        return fakes.loadSuggestions ? fakes.loadSuggestions() : Promise.resolve([suggestion]);
      }),
      loadHistory: fromPromise<SettlementRecord[], { groupId: string }>(() => {
        loads.history++;
        return fakes.loadHistory ? fakes.loadHistory() : Promise.resolve(history);
      }),
      recordSettlement: fromPromise<unknown, { payload: SettlementPayload; idempotencyKey: string | null }>(
        ({ input }) => {
          recorded.push(input);
          return fakes.recordSettlement
            ? fakes.recordSettlement(input.payload)
            : Promise.resolve({ id: 'new' });
        },
      ),
    },
  });
  const actor = createActor(machine, {
    input: { groupId: 'g1', currentUserId: 'me', currency: 'EUR', newIdempotencyKey: () => `key-${++key}` },
  });
  const emitted: SettlementPayload[] = [];
  actor.on('settleUp.recorded', (e) => emitted.push(e.payload));
  actor.start();
  return { actor, recorded, loads, emitted };
}

const step = (actor: ReturnType<typeof start>['actor']) => settleUpStep(actor.getSnapshot());

describe('settleUpMachine', () => {
  it('opening loads suggestions and history and starts on suggestions', async () => {
    const { actor, loads } = start();
    expect(step(actor)).toBeNull();
    actor.send({ type: 'settleUp.open' });
    expect(step(actor)).toBe('suggestions');
    const snap = await waitFor(actor, (s) => s.matches({ open: { suggestions: 'ready', history: 'ready' } }));
    expect(snap.context.suggestions).toEqual([suggestion]);
    expect(snap.context.history).toEqual(history);
    expect(loads).toEqual({ suggestions: 1, history: 1 });
  });

  it('tabs move between suggestions, custom form and history', () => {
    const { actor } = start();
    actor.send({ type: 'settleUp.open' });
    actor.send({ type: 'settleUp.showCustom' });
    expect(step(actor)).toBe('custom');
    actor.send({ type: 'settleUp.showHistory' });
    expect(step(actor)).toBe('history');
    actor.send({ type: 'settleUp.showSuggestions' });
    expect(step(actor)).toBe('suggestions');
  });

  it('load failures show "Failed to load settlements" and can be retried', async () => {
    let fail = true;
    const { actor } = start({
      loadHistory: () =>
        fail ? Promise.reject({ status: 0, message: 'No response from server' }) : Promise.resolve(history),
      loadSuggestions: () => Promise.reject({ status: 500 }),
    });
    actor.send({ type: 'settleUp.open' });
    let snap = await waitFor(actor, (s) => s.matches({ open: { history: 'failed', suggestions: 'failed' } }));
    expect(snap.context.historyError).toBe('Failed to load settlements');
    expect(snap.context.suggestionsError).toBe('Failed to load settlement suggestions');
    fail = false;
    actor.send({ type: 'settleUp.reload' });
    snap = await waitFor(actor, (s) => s.matches({ open: { history: 'ready' } }));
    expect(snap.context.historyError).toBeNull();
    expect(snap.context.history).toEqual(history);
  });

  it('an invalid custom form stays with its messages; typing clears the field message', () => {
    const { actor } = start();
    actor.send({ type: 'settleUp.open' });
    actor.send({ type: 'settleUp.showCustom' });
    actor.send({ type: 'settleUp.submitForm' });
    expect(step(actor)).toBe('custom');
    expect(actor.getSnapshot().context.formErrors).toEqual({
      amount: 'Amount is required',
      to_user_id: 'Please select who is receiving',
    });
    actor.send({ type: 'settleUp.edit', values: { amount: '0' } });
    expect(actor.getSnapshot().context.formErrors.amount).toBeUndefined();
    actor.send({ type: 'settleUp.submitForm' });
    expect(actor.getSnapshot().context.formErrors.amount).toBe('Amount must be at least 0.01');
  });

  it('choosing the payer as receiver clears the receiver (the list excludes the payer)', () => {
    const { actor } = start();
    actor.send({ type: 'settleUp.open' });
    actor.send({ type: 'settleUp.showCustom' });
    actor.send({ type: 'settleUp.edit', values: { to_user_id: 'bob' } });
    actor.send({ type: 'settleUp.edit', values: { from_user_id: 'bob' } });
    expect(actor.getSnapshot().context.form).toMatchObject({ from_user_id: 'bob', to_user_id: '' });
  });

  it('custom form -> confirm -> back returns to the filled form', () => {
    const { actor } = start();
    actor.send({ type: 'settleUp.open' });
    actor.send({ type: 'settleUp.showCustom' });
    actor.send({
      type: 'settleUp.edit',
      values: { to_user_id: 'bob', amount: '20.10', description: ' Beers ' },
    });
    actor.send({ type: 'settleUp.submitForm' });
    expect(step(actor)).toBe('confirm');
    expect(actor.getSnapshot().context.draft).toMatchObject({
      payload: {
        from_user_id: 'me',
        to_user_id: 'bob',
        amount: 20.1,
        currency: 'EUR',
        group_id: 'g1',
        description: 'Beers',
      },
      amountMinor: 2010,
      origin: 'form',
    });
    actor.send({ type: 'settleUp.back' });
    expect(step(actor)).toBe('custom');
    expect(actor.getSnapshot().context.form.amount).toBe('20.10');
  });

  it('picking a suggestion goes to confirm; back returns to the form filled from it', () => {
    const { actor } = start();
    actor.send({ type: 'settleUp.open' });
    actor.send({ type: 'settleUp.pickSuggestion', suggestion });
    expect(step(actor)).toBe('confirm');
    expect(actor.getSnapshot().context.draft?.payload).toMatchObject({
      from_user_id: 'bob',
      to_user_id: 'me',
      amount: 12.5,
    });
    actor.send({ type: 'settleUp.back' });
    expect(step(actor)).toBe('custom');
    expect(actor.getSnapshot().context.form).toMatchObject({
      from_user_id: 'bob',
      to_user_id: 'me',
      amount: '12.50',
    });
  });

  it('success records once, emits, resets to suggestions and closes', async () => {
    const { actor, recorded, emitted, loads } = start();
    actor.send({ type: 'settleUp.open' });
    actor.send({ type: 'settleUp.pickSuggestion', suggestion });
    actor.send({ type: 'settleUp.confirm' });
    actor.send({ type: 'settleUp.confirm' });
    actor.send({ type: 'settleUp.close' });
    expect(step(actor)).toBe('submitting');
    await waitFor(actor, (s) => s.matches('closed'));
    expect(recorded).toHaveLength(1);
    expect(emitted).toEqual([recorded[0]?.payload]);
    expect(actor.getSnapshot().context.draft).toBeNull();
    expect(actor.getSnapshot().context.form.amount).toBe('');
    actor.send({ type: 'settleUp.open' });
    expect(step(actor)).toBe('suggestions');
    expect(loads.suggestions).toBe(2);
  });

  it('failure returns to confirm with the message; a retry reuses the idempotency key', async () => {
    let attempt = 0;
    const { actor, recorded } = start({
      recordSettlement: () => (attempt++ === 0 ? Promise.reject({ status: 0 }) : Promise.resolve({})),
    });
    actor.send({ type: 'settleUp.open' });
    actor.send({ type: 'settleUp.pickSuggestion', suggestion });
    actor.send({ type: 'settleUp.confirm' });
    const snap = await waitFor(actor, (s) => s.context.submitError !== null);
    expect(settleUpStep(snap)).toBe('confirm');
    expect(snap.context.submitError).toBe('Failed to record settlement');
    actor.send({ type: 'settleUp.confirm' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(recorded.map((r) => r.idempotencyKey)).toEqual(['key-1', 'key-1']);
  });

  it('a server message on failure is shown as is', async () => {
    const { actor } = start({
      recordSettlement: () => Promise.reject({ status: 400, message: 'Amount too large' }),
    });
    actor.send({ type: 'settleUp.open' });
    actor.send({ type: 'settleUp.pickSuggestion', suggestion });
    actor.send({ type: 'settleUp.confirm' });
    const snap = await waitFor(actor, (s) => s.context.submitError !== null);
    expect(snap.context.submitError).toBe('Amount too large');
  });

  it('closing mid-way resets the form for the next opening', () => {
    const { actor } = start();
    actor.send({ type: 'settleUp.open' });
    actor.send({ type: 'settleUp.showCustom' });
    actor.send({ type: 'settleUp.edit', values: { amount: '5' } });
    actor.send({ type: 'settleUp.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.form.amount).toBe('');
  });
});

describe('settle-up helpers', () => {
  it("a suggestion fills the form with its amount in the currency's decimals", () => {
    expect(formFromSuggestion(suggestion).amount).toBe('12.50');
    expect(formFromSuggestion({ ...suggestion, amount: 1200, currency: 'JPY' }).amount).toBe('1200');
  });
});
