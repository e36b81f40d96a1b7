// The Settle Up dialog of a group (section 4 "Settle Up dialog").
// Opening loads suggestions and history side by side; the steps are suggestions (default), the custom
// form, history and the confirmation. Submitting the form or picking a suggestion goes to the confirmation;
// back from it returns to the form (filled with what was confirmed, also after picking a suggestion).
// On success the dialog resets to suggestions, closes, and emits 'settleUp.recorded'.
import { assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { hasErrors } from '../accountValidation';
import { validateSettlement } from '../validation';
import { failureMessage } from '../failure';
import {
  draftOf,
  emptyForm,
  formFromSuggestion,
  LOAD_HISTORY_FAILED,
  LOAD_SUGGESTIONS_FAILED,
  RECORD_SETTLEMENT_FAILED,
  type SettlementFormValues,
  type SettlementPayload,
  type SettlementRecord,
  type SettlementSuggestion,
  type SettleUpContext,
  type SettleUpEmitted,
  type SettleUpEvent,
  type SettleUpInput,
  type SettlementDraft,
} from './settleUp';

const isValidForm = (form: SettlementFormValues) => !hasErrors(validateSettlement(form));

const tabs = {
  'settleUp.showSuggestions': { target: 'suggestions' },
  'settleUp.showCustom': { target: 'custom' },
  'settleUp.showHistory': { target: 'history' },
  'settleUp.close': { target: '#settleUp.closed' },
} as const;

export const settleUpMachine = setup({
  types: {
    context: {} as SettleUpContext,
    events: {} as SettleUpEvent,
    input: {} as SettleUpInput,
    emitted: {} as SettleUpEmitted,
  },
  actions: {
    reset: assign(({ context }) => ({
      form: emptyForm(context),
      formErrors: {},
      draft: null,
      submitError: null,
    })),
  },
  actors: {
    loadSuggestions: fromPromise<SettlementSuggestion[], { groupId: string }>(() =>
      Promise.reject(new Error('settleUpMachine: actor "loadSuggestions" not provided')),
    ),
    loadHistory: fromPromise<SettlementRecord[], { groupId: string }>(() =>
      Promise.reject(new Error('settleUpMachine: actor "loadHistory" not provided')),
    ),
    recordSettlement: fromPromise<unknown, { payload: SettlementPayload; idempotencyKey: string | null }>(
      () => Promise.reject(new Error('settleUpMachine: actor "recordSettlement" not provided')),
    ),
  },
}).createMachine({
  id: 'settleUp',
  context: ({ input }) => ({
    ...input,
    suggestions: [],
    history: [],
    suggestionsError: null,
    historyError: null,
    form: emptyForm(input),
    formErrors: {},
    draft: null,
    submitError: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      entry: 'reset',
      on: { 'settleUp.open': 'open' },
    },
    open: {
      type: 'parallel',
      states: {
        suggestions: {
          initial: 'loading',
          states: {
            loading: {
              entry: assign({ suggestionsError: null }),
              invoke: {
                src: 'loadSuggestions',
                input: ({ context }) => ({ groupId: context.groupId }),
                onDone: { target: 'ready', actions: assign({ suggestions: ({ event }) => event.output }) },
                onError: {
                  target: 'failed',
                  actions: assign({
                    suggestionsError: ({ event }) => failureMessage(event.error, LOAD_SUGGESTIONS_FAILED),
                  }),
                },
              },
            },
            ready: { on: { 'settleUp.reload': 'loading' } },
            failed: { on: { 'settleUp.reload': 'loading' } },
          },
        },
        history: {
          initial: 'loading',
          states: {
            loading: {
              entry: assign({ historyError: null }),
              invoke: {
                src: 'loadHistory',
                input: ({ context }) => ({ groupId: context.groupId }),
                onDone: { target: 'ready', actions: assign({ history: ({ event }) => event.output }) },
                onError: {
                  target: 'failed',
                  actions: assign({
                    historyError: ({ event }) => failureMessage(event.error, LOAD_HISTORY_FAILED),
                  }),
                },
              },
            },
            ready: { on: { 'settleUp.reload': 'loading' } },
            failed: { on: { 'settleUp.reload': 'loading' } },
          },
        },
        step: {
          initial: 'suggestions',
          states: {
            suggestions: {
              on: {
                ...tabs,
                'settleUp.pickSuggestion': [
                  {
                    guard: ({ event }) => isValidForm(formFromSuggestion(event.suggestion)),
                    target: 'confirm',
                    actions: assign(({ context, event }) => {
                      const form = formFromSuggestion(event.suggestion);
                      return {
                        form,
                        formErrors: {},
                        submitError: null,
                        draft: draftOf(context, form, 'suggestion'),
                      };
                    }),
                  },
                  {
                    target: 'custom',
                    actions: assign(({ event }) => {
                      const form = formFromSuggestion(event.suggestion);
                      return { form, formErrors: validateSettlement(form) };
                    }),
                  },
                ],
              },
            },
            custom: {
              on: {
                ...tabs,
                'settleUp.edit': {
                  actions: assign(({ context, event }) => {
                    const form = { ...context.form, ...event.values };
                    // The receiver list excludes the chosen payer.
                    if (form.to_user_id === form.from_user_id) form.to_user_id = '';
                    const formErrors = { ...context.formErrors };
                    for (const key of Object.keys(event.values))
                      delete formErrors[key as keyof typeof formErrors];
                    return { form, formErrors };
                  }),
                },
                'settleUp.submitForm': [
                  {
                    guard: ({ context }) => isValidForm(context.form),
                    target: 'confirm',
                    actions: assign(({ context }) => ({
                      formErrors: {},
                      submitError: null,
                      draft: draftOf(context, context.form, 'form'),
                    })),
                  },
                  { actions: assign({ formErrors: ({ context }) => validateSettlement(context.form) }) },
                ],
              },
            },
            history: { on: tabs },
            confirm: {
              on: {
                'settleUp.back': { target: 'custom', actions: assign({ draft: null, submitError: null }) },
                'settleUp.confirm': 'submitting',
                'settleUp.close': { target: '#settleUp.closed' },
              },
            },
            submitting: {
              entry: assign({ submitError: null }),
              invoke: {
                src: 'recordSettlement',
                input: ({ context }) => {
                  if (!context.draft) throw new Error('settleUpMachine: nothing to record');
                  return { payload: context.draft.payload, idempotencyKey: context.draft.idempotencyKey };
                },
                onDone: {
                  target: '#settleUp.closed',
                  actions: emit(({ context }) => ({
                    type: 'settleUp.recorded' as const,
                    payload: (context.draft as SettlementDraft).payload,
                  })),
                },
                onError: {
                  target: 'confirm',
                  actions: assign({
                    submitError: ({ event }) => failureMessage(event.error, RECORD_SETTLEMENT_FAILED),
                  }),
                },
              },
            },
          },
        },
      },
    },
  },
});

export type SettleUpSnapshot = SnapshotFrom<typeof settleUpMachine>;

/** The visible step of an open dialog, or null when closed. */
export function settleUpStep(
  state: SettleUpSnapshot,
): 'suggestions' | 'custom' | 'history' | 'confirm' | 'submitting' | null {
  if (!state.matches('open')) return null;
  for (const step of ['suggestions', 'custom', 'history', 'confirm', 'submitting'] as const) {
    if (state.matches({ open: { step } })) return step;
  }
  return null;
}
