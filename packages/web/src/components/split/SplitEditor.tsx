import {
  formatMoneyWithSymbol,
  percentageTotal,
  SPLIT_DETAILS_FIELD,
  SPLIT_TYPE_LABELS,
  type SplitDetails,
} from '@kitty/domain';
import { type FormEvent, useState } from 'react';
import { Button } from '../Button';
import { DecimalField } from '../DecimalField';
import { visuallyHidden } from '../VisuallyHidden.css';
import type { SplitParticipant } from './ConfigureSplitDialog';
import * as styles from './ConfigureSplitDialog.css';
import { RemainingSummary } from './RemainingSummary';
import {
  type ConfigurableSplitType,
  detailsFromTexts,
  previewShares,
  splitProblem,
  textsFromDetails,
} from './splitForm';

export interface SplitEditorProps {
  participants: readonly SplitParticipant[];
  splitType: ConfigurableSplitType;
  details?: SplitDetails | null;
  totalMinor?: number | null;
  /** Where the expense's leftover units start (the domain's `rotation`); 0 when left out. */
  rotation?: number;
  currency: string;
  onSave: (details: SplitDetails) => void;
  onCancel: () => void;
}

const HINTS: Record<ConfigurableSplitType, string> = {
  percentage: "Enter each person's percentage (0 to 100). They must add up to 100%.",
  shares: 'Enter a whole number of shares for each person.',
  exact: 'Enter the exact amount each person owes.',
  adjustment: "A positive value adds to a person's share, a negative one reduces it.",
};

/** The word read after each person's name ("Alice percentage"). */
const UNIT: Record<ConfigurableSplitType, string> = {
  percentage: 'percentage',
  shares: 'shares',
  exact: 'amount',
  adjustment: 'adjustment',
};

function inputLimits(type: ConfigurableSplitType) {
  switch (type) {
    case 'percentage':
      return { min: 0, max: 100, step: 0.01 };
    case 'shares':
      return { min: 0, step: 1 };
    case 'exact':
      return { min: 0, step: 0.01 };
    case 'adjustment':
      return { step: 0.01 };
  }
}

/** The dialog's form; mounted each time the dialog opens, so it starts from the given details. */
export function SplitEditor({
  participants,
  splitType,
  details,
  totalMinor,
  rotation = 0,
  currency,
  onSave,
  onCancel,
}: SplitEditorProps) {
  const ids = participants.map((p) => p.id);
  const [texts, setTexts] = useState(() => textsFromDetails(splitType, details, ids, currency));
  const read = detailsFromTexts(splitType, texts, ids, currency);
  const problem = read.ok ? splitProblem(splitType, read.details, ids, totalMinor) : read.error;
  const shares = read.ok ? previewShares(splitType, read.details, ids, totalMinor, rotation) : null;
  const values = read.ok ? (read.details[SPLIT_DETAILS_FIELD[splitType]] ?? {}) : {};
  const hasTotal = typeof totalMinor === 'number' && totalMinor > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portalled but React bubbles through the component tree: keep a form around it from submitting.
    event.stopPropagation();
    if (read.ok && problem === null) onSave(read.details);
  };

  return (
    <form onSubmit={submit} noValidate className={styles.form}>
      <p className={styles.type}>{SPLIT_TYPE_LABELS[splitType]}</p>
      <p className={styles.hint}>{HINTS[splitType]}</p>
      {hasTotal && (
        <p className={styles.hint}>
          Total amount: <strong>{formatMoneyWithSymbol(totalMinor, currency)}</strong>
        </p>
      )}
      <ul className={styles.rows}>
        {participants.map((person) => {
          const share = shares?.[person.id];
          return (
            <li key={person.id}>
              <DecimalField
                layout="inline"
                label={
                  <>
                    {person.name}
                    <span className={visuallyHidden}> {UNIT[splitType]}</span>
                  </>
                }
                value={texts[person.id] ?? ''}
                onChange={(value) => setTexts((t) => ({ ...t, [person.id]: value }))}
                placeholder={splitType === 'exact' ? '0.00' : '0'}
                description={
                  share === undefined ? undefined : `Share: ${formatMoneyWithSymbol(share, currency)}`
                }
                {...inputLimits(splitType)}
              />
            </li>
          );
        })}
      </ul>
      <SplitSummary
        splitType={splitType}
        values={values}
        totalMinor={hasTotal ? totalMinor : null}
        currency={currency}
      />
      <div aria-live="polite" className={styles.problem}>
        {problem}
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={problem !== null}>
          Save
        </Button>
      </div>
    </form>
  );
}

interface SplitSummaryProps {
  splitType: ConfigurableSplitType;
  values: Record<string, number>;
  totalMinor: number | null;
  currency: string;
}

/** The running total of percentages, or what remains of the total for exact amounts. */
function SplitSummary({ splitType, values, totalMinor, currency }: SplitSummaryProps) {
  if (splitType === 'percentage') {
    return (
      <p className={styles.summary} aria-live="polite">
        Total: {percentageTotal(values)}%
      </p>
    );
  }
  if (splitType === 'exact') {
    return <RemainingSummary values={values} totalMinor={totalMinor} currency={currency} />;
  }
  return null;
}
