import { call } from '@kitty/api';
import {
  IMPORT_FAILED,
  IMPORT_PREVIEW_FAILED,
  type ImportBlockerReason,
  type ImportEvent,
  importBlockerReason,
  importChecking,
  importMachine,
  importStep,
} from '@kitty/domain/flows';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { fromPromise } from 'xstate';
import { api } from '../../api';
import { toast } from '../../components/Toast';
import { newIdempotencyKey } from '../../flows/idempotency';
import { invalidate } from '../../flows/resource';
import { blockerWords, importedWords, words } from './importWords';

const blockerText = (reason: ImportBlockerReason | null) => (reason ? blockerWords(reason) : null);

/** The import flow (the domain's importMachine) with its calls to POST /imports; done opens the group. */
export function useImport(groupId: string | null) {
  const navigate = useNavigate();
  const logic = useMemo(
    () =>
      importMachine.provide({
        actors: {
          dryRun: fromPromise(({ input, signal }) =>
            call(api.POST('/imports', { body: input.body, signal }), words(IMPORT_PREVIEW_FAILED)),
          ),
          runImport: fromPromise(({ input }) =>
            call(
              api.POST('/imports', {
                body: input.body,
                params: { header: input.idempotencyKey ? { 'Idempotency-Key': input.idempotencyKey } : {} },
              }),
              words(IMPORT_FAILED),
            ),
          ),
        },
      }),
    [],
  );
  const actor = useActorRef(logic, {
    input: {
      groupId,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
      newIdempotencyKey,
    },
  });
  const view = useSelector(
    actor,
    (state) => {
      const checking = importChecking(state);
      return {
        step: importStep(state),
        checking,
        context: state.context,
        blocker: blockerText(importBlockerReason(state.context, checking)),
      };
    },
    shallowEqual,
  );

  useEffect(() => {
    const done = actor.on('import.done', (event) => {
      const result = actor.getSnapshot().context.result;
      if (result) toast.success(importedWords(result));
      // The group screen opened next loads the group afresh; lists and balances shown elsewhere load again.
      invalidate('groups', 'balances', 'expenses');
      navigate(event.groupId ? `/groups/${event.groupId}` : '/groups');
    });
    return () => done.unsubscribe();
  }, [actor, navigate]);

  return { ...view, send: (event: ImportEvent) => actor.send(event) };
}

export type ImportView = ReturnType<typeof useImport>;
