import type { components } from '@kitty/api/schema';
import { toUserSummary } from '../users/present';
import type { RuleRow } from './repo';

export type RecurringExpenseJson = components['schemas']['RecurringExpense'];

export function toRecurringJson(row: RuleRow): RecurringExpenseJson {
  const creator = toUserSummary({
    id: row.created_by,
    display_name: row.creator_display_name,
    first_name: row.creator_first_name,
    last_name: row.creator_last_name,
    email: row.creator_email,
  });
  return {
    id: row.id,
    group_id: row.group_id,
    status: row.status,
    paused_reason: row.paused_reason,
    expense: row.template,
    schedule: {
      frequency: row.frequency,
      start_date: row.start_date,
      end_date: row.end_date,
      occurrences: row.occurrences_limit,
      time_zone: row.time_zone,
    },
    next_date: row.next_date,
    last_date: row.last_date,
    occurrences_created: row.occurrences_created,
    created_by: { id: creator.id, display_name: creator.display_name },
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    version: row.version,
  };
}
