import {
  isDay,
  localDay,
  oneYearAfter,
  RECURRENCE_FREQUENCIES,
  type RecurrenceFrequency,
} from '@kitty/domain';
import { useId } from 'react';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { expenseProblem } from '../../components/split/words';
import { frequencyLabel, scheduleText } from '../../flows/recurringWords';
import * as styles from './DateNotesFields.css';
import catalog from '../../i18n/catalog/en/expenseForm.json';
import { messages } from '../../i18n/messages';
import {
  newRepeat,
  type RepeatEnds,
  type RepeatErrors,
  type RepeatState,
  toSchedule,
} from './repeatSchedule';

const t = messages(catalog);

const NEVER = 'never';
const repeatOptions = () => [
  { id: NEVER, label: t('never') },
  ...RECURRENCE_FREQUENCIES.map((f) => ({ id: f, label: frequencyLabel(f) })),
];

const endsOptions = (): { id: RepeatEnds; label: string }[] => [
  { id: 'never', label: t('never') },
  { id: 'on_date', label: t('endsOnDate') },
  { id: 'after', label: t('endsAfter') },
];

export interface RepeatFieldsProps {
  /** Null: Never (a one-off expense, the spec's). */
  repeat: RepeatState | null;
  /** Editing a recurring expense: it keeps repeating (Stop ends it). */
  alwaysRepeats: boolean;
  /** The form's Date: the first occurrence. */
  startDate: string;
  errors: RepeatErrors;
  onChange: (repeat: RepeatState | null) => void;
}

/**
 * A group expense's Repeat (Never, every week, two weeks, month, year), and when it repeats: when it ends
 * (never, on a date, after a number of times) and the schedule in words ("Every month on the 31st (the last
 * day in shorter months)"). Loaded once the expense has a group: the form's first load does not carry it.
 */
export function RepeatFields({ repeat, alwaysRepeats, startDate, errors, onChange }: RepeatFieldsProps) {
  const select = (
    <Select
      label={t('repeat')}
      options={alwaysRepeats ? repeatOptions().slice(1) : repeatOptions()}
      value={repeat?.frequency ?? NEVER}
      onChange={(value) =>
        onChange(
          value === NEVER
            ? null
            : {
                ...(repeat ?? newRepeat(value as RecurrenceFrequency)),
                frequency: value as RecurrenceFrequency,
              },
        )
      }
    />
  );
  if (!repeat) return select;
  return (
    <>
      {select}
      <RepeatEndsFields repeat={repeat} startDate={startDate} errors={errors} onChange={onChange} />
    </>
  );
}

function RepeatEndsFields({
  repeat,
  startDate,
  errors,
  onChange,
}: {
  repeat: RepeatState;
  startDate: string;
  errors: RepeatErrors;
  onChange: (repeat: RepeatState) => void;
}) {
  const id = useId();
  const schedule = toSchedule(repeat, startDate, 'UTC');
  const words =
    isDay(startDate) && (schedule.end_date == null || isDay(schedule.end_date))
      ? scheduleText(schedule)
      : null;
  return (
    <>
      <Select
        label={t('ends')}
        options={endsOptions()}
        value={repeat.ends}
        onChange={(ends) => onChange({ ...repeat, ends: ends as RepeatEnds })}
      />
      {repeat.ends === 'on_date' && (
        <div className={styles.field}>
          <label htmlFor={`${id}-end`} className={styles.label}>
            {t('endDate')}
          </label>
          <input
            id={`${id}-end`}
            type="date"
            className={styles.date}
            value={repeat.endDate}
            min={startDate || undefined}
            max={localDay(oneYearAfter(oneYearAfter(new Date())))}
            aria-invalid={Boolean(errors.endDate)}
            aria-describedby={errors.endDate ? `${id}-end-error` : undefined}
            onChange={(event) => onChange({ ...repeat, endDate: event.target.value })}
          />
          {errors.endDate && (
            <span id={`${id}-end-error`} className={styles.error}>
              {expenseProblem(errors.endDate)}
            </span>
          )}
        </div>
      )}
      {repeat.ends === 'after' && (
        <TextField
          label={t('times')}
          inputMode="numeric"
          value={repeat.count}
          onChange={(count) => onChange({ ...repeat, count })}
          errorMessage={expenseProblem(errors.count)}
          maxLength={4}
        />
      )}
      {words && (
        <p className={styles.description} aria-live="polite">
          {words}
        </p>
      )}
    </>
  );
}

// The form's one lazy module for repeating: what its submit and save need comes with the fields.
export { deviceTimeZone, repeatErrors, repeatFromSchedule, toSchedule } from './repeatSchedule';
export { saveRecurring } from './saveRecurring';
