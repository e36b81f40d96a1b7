import { type PeriodRange, STATISTICS_PRESETS, type StatisticsPreset } from '@kitty/domain';
import { expenseProblem } from '../../components/split/words';
import { FieldBox } from './FieldBox';
import { NativeSelect } from './NativeSelect';
import * as styles from './StatisticsScreen.css';
import catalog from '../../i18n/catalog/en/statistics.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

export interface PeriodChooserProps {
  period: StatisticsPreset;
  onPeriodChange: (period: StatisticsPreset) => void;
  custom: PeriodRange;
  onCustomChange: (custom: PeriodRange) => void;
  errors: { from?: string; to?: string };
}

function DayInput({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string | undefined;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <FieldBox label={label} error={expenseProblem(error)}>
      {(id, describedBy) => (
        <input
          id={id}
          type="date"
          className={styles.input}
          value={value ?? ''}
          min="1900-01-01"
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldBox>
  );
}

/**
 * The period the statistics cover: a preset, or Custom with a From and a To day (native date inputs,
 * each optional: an empty end is open).
 */
export function PeriodChooser({
  period,
  onPeriodChange,
  custom,
  onCustomChange,
  errors,
}: PeriodChooserProps) {
  return (
    <div className={styles.row}>
      <NativeSelect
        label={t('period')}
        options={STATISTICS_PRESETS.map((id) => ({ id, label: t(`preset.${id}`) }))}
        value={period}
        onChange={(value) => onPeriodChange(value as StatisticsPreset)}
      />
      {period === 'custom' && (
        <>
          <DayInput
            label={t('from')}
            value={custom.from}
            error={errors.from}
            onChange={(from) => onCustomChange({ ...custom, from })}
          />
          <DayInput
            label={t('to')}
            value={custom.to}
            error={errors.to}
            onChange={(to) => onCustomChange({ ...custom, to })}
          />
        </>
      )}
    </div>
  );
}
