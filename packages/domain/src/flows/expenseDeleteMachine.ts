// Expense delete (section 4 "Expense delete", section 6, section 8 "Expense delete").
import { assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { failureMessage } from '../failure';
import { mayDeleteExpense, type Payments } from '../payers';

export const DELETE_NOT_PAYER_TOOLTIP = 'Only the person who paid can delete this expense';
export const DELETE_NOT_PAYER_WARNING =
  "You can't delete this expense because you didn't pay for it. Only the person who paid can delete it.";
/** How long after a successful delete the machine asks to leave for the dashboard (section 9). */
export const REDIRECT_AFTER_DELETE_MS = 500;

/** Only the person who paid may delete an expense: with several payers, any of them (mayDeleteExpense). */
export function canDeleteExpense(input: {
  paidBy: string | null | undefined;
  /** Who paid what (minor units), when known; absent: `paidBy` paid all of it. */
  payers?: Payments | null | undefined;
  currentUserId: string;
}): boolean {
  if (input.paidBy == null) return false;
  return mayDeleteExpense({ paid_by: input.paidBy, payers: input.payers ?? undefined }, input.currentUserId);
}

/** The fallback by status when the server sent no message. */
export function deleteExpenseDefaultMessage(status: number | undefined): string {
  if (status === 401 || status === 403) return 'You are not authorized to delete this expense';
  if (status === 404) return 'Expense not found';
  if (status === 500) return 'Server error. Please try again later.';
  return 'Failed to delete expense';
}

/** Section 8: the server's message if present, else by status. */
export function deleteExpenseErrorMessage(failure: unknown): string {
  return failureMessage(failure, ({ status }) => deleteExpenseDefaultMessage(status));
}

export interface ExpenseDeleteInput {
  expenseId: string;
  paidBy: string | null | undefined;
  /** Every payer with what they paid (minor units); absent: `paidBy` paid all of it. */
  payers?: Payments | null | undefined;
  currentUserId: string;
}

export interface ExpenseDeleteContext extends ExpenseDeleteInput {
  /** The optimistic hide: the expense is shown as gone while deleting and after success. */
  hidden: boolean;
  error: string | null;
  /** Set when a non-payer asks to delete. */
  warning: string | null;
  /** Set 500 ms after success: navigate to /dashboard. */
  redirect: boolean;
}

export type ExpenseDeleteEvent =
  | { type: 'delete.request' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'delete.dismiss' };

export type ExpenseDeleteEmitted =
  | { type: 'delete.succeeded' }
  | { type: 'delete.failed'; message: string }
  | { type: 'delete.redirect' };

export const expenseDeleteMachine = setup({
  types: {
    context: {} as ExpenseDeleteContext,
    events: {} as ExpenseDeleteEvent,
    input: {} as ExpenseDeleteInput,
    emitted: {} as ExpenseDeleteEmitted,
  },
  actors: {
    deleteExpense: fromPromise<unknown, { expenseId: string }>(() =>
      Promise.reject(new Error('expenseDeleteMachine: actor "deleteExpense" not provided')),
    ),
  },
  guards: {
    isPayer: ({ context }) => canDeleteExpense(context),
  },
  delays: {
    redirectDelay: REDIRECT_AFTER_DELETE_MS,
  },
}).createMachine({
  id: 'expenseDelete',
  context: ({ input }) => ({ ...input, hidden: false, error: null, warning: null, redirect: false }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'delete.request': [
          { guard: 'isPayer', target: 'confirming', actions: assign({ error: null, warning: null }) },
          { actions: assign({ warning: DELETE_NOT_PAYER_WARNING }) },
        ],
        'delete.dismiss': { actions: assign({ error: null, warning: null }) },
      },
    },
    confirming: {
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': 'idle',
      },
    },
    deleting: {
      entry: assign({ hidden: true, error: null }),
      invoke: {
        src: 'deleteExpense',
        input: ({ context }) => ({ expenseId: context.expenseId }),
        onDone: 'deleted',
        onError: {
          target: 'idle',
          actions: [
            assign({ hidden: false, error: ({ event }) => deleteExpenseErrorMessage(event.error) }),
            emit(({ context }) => ({ type: 'delete.failed' as const, message: context.error ?? '' })),
          ],
        },
      },
    },
    deleted: {
      entry: emit({ type: 'delete.succeeded' }),
      after: {
        redirectDelay: {
          target: 'done',
          actions: [assign({ redirect: true }), emit({ type: 'delete.redirect' })],
        },
      },
    },
    done: { type: 'final' },
  },
});

export type ExpenseDeleteSnapshot = SnapshotFrom<typeof expenseDeleteMachine>;
