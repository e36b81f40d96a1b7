import { call, type GroupDetail, type Settlement, type SettlementSuggestion } from '@kitty/api';
import { settleUpMachine, settleUpStep } from '@kitty/domain/flows';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { api } from '../../api';
import { Dialog } from '../../components/Dialog';
import { Tabs } from '../../components/Tabs';
import { toast } from '../../components/Toast';
import { newIdempotencyKey } from '../../flows/idempotency';
import { queuedSettlement, sendOrQueue } from '../../offline/queue';
import { SettleUpConfirm } from './SettleUpConfirm';
import { SettleUpCustomForm } from './SettleUpCustomForm';
import { SettleUpHistory } from './SettleUpHistory';
import { SettleUpSuggestions } from './SettleUpSuggestions';
import { invalidateGroup } from './useGroupData';
import catalog from '../../i18n/catalog/en/settleUp.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/** The machine with its actors given real API calls. */
function useSettleUpMachine() {
  return useMemo(
    () =>
      settleUpMachine.provide({
        actors: {
          loadSuggestions: fromPromise(async ({ input, signal }) => {
            const data = await call(
              api.GET('/financial/settlement-suggestions/group/{groupId}', {
                params: { path: { groupId: input.groupId } },
                signal,
              }),
              t('loadSuggestionsFailed'),
            );
            return data.suggestions;
          }),
          loadHistory: fromPromise(async ({ input, signal }) => {
            const data = await call(
              api.GET('/financial/settlements/group/{groupId}', {
                params: { path: { groupId: input.groupId } },
                signal,
              }),
              t('loadHistoryFailed'),
            );
            return data.settlements;
          }),
          recordSettlement: fromPromise(({ input }) => {
            // Offline: kept on the device and sent later (src/offline).
            const queued = queuedSettlement(input.payload, input.idempotencyKey);
            return sendOrQueue(queued, () =>
              call(
                api.POST('/financial/settlements', {
                  body: input.payload,
                  params: { header: { 'Idempotency-Key': queued.idempotencyKey } },
                }),
                t('recordFailed'),
              ),
            );
          }),
        },
      }),
    [],
  );
}

export interface SettleUpDialogProps {
  group: GroupDetail;
  currentUserId: string;
  /** The dialog closed (closed by the person, or after recording a settlement). */
  onClosed: () => void;
}

/** Settle Up (spec section 4): the domain's settleUpMachine bound to the dialog. */
export function SettleUpDialog({ group, currentUserId, onClosed }: SettleUpDialogProps) {
  const machine = useSettleUpMachine();
  const actor = useActorRef(machine, {
    input: {
      groupId: group.id,
      currentUserId,
      currency: group.currency,
      newIdempotencyKey,
    },
  });
  const state = useSelector(actor, (s) => s);
  const step = settleUpStep(state);
  const wasOpen = useRef(false);

  useEffect(() => {
    actor.send({ type: 'settleUp.open' });
    const recorded = actor.on('settleUp.recorded', () => {
      toast.success(t('recorded'));
      invalidateGroup(group.id);
    });
    return () => recorded.unsubscribe();
  }, [actor, group.id]);

  useEffect(() => {
    if (step !== null) wasOpen.current = true;
    else if (wasOpen.current) onClosed();
  }, [step, onClosed]);

  const { context } = state;
  const suggestionsStatus = state.matches({ open: { suggestions: 'failed' } })
    ? 'failed'
    : state.matches({ open: { suggestions: 'ready' } })
      ? 'ready'
      : 'loading';
  const historyStatus = state.matches({ open: { history: 'failed' } })
    ? 'failed'
    : state.matches({ open: { history: 'ready' } })
      ? 'ready'
      : 'loading';
  const reload = () => actor.send({ type: 'settleUp.reload' });
  const confirming = step === 'confirm' || step === 'submitting';

  return (
    <Dialog
      title={t('title')}
      size="lg"
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) actor.send({ type: 'settleUp.close' });
      }}
    >
      {confirming && context.draft ? (
        <SettleUpConfirm
          draft={context.draft}
          members={group.Members}
          submitting={step === 'submitting'}
          error={context.submitError}
          onBack={() => actor.send({ type: 'settleUp.back' })}
          onConfirm={() => actor.send({ type: 'settleUp.confirm' })}
        />
      ) : (
        <Tabs
          aria-label={t('tabs')}
          selectedKey={step ?? 'suggestions'}
          onSelectionChange={(id) => {
            if (id === 'suggestions') actor.send({ type: 'settleUp.showSuggestions' });
            else if (id === 'custom') actor.send({ type: 'settleUp.showCustom' });
            else actor.send({ type: 'settleUp.showHistory' });
          }}
          tabs={[
            {
              id: 'suggestions',
              label: t('suggestions'),
              content: (
                <SettleUpSuggestions
                  status={suggestionsStatus}
                  suggestions={context.suggestions as SettlementSuggestion[]}
                  error={context.suggestionsError}
                  onPick={(suggestion) => actor.send({ type: 'settleUp.pickSuggestion', suggestion })}
                  onRetry={reload}
                />
              ),
            },
            {
              id: 'custom',
              label: t('custom'),
              content: (
                <SettleUpCustomForm
                  members={group.Members}
                  form={context.form}
                  errors={context.formErrors}
                  onEdit={(values) => actor.send({ type: 'settleUp.edit', values })}
                  onSubmit={() => actor.send({ type: 'settleUp.submitForm' })}
                />
              ),
            },
            {
              id: 'history',
              label: t('history'),
              content: (
                <SettleUpHistory
                  status={historyStatus}
                  history={context.history as Settlement[]}
                  error={context.historyError}
                  onRetry={reload}
                />
              ),
            },
          ]}
        />
      )}
    </Dialog>
  );
}
