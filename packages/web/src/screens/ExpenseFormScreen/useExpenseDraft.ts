import { call } from '@kitty/api';
import {
  type ExpenseDraft,
  type ExpensePayload,
  withInvitedIds,
  type ExpenseDraftInput,
  type ExpenseDraftSnapshot,
  expenseDraftMachine,
  type SaveExpenseInput,
} from '@kitty/domain/flows';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { fromPromise } from 'xstate';
import { api } from '../../api';
import { changedMeanwhile } from '../../flows/conflict';
import { createIdempotencyKeys, type IdempotencyKeys } from '../../flows/idempotency';
import { invalidate } from '../../flows/resource';
import { ADD_NEW_USER_FAILED } from './PeopleSearch';

/** The resource tag of one expense: invalidating it loads the expense again wherever it is shown. */
export const expenseTag = (expenseId: string) => `expense:${expenseId}`;

/**
 * The people added by e-mail are invited now that the expense is saved (POST /users/invite, the spec's
 * call), each once however often the save is retried; the payload then names them by their real ids.
 */
async function inviteAll(save: SaveExpenseInput, keys: IdempotencyKeys): Promise<ExpensePayload> {
  const ids = new Map<string, string>();
  for (const person of save.invitees) {
    const body = { email: person.email ?? '', name: person.name ?? null };
    const user = await call(
      api.POST('/users/invite', {
        params: { header: { 'Idempotency-Key': keys.keyFor('invite', body) } },
        body,
      }),
      ADD_NEW_USER_FAILED,
    );
    ids.set(person.id, user.id);
  }
  return withInvitedIds(save.payload, ids);
}

async function saveExpense(save: SaveExpenseInput, keys: IdempotencyKeys, version?: number) {
  const { mode, expenseId, idempotencyKey } = save;
  const payload = await inviteAll(save, keys);
  if (mode === 'edit' && expenseId) {
    try {
      return await call(
        api.PUT('/expenses/{id}', {
          params: { path: { id: expenseId } },
          body: version ? { ...payload, version } : payload,
        }),
        'Failed to update expense',
      );
    } catch (failure) {
      // Changed by someone else meanwhile: load the current expense once the machine is back to
      // editing (after this rejection has been handled), so the form shows it.
      if (changedMeanwhile(failure)) setTimeout(() => invalidate(expenseTag(expenseId)), 0);
      throw failure;
    }
  }
  return call(
    api.POST('/expenses', {
      params: { header: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {} },
      body: payload,
    }),
    'Failed to create expense',
  );
}

/** What a saved expense changes: lists, balances and its group. */
function invalidateAfterSave(expenseId: string | null, groupId: string | null) {
  const tags = ['expenses', 'balances', 'groups'];
  if (expenseId) tags.push(expenseTag(expenseId));
  if (groupId) tags.push(`group:${groupId}`, `balances:${groupId}`, `settlements:${groupId}`);
  invalidate(...tags);
}

/**
 * The domain's expenseDraftMachine with the real requests: POST /expenses with the draft's
 * Idempotency-Key, or PUT /expenses/{id} with the version the edit is based on. After a save:
 * created -> /dashboard (the machine has reset the draft), updated -> /expenses/{id}.
 *
 * Edit: when the expense arrives again with another `version` (after a save refused as stale, the expense
 * is reloaded), the form loads it, and `reloadNotice` keeps the refusal's message ("Error: ..." stays
 * shown) until dismissed or the next save.
 */
export function useExpenseDraft(input: ExpenseDraftInput, version?: number, current?: Partial<ExpenseDraft>) {
  const navigate = useNavigate();
  const versionRef = useRef(version);
  versionRef.current = version;
  const [inviteKeys] = useState(() => createIdempotencyKeys());
  const [logic] = useState(() =>
    expenseDraftMachine.provide({
      actors: {
        saveExpense: fromPromise<unknown, SaveExpenseInput>(({ input: save }) =>
          saveExpense(save, inviteKeys, versionRef.current),
        ),
      },
    }),
  );
  const actor = useActorRef(logic, { input });
  const [reloadNotice, setReloadNotice] = useState<string | null>(null);
  const loadedVersion = useRef(version);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new version reloads the form
  useEffect(() => {
    if (version === loadedVersion.current) return;
    loadedVersion.current = version;
    if (!current) return;
    const { saveError } = actor.getSnapshot().context;
    actor.send({ type: 'draft.load', values: current });
    setReloadNotice(saveError);
  }, [version]);

  useEffect(() => {
    let groupId: string | null = actor.getSnapshot().context.draft.group_id;
    const watch = actor.subscribe((snapshot) => {
      if (snapshot.matches('saving')) groupId = snapshot.context.draft.group_id;
    });
    const saved = actor.on('draft.saved', (event) => {
      invalidateAfterSave(event.expenseId, groupId);
      if (event.mode === 'edit' && event.expenseId) void navigate(`/expenses/${event.expenseId}`);
      else void navigate('/dashboard');
    });
    return () => {
      watch.unsubscribe();
      saved.unsubscribe();
    };
  }, [actor, navigate]);

  const snapshot: ExpenseDraftSnapshot = useSelector(actor, (s) => s);
  const send: typeof actor.send = (event) => {
    if (event.type === 'draft.submit' || event.type === 'draft.dismissError') setReloadNotice(null);
    actor.send(event);
  };
  /** The machine's state right now (after the events just sent), for a handler that sends several. */
  const snapshotRef = useRef(() => actor.getSnapshot());
  return { snapshot, send, reloadNotice, snapshotRef };
}
