import { FieldBox } from './FieldBox';
import * as styles from './StatisticsScreen.css';

export interface NativeSelectProps {
  label: string;
  value: string;
  options: readonly { id: string; label: string }[];
  onChange: (value: string) => void;
}

/**
 * A labelled native select: the period and the currency. Not react-aria's Select, whose popover code this
 * screen would be the only reason to load (and every route then pays for another chunk name).
 */
export function NativeSelect({ label, value, options, onChange }: NativeSelectProps) {
  return (
    <FieldBox label={label}>
      {(id) => (
        <select
          id={id}
          className={styles.input}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldBox>
  );
}
