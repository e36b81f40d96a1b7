import { localDay, NOTES_MAX_LENGTH, notesLength, oneYearAfter } from '@kitty/domain';
import type { ExpenseDraft, ExpenseDraftEvent } from '@kitty/domain/flows';
import { useId } from 'react';
import { expenseProblem } from '../../components/split/words';
import * as styles from './DateNotesFields.css';
import catalog from '../../i18n/catalog/en/expenseForm.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

export interface DateNotesFieldsProps {
  draft: Pick<ExpenseDraft, 'date' | 'notes'>;
  errors: { date?: string | undefined; notes?: string | undefined };
  send: (event: ExpenseDraftEvent) => void;
  /** "First date" when the expense repeats. */
  dateLabel?: string;
}

/** The counter shows from this many characters on (near the limit). */
const COUNTER_FROM = 800;

/**
 * The expense's Date and Notes, in the full form and in the group's dialog alike. The date is a native date
 * input (a day in the device's calendar; the domain's dayToDate makes it the moment saved): react-aria's
 * DatePicker brings its calendar and date library, far more than the form's size budget has room for. The
 * notes are a text area of up to 1,000 characters, counted near the limit.
 */
export function DateNotesFields({ draft, errors, send, dateLabel = t('date') }: DateNotesFieldsProps) {
  const id = useId();
  const length = notesLength(draft.notes);
  const counted = length >= COUNTER_FROM;
  const notesHints = [counted && `${id}-count`, errors.notes && `${id}-notes-error`].filter(Boolean);
  return (
    <>
      <div className={styles.field}>
        <label htmlFor={`${id}-date`} className={styles.label}>
          {dateLabel}
        </label>
        <input
          id={`${id}-date`}
          type="date"
          className={styles.date}
          value={draft.date}
          min="1900-01-01"
          max={localDay(oneYearAfter(new Date()))}
          aria-invalid={Boolean(errors.date)}
          aria-describedby={errors.date ? `${id}-date-error` : undefined}
          onChange={(event) => send({ type: 'draft.change', field: 'date', value: event.target.value })}
        />
        {errors.date && (
          <span id={`${id}-date-error`} className={styles.error}>
            {expenseProblem(errors.date)}
          </span>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-notes`} className={styles.label}>
          {t('notes')}
        </label>
        <textarea
          id={`${id}-notes`}
          className={styles.notes}
          value={draft.notes}
          rows={3}
          maxLength={NOTES_MAX_LENGTH}
          aria-invalid={Boolean(errors.notes)}
          aria-describedby={notesHints.length > 0 ? notesHints.join(' ') : undefined}
          onChange={(event) => send({ type: 'draft.change', field: 'notes', value: event.target.value })}
        />
        {counted && (
          <span id={`${id}-count`} className={`${styles.description} ${styles.counter}`}>
            {t('notesCount', { length, max: NOTES_MAX_LENGTH })}
          </span>
        )}
        {errors.notes && (
          <span id={`${id}-notes-error`} className={styles.error}>
            {expenseProblem(errors.notes)}
          </span>
        )}
      </div>
    </>
  );
}
