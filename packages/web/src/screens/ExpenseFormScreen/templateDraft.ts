import type { ExpenseInput, User } from '@kitty/api';
import type { DraftParticipant, ExpenseDraft } from '@kitty/domain/flows';
import { savedFields, toParticipant } from './editDraft';

/**
 * The starting draft of a recurring expense being edited: its template (the members' names from the
 * group), the group, and the first occurrence's day as the Date.
 */
export function draftFromTemplate(
  template: ExpenseInput,
  group: { id: string; name: string; Members: readonly User[] },
  startDate: string,
): Partial<ExpenseDraft> {
  const participants = template.participants.map(
    (id): DraftParticipant => toParticipant(group.Members.find((m) => m.id === id) ?? { id }),
  );
  return {
    ...savedFields(template, participants),
    group_id: group.id,
    groupName: group.name,
    date: startDate,
    notes: template.notes ?? '',
    savedNotes: null,
  };
}
