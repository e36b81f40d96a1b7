import { call, type GroupDetail } from '@kitty/api';
import { memberName, parseMoney } from '@kitty/domain';
import {
  expenseDraftMachine,
  expenseSaveAlert,
  isSavingExpense,
  type SessionUser,
} from '@kitty/domain/flows';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { api } from '../../api';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Form } from '../../components/Form';
import { Link } from '../../components/Link';
import { ConfigureSplitDialog } from '../../components/split/ConfigureSplitDialog';
import { groupDefaultDetails } from '@kitty/domain';
import { newIdempotencyKey } from '../../flows/idempotency';
import { queuedExpense, sendOrQueue } from '../../offline/queue';
import * as styles from './dialogs.css';
import { carryDraft } from '../ExpenseFormScreen/carriedDraft';
import { toParticipant } from '../ExpenseFormScreen/editDraft';
import { GroupExpenseFields } from './GroupExpenseFields';
import { invalidateGroup } from './useGroupData';
import catalog from '../../i18n/catalog/en/group.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

const FORM_ID = 'add-group-expense';

export interface AddGroupExpenseDialogProps {
  group: GroupDetail;
  currentUser: SessionUser;
  onClose: () => void;
}

/**
 * Add New Expense (group): the domain's expense draft, every member taking part by default, the group's
 * currency and default split; saved with POST /expenses (an idempotency key per draft), then the group,
 * balances and lists load again.
 */
export function AddGroupExpenseDialog({ group, currentUser, onClose }: AddGroupExpenseDialogProps) {
  const machine = useMemo(
    () =>
      expenseDraftMachine.provide({
        actors: {
          saveExpense: fromPromise(({ input }) => {
            // Offline: kept on the device and sent later (src/offline); the dialog closes as after a save.
            const queued = queuedExpense(input.payload, input.idempotencyKey);
            return sendOrQueue(queued, () =>
              call(
                api.POST('/expenses', {
                  body: input.payload,
                  params: { header: { 'Idempotency-Key': queued.idempotencyKey } },
                }),
                t('createFailed'),
              ),
            );
          }),
        },
      }),
    [],
  );
  const actor = useActorRef(machine, {
    input: {
      currentUser,
      defaultCurrency: group.currency,
      defaultSplitType: group.default_split_type,
      group: { id: group.id, name: group.name },
      mode: 'create',
      newIdempotencyKey,
    },
  });
  const context = useSelector(actor, (s) => s.context);
  const saving = useSelector(actor, isSavingExpense);
  const members = useMemo(
    () => group.Members.map((m) => ({ id: m.id, name: memberName(m) })),
    [group.Members],
  );

  // Once per opening: everyone in the group takes part, split by the group's default.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    for (const m of group.Members)
      actor.send({ type: 'draft.addParticipant', participant: toParticipant(m) });
    const ids = actor.getSnapshot().context.draft.participants.map((p) => p.id);
    const details = groupDefaultDetails(group, ids);
    if (details) actor.send({ type: 'draft.setSplitDetails', details });
  }, [actor, group]);

  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    const saved = actor.on('draft.saved', () => {
      invalidateGroup(group.id);
      closeRef.current();
    });
    return () => saved.unsubscribe();
  }, [actor, group.id]);

  const { draft } = context;
  const amount = parseMoney(draft.amount, draft.currency);

  return (
    <Dialog
      title={t('addTitle')}
      size="md"
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      footer={
        <div className={styles.footerColumn}>
          {context.saveError && <Alert>{expenseSaveAlert({ message: context.saveError })}</Alert>}
          <div className={styles.row}>
            {/* The full form takes the draft as it is: nothing typed here is lost. */}
            <Link href={`/groups/${group.id}/expenses/create`} routerOptions={{ state: carryDraft(draft) }}>
              {t('moreOptions')}
            </Link>
            <div className={styles.actions}>
              <Button variant="ghost" onPress={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" form={FORM_ID} isPending={saving}>
                {saving ? t('saving') : t('save')}
              </Button>
            </div>
          </div>
        </div>
      }
    >
      <Form
        id={FORM_ID}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'draft.submit' });
        }}
      >
        <GroupExpenseFields
          context={context}
          members={members}
          currentUserId={currentUser.id}
          send={actor.send}
        />
      </Form>
      <ConfigureSplitDialog
        isOpen={context.splitDialogOpen}
        participants={draft.participants.map((p) => ({ id: p.id, name: p.name ?? p.display_name ?? p.id }))}
        splitType={draft.split_type}
        details={draft.split_details}
        totalMinor={amount.ok && amount.value > 0 ? amount.value : null}
        // The group's count as last loaded (loaded again after every write in the group): another member's
        // create in between moves it, and then the saved split starts further on than this preview.
        rotation={group.next_leftover_start}
        currency={draft.currency}
        onSave={(details) => {
          actor.send({ type: 'draft.setSplitDetails', details });
          actor.send({ type: 'draft.closeSplitDialog' });
        }}
        onCancel={() => actor.send({ type: 'draft.closeSplitDialog' })}
      />
    </Dialog>
  );
}
