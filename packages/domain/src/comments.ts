// Comments on an expense (issue 23): the words, the text rule, who may delete one, and how a comment's time
// and an expense's count read. The server keeps the same rules (trimmed, 1 to 1000 characters).
import type { FieldErrors } from './accountValidation';
import { formatTime } from './dates';
import { type HistoryOptions, historyDayLabel } from './history';
import { hasVisibleCharacter, trimText } from './visibleText';

// In a module of its own: the expense lists show the count without the rest of the comments' code (and the
// history's day labels it needs) in their first download (scripts/web-size.mjs).
export { commentCountLabel } from './commentCount';

export const COMMENT_MAX_LENGTH = 1000;
export const COMMENT_REQUIRED = 'Please write a comment';
export const COMMENT_TOO_LONG = `A comment can be at most ${COMMENT_MAX_LENGTH} characters`;
export const COMMENT_AUTHOR_ONLY = 'Only the person who wrote a comment can delete it.';
export const COMMENT_MEMBERS_ONLY = 'Only current members of the group can comment on its expenses.';
export const COMMENT_EXPENSE_GONE = 'This expense was deleted, or you can no longer see it.';
export const COMMENT_GONE = 'This comment was already deleted.';
/** Only the group creator renames a group or changes its description (the other settings: every member). */
export const GROUP_DETAILS_CREATOR_ONLY =
  "Only the group creator can change the group's name and description.";
export const GROUP_DESCRIPTION_MAX_LENGTH = 500;
export const GROUP_NAME_MAX_LENGTH = 100;

/**
 * A comment's text as it is kept: trimmed (trimText); without a visible character (visibleText.ts) or
 * longer than 1000 characters it is refused.
 */
export function validateComment(text: string | null | undefined): FieldErrors<'text'> {
  const trimmed = trimText(text ?? '');
  if (!hasVisibleCharacter(trimmed)) return { text: COMMENT_REQUIRED };
  if ([...trimmed].length > COMMENT_MAX_LENGTH) return { text: COMMENT_TOO_LONG };
  return {};
}

/** Only the author deletes a comment. */
export function mayDeleteComment(comment: { author: { id: string } }, userId: string): boolean {
  return comment.author.id === userId;
}

/**
 * When a comment was written, as the activity lists say days: "Today at 5:07 PM", "Yesterday at 9:30 AM",
 * "Tuesday at 8:00 PM" within the week, else "Monday, November 2, 2026 at 8:00 PM"; '' for no date.
 */
export function commentTimeLabel(value: string, options: HistoryOptions): string {
  const parts = commentTimeParts(value, options);
  return parts ? `${parts.day} at ${parts.time}` : '';
}

/**
 * The two parts of commentTimeLabel in `options.locale` (Czech: "Dnes", "17:07"), for a language that joins
 * them its own way; null for no date.
 */
export function commentTimeParts(
  value: string,
  options: HistoryOptions,
): { day: string; time: string } | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return { day: historyDayLabel(date, options), time: formatTime(date, options.locale) };
}
