import { call } from '@kitty/api';
import type { ExpensePayload } from '@kitty/domain/flows';
import { api } from '../../api';
import { changedMeanwhile } from '../../flows/conflict';
import { recurringFailure } from '../../flows/recurringWords';
import { invalidate, recurringExpenseTag } from '../../flows/resource';
import { type ScheduleBody, serverFieldErrors } from './repeatSchedule';
import catalog from '../../i18n/catalog/en/expenseForm.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/** A save that makes the expense repeat (Repeat on), or changes a recurring expense. */
export interface RecurringSave {
  groupId: string;
  schedule: ScheduleBody;
  /** Editing: the recurring expense and the version the change is based on. */
  recurringId?: string;
  version?: number;
  /** A refusal's field messages, for the fields they belong to. */
  onFieldErrors: (errors: ReturnType<typeof serverFieldErrors>) => void;
}

/**
 * POST /groups/{id}/recurring-expenses (the occurrences due by today are created with it), or PUT
 * /recurring-expenses/{id}: `expense` is the payload the form sends to POST /expenses, without its date
 * (each occurrence has its own, from the schedule).
 */
export async function saveRecurring(
  payload: ExpensePayload,
  save: RecurringSave,
  idempotencyKey: string | null,
): Promise<unknown> {
  try {
    return await request(payload, save, idempotencyKey);
  } catch (failure) {
    save.onFieldErrors(serverFieldErrors(failure));
    // Changed by someone else meanwhile: the form loads it as it is now (once the machine took the refusal).
    const { recurringId } = save;
    if (recurringId && changedMeanwhile(failure))
      setTimeout(() => invalidate(recurringExpenseTag(recurringId)), 0);
    throw recurringFailure(failure);
  }
}

function request(payload: ExpensePayload, save: RecurringSave, idempotencyKey: string | null) {
  const { date: _date, ...expense } = payload;
  if (save.recurringId) {
    return call(
      api.PUT('/recurring-expenses/{id}', {
        params: { path: { id: save.recurringId } },
        body: { expense, schedule: save.schedule, ...(save.version ? { version: save.version } : {}) },
      }),
      t('updateRecurringFailed'),
    );
  }
  return call(
    api.POST('/groups/{id}/recurring-expenses', {
      params: {
        path: { id: save.groupId },
        header: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {},
      },
      body: { expense, schedule: save.schedule },
    }),
    t('saveRecurringFailed'),
  );
}
