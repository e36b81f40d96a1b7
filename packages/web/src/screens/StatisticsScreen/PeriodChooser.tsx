import {
  type PeriodRange,
  STATISTICS_PRESET_LABELS,
  STATISTICS_PRESETS,
  type StatisticsPreset,
} from '@kitty/domain';
import { FieldBox } from './FieldBox';
import { NativeSelect } from './NativeSelect';
import * as styles from './StatisticsScreen.css';

const OPTIONS = STATISTICS_PRESETS.map((id) => ({ id, label: STATISTICS_PRESET_LABELS[id] }));

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
    <FieldBox label={label} error={error}>
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
        label="Period"
        options={OPTIONS}
        value={period}
        onChange={(value) => onPeriodChange(value as StatisticsPreset)}
      />
      {period === 'custom' && (
        <>
          <DayInput
            label="From"
            value={custom.from}
            error={errors.from}
            onChange={(from) => onCustomChange({ ...custom, from })}
          />
          <DayInput
            label="To"
            value={custom.to}
            error={errors.to}
            onChange={(to) => onCustomChange({ ...custom, to })}
          />
        </>
      )}
    </div>
  );
}
