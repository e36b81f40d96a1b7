import { percentageTotal, SPLIT_DETAILS_FIELD, type SplitDetails } from '@kitty/domain';
import { type FormEvent, useState } from 'react';
import catalog from '../../i18n/catalog/en/split.json';
import { money } from '../../i18n/format';
import { activeLocale } from '../../i18n/language';
import { messages } from '../../i18n/messages';
import { Button } from '../Button';
import { visuallyHidden } from '../VisuallyHidden.css';
import { DecimalField } from '../DecimalField';
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
import { expenseProblem, splitTypeLabel } from './words';

const t = messages(catalog);

/** A running percentage in the active language's digits ("33,33" in Czech). */
const percentText = (value: number) =>
  new Intl.NumberFormat(activeLocale(), { maximumFractionDigits: 20 }).format(value);

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
      <p className={styles.type}>{splitTypeLabel(splitType)}</p>
      <p className={styles.hint}>{t(`hint.${splitType}`)}</p>
      {hasTotal && (
        <p className={styles.hint}>
          {t('totalAmount')} <strong>{money(totalMinor, currency)}</strong>
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
                    <span className={visuallyHidden}> {t(`unit.${splitType}`)}</span>
                  </>
                }
                value={texts[person.id] ?? ''}
                onChange={(value) => setTexts((t) => ({ ...t, [person.id]: value }))}
                placeholder={splitType === 'exact' ? '0.00' : '0'}
                description={share === undefined ? undefined : t('share', { amount: money(share, currency) })}
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
        {expenseProblem(problem)}
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onPress={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" isDisabled={problem !== null}>
          {t('save')}
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
        {t('percentTotal', { percent: percentText(percentageTotal(values)) })}
      </p>
    );
  }
  if (splitType === 'exact') {
    return <RemainingSummary values={values} totalMinor={totalMinor} currency={currency} />;
  }
  return null;
}
