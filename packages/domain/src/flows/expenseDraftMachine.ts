// The Create / Edit Expense screen's draft (sections 3, 4 "After actions", 5 "Expense").
// editing -> (draft.submit, valid) -> saving -> saved. Create: the draft resets on success; edit: it is kept.
// 'draft.saved' is emitted on success so the screen navigates (create: /dashboard, edit: /expenses/{id}).
import { assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { currencyExponent } from '../currencies';
import { defaultSplitDetails, isSplitType, type SplitDetails } from '../splits';
import type { FieldErrors } from '../accountValidation';
import { INVALID_SPLIT_TYPE } from '../validation';
import {
  addParticipant,
  buildExpensePayload,
  createDraft,
  type DraftField,
  type DraftParticipant,
  type ExpenseDraft,
  type ExpensePayload,
  expenseSaveErrorMessage,
  inviteesOf,
  removeParticipant,
  setPayerAmount,
  setPayers,
  setSeveralPayers,
  splitPaymentEqually,
} from './expenseDraft';

export interface ExpenseDraftInput {
  currentUser: DraftParticipant;
  /** The user's default currency (account settings); EUR without one. */
  defaultCurrency?: string | null;
  /** The user's default split method; equal without one. */
  defaultSplitType?: string | null;
  /** A group from the route (/groups/{id}/expenses/create): selected, its name shown. */
  group?: { id: string; name: string } | null;
  mode?: 'create' | 'edit';
  /** The expense being edited. */
  expenseId?: string | null;
  /** A fresh idempotency key per draft version (e.g. crypto.randomUUID); retries of the same draft reuse it. */
  newIdempotencyKey?: () => string;
}

export interface ExpenseDraftContext {
  input: ExpenseDraftInput;
  draft: ExpenseDraft;
  splitDialogOpen: boolean;
  errors: FieldErrors<DraftField>;
  /** The message of a failed save (the alert reads "Error: " + it). */
  saveError: string | null;
  idempotencyKey: string | null;
}

type TextField = 'description' | 'amount' | 'currency' | 'category' | 'date' | 'notes';

export type ExpenseDraftEvent =
  | { type: 'draft.change'; field: TextField; value: string }
  | { type: 'draft.addParticipant'; participant: DraftParticipant }
  | { type: 'draft.removeParticipant'; id: string }
  | { type: 'draft.setPayer'; id: string }
  /** "Several people paid" on or off. */
  | { type: 'draft.setSeveralPayers'; on: boolean }
  /** Who of the participants paid (several payers). */
  | { type: 'draft.setPayers'; ids: string[] }
  | { type: 'draft.setPayerAmount'; id: string; value: string }
  /** "Split the payment equally" among the payers. */
  | { type: 'draft.splitPaymentEqually' }
  | { type: 'draft.setSplitType'; splitType: string }
  | { type: 'draft.setSplitDetails'; details: SplitDetails }
  | { type: 'draft.openSplitDialog' }
  | { type: 'draft.closeSplitDialog' }
  | { type: 'draft.selectGroup'; group: { id: string; name: string } | null }
  | { type: 'draft.groupText'; text: string }
  | { type: 'draft.load'; values: Partial<ExpenseDraft> }
  | { type: 'draft.reset' }
  | { type: 'draft.submit' }
  | { type: 'draft.dismissError' }
  /** The server's refusals by field, once a save came back refused (shown on the fields). */
  | { type: 'draft.fieldErrors'; errors: FieldErrors<DraftField> };

export type ExpenseDraftEmitted = {
  type: 'draft.saved';
  mode: 'create' | 'edit';
  expenseId: string | null;
  result: unknown;
};

export interface SaveExpenseInput {
  mode: 'create' | 'edit';
  expenseId: string | null;
  /** Names invitees by their "temp-" ids: invite them first, then use `withInvitedIds`. */
  payload: ExpensePayload;
  idempotencyKey: string | null;
  /** People added by e-mail, invited only now that the expense is saved (never when it is not). */
  invitees: DraftParticipant[];
}

function freshDraft(input: ExpenseDraftInput): ExpenseDraft {
  return createDraft({
    currentUser: input.currentUser,
    currency: input.defaultCurrency,
    splitType: input.defaultSplitType,
    group: input.group,
  });
}

/** A changed draft is another request: it gets another idempotency key. */
const edited = (draft: ExpenseDraft) => ({ draft, idempotencyKey: null });

/** A change of who paid what: the payers' message goes until the next save. */
function payersEdited(context: ExpenseDraftContext, draft: ExpenseDraft) {
  const { payers: _, ...errors } = context.errors;
  return { ...edited(draft), errors };
}

export const expenseDraftMachine = setup({
  types: {
    context: {} as ExpenseDraftContext,
    events: {} as ExpenseDraftEvent,
    input: {} as ExpenseDraftInput,
    emitted: {} as ExpenseDraftEmitted,
  },
  actors: {
    saveExpense: fromPromise<unknown, SaveExpenseInput>(() =>
      Promise.reject(new Error('expenseDraftMachine: actor "saveExpense" not provided')),
    ),
  },
  guards: {
    payloadReady: ({ context }) => buildExpensePayload(context.draft).ok,
    isEdit: ({ context }) => context.input.mode === 'edit',
  },
  actions: {
    reset: assign(({ context }) => ({
      draft: freshDraft(context.input),
      splitDialogOpen: false,
      errors: {},
      saveError: null,
      idempotencyKey: null,
    })),
  },
}).createMachine({
  id: 'expenseDraft',
  context: ({ input }) => ({
    input,
    draft: freshDraft(input),
    splitDialogOpen: false,
    errors: {},
    saveError: null,
    idempotencyKey: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'draft.change': {
          actions: assign(({ context, event }) => {
            const errors = { ...context.errors };
            if (event.field === 'description' || event.field === 'date' || event.field === 'notes')
              delete errors[event.field];
            // The payments are checked against the total in its currency: another total, another check.
            if (event.field === 'amount' || event.field === 'currency') delete errors.payers;
            const draft = { ...context.draft, [event.field]: event.value };
            // Exact amounts and adjustments are minor units: another exponent changes what they mean.
            const minorDetails = draft.split_type === 'exact' || draft.split_type === 'adjustment';
            if (
              event.field === 'currency' &&
              minorDetails &&
              currencyExponent(event.value) !== currencyExponent(context.draft.currency)
            ) {
              draft.split_details = defaultSplitDetails(
                draft.split_type,
                draft.participants.map((p) => p.id),
              );
            }
            return { ...edited(draft), errors };
          }),
        },
        'draft.addParticipant': {
          actions: assign(({ context, event }) => {
            const { participants: _, ...errors } = context.errors;
            return { ...edited(addParticipant(context.draft, event.participant)), errors };
          }),
        },
        'draft.removeParticipant': {
          actions: assign(({ context, event }) =>
            edited(removeParticipant(context.draft, event.id, context.input.currentUser.id)),
          ),
        },
        'draft.setPayer': {
          guard: ({ context, event }) => context.draft.participants.some((p) => p.id === event.id),
          actions: assign(({ context, event }) => edited({ ...context.draft, paid_by: event.id })),
        },
        'draft.setSeveralPayers': {
          actions: assign(({ context, event }) =>
            payersEdited(context, setSeveralPayers(context.draft, event.on)),
          ),
        },
        'draft.setPayers': {
          actions: assign(({ context, event }) => payersEdited(context, setPayers(context.draft, event.ids))),
        },
        'draft.setPayerAmount': {
          actions: assign(({ context, event }) =>
            payersEdited(context, setPayerAmount(context.draft, event.id, event.value)),
          ),
        },
        'draft.splitPaymentEqually': {
          actions: assign(({ context }) => payersEdited(context, splitPaymentEqually(context.draft))),
        },
        'draft.setSplitType': [
          {
            guard: ({ event }) => isSplitType(event.splitType),
            actions: assign(({ context, event }) => {
              const split_type = isSplitType(event.splitType) ? event.splitType : context.draft.split_type;
              const ids = context.draft.participants.map((p) => p.id);
              const { split_type: _t, split_details: _d, ...errors } = context.errors;
              return {
                ...edited({
                  ...context.draft,
                  split_type,
                  split_details: defaultSplitDetails(split_type, ids),
                }),
                splitDialogOpen: split_type !== 'equal',
                errors,
              };
            }),
          },
          {
            actions: assign(({ context }) => ({
              errors: { ...context.errors, split_type: INVALID_SPLIT_TYPE },
            })),
          },
        ],
        'draft.setSplitDetails': {
          actions: assign(({ context, event }) => {
            const { split_details: _, ...errors } = context.errors;
            return { ...edited({ ...context.draft, split_details: event.details }), errors };
          }),
        },
        'draft.openSplitDialog': {
          guard: ({ context }) => context.draft.split_type !== 'equal',
          actions: assign({ splitDialogOpen: true }),
        },
        'draft.closeSplitDialog': { actions: assign({ splitDialogOpen: false }) },
        'draft.selectGroup': {
          guard: ({ context }) => context.input.mode !== 'edit',
          actions: assign(({ context, event }) =>
            edited({
              ...context.draft,
              group_id: event.group?.id ?? null,
              groupName: event.group?.name ?? '',
            }),
          ),
        },
        'draft.groupText': {
          guard: ({ context, event }) =>
            context.input.mode !== 'edit' &&
            context.draft.group_id !== null &&
            event.text !== context.draft.groupName,
          actions: assign(({ context }) => edited({ ...context.draft, group_id: null, groupName: '' })),
        },
        'draft.load': {
          actions: assign(({ context, event }) => ({
            ...edited({ ...context.draft, ...event.values }),
            errors: {},
            saveError: null,
          })),
        },
        'draft.reset': { actions: 'reset' },
        'draft.dismissError': { actions: assign({ saveError: null }) },
        'draft.fieldErrors': {
          actions: assign(({ context, event }) => ({ errors: { ...context.errors, ...event.errors } })),
        },
        'draft.submit': [
          {
            guard: 'payloadReady',
            target: 'saving',
            actions: assign(({ context }) => ({
              errors: {},
              saveError: null,
              idempotencyKey: context.idempotencyKey ?? context.input.newIdempotencyKey?.() ?? null,
            })),
          },
          {
            actions: assign(({ context }) => {
              const result = buildExpensePayload(context.draft);
              return { errors: result.ok ? {} : result.errors };
            }),
          },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'saveExpense',
        input: ({ context }) => {
          const result = buildExpensePayload(context.draft);
          if (!result.ok) throw new Error('expenseDraftMachine: the draft changed before saving');
          return {
            mode: context.input.mode ?? 'create',
            expenseId: context.input.expenseId ?? null,
            payload: result.payload,
            idempotencyKey: context.idempotencyKey,
            invitees: inviteesOf(context.draft),
          };
        },
        onDone: [
          {
            guard: 'isEdit',
            target: 'saved',
            actions: emit(({ context, event }) => ({
              type: 'draft.saved' as const,
              mode: 'edit' as const,
              expenseId: context.input.expenseId ?? null,
              result: event.output,
            })),
          },
          {
            target: 'saved',
            actions: [
              emit(({ event }) => ({
                type: 'draft.saved' as const,
                mode: 'create' as const,
                expenseId: null,
                result: event.output,
              })),
              'reset',
            ],
          },
        ],
        onError: {
          target: 'editing',
          actions: assign({ saveError: ({ event }) => expenseSaveErrorMessage(event.error) }),
        },
      },
    },
    saved: {
      on: { 'draft.reset': { target: 'editing', actions: 'reset' } },
    },
  },
});

export type ExpenseDraftSnapshot = SnapshotFrom<typeof expenseDraftMachine>;

/** "Saving..." on the Save button. */
export function isSavingExpense(state: ExpenseDraftSnapshot): boolean {
  return state.matches('saving');
}
