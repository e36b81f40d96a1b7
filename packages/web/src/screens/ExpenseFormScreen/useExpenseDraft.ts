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
import { invalidate, recurringListTag } from '../../flows/resource';
import catalog from '../../i18n/catalog/en/expenseForm.json';
import { messages } from '../../i18n/messages';
import { queuedExpense, sendOrQueue } from '../../offline/queue';
import type { RecurringSave } from './saveRecurring';

const t = messages(catalog);

/** The resource tag of one expense: invalidating it loads the expense again wherever it is shown. */
export const expenseTag = (expenseId: string) => `expense:${expenseId}`;

/**
 * The tag of the expense an edit is based on: only a save refused as stale (409) loads it again. A change
 * someone else makes meanwhile (the live stream invalidates `expense:<id>`) must not replace what the person
 * is typing nor the version the edit is based on, or the save would silently overwrite that change.
 */
export const expenseEditTag = (expenseId: string) => `expense-edit:${expenseId}`;

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
      t('addNewUserFailed'),
    );
    ids.set(person.id, user.id);
  }
  return withInvitedIds(save.payload, ids);
}

async function saveExpense(
  save: SaveExpenseInput,
  keys: IdempotencyKeys,
  version?: number,
  recurring?: RecurringSave | null,
) {
  const { mode, expenseId, idempotencyKey } = save;
  const payload = await inviteAll(save, keys);
  if (recurring) {
    // Loaded with the Repeat fields: a form that never repeats does not download it.
    const { saveRecurring } = await import('./RepeatFields');
    // The Repeat fields are not the draft's: the key follows the whole body, schedule included.
    return saveRecurring(payload, recurring, keys.keyFor('recurring', [payload, recurring.schedule]));
  }
  if (mode === 'edit' && expenseId) {
    try {
      return await call(
        api.PUT('/expenses/{id}', {
          params: { path: { id: expenseId } },
          body: version ? { ...payload, version } : payload,
        }),
        t('updateFailed'),
      );
    } catch (failure) {
      // Changed by someone else meanwhile: load the current expense once the machine is back to
      // editing (after this rejection has been handled), so the form shows it.
      if (changedMeanwhile(failure)) setTimeout(() => invalidate(expenseEditTag(expenseId)), 0);
      throw failure;
    }
  }
  // Offline: kept on the device and sent later (src/offline), the form then closes as after a save.
  const queued = queuedExpense(payload, idempotencyKey);
  return sendOrQueue(queued, () =>
    call(
      api.POST('/expenses', {
        params: { header: { 'Idempotency-Key': queued.idempotencyKey } },
        body: payload,
      }),
      t('createFailed'),
    ),
  );
}

/** What a saved expense changes: lists, balances and its group. */
function invalidateAfterSave(expenseId: string | null, groupId: string | null) {
  const tags = ['expenses', 'balances', 'groups'];
  if (expenseId) tags.push(expenseTag(expenseId), expenseEditTag(expenseId));
  if (groupId)
    tags.push(`group:${groupId}`, `balances:${groupId}`, `settlements:${groupId}`, recurringListTag(groupId));
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
 *
 * Repeat on (`recurring.current` set when submitting): the draft is saved as a recurring expense of its
 * group instead, and the screen then shows the group.
 */
export function useExpenseDraft(
  input: ExpenseDraftInput,
  version?: number,
  current?: Partial<ExpenseDraft>,
  recurring?: { readonly current: RecurringSave | null },
) {
  const navigate = useNavigate();
  const versionRef = useRef(version);
  versionRef.current = version;
  const [inviteKeys] = useState(() => createIdempotencyKeys());
  const [logic] = useState(() =>
    expenseDraftMachine.provide({
      actors: {
        saveExpense: fromPromise<unknown, SaveExpenseInput>(({ input: save }) =>
          saveExpense(save, inviteKeys, versionRef.current, recurring?.current),
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
      const repeating = recurring?.current;
      invalidateAfterSave(event.expenseId, repeating?.groupId ?? groupId);
      if (repeating) void navigate(`/groups/${repeating.groupId}`);
      else if (event.mode === 'edit' && event.expenseId) void navigate(`/expenses/${event.expenseId}`);
      else void navigate('/dashboard');
    });
    return () => {
      watch.unsubscribe();
      saved.unsubscribe();
    };
  }, [actor, navigate, recurring]);

  const snapshot: ExpenseDraftSnapshot = useSelector(actor, (s) => s);
  const send: typeof actor.send = (event) => {
    if (event.type === 'draft.submit' || event.type === 'draft.dismissError') setReloadNotice(null);
    actor.send(event);
  };
  /** The machine's state right now (after the events just sent), for a handler that sends several. */
  const snapshotRef = useRef(() => actor.getSnapshot());
  return { snapshot, send, reloadNotice, snapshotRef };
}
