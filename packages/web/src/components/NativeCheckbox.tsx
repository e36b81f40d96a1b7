import type { ReactNode } from 'react';
import * as styles from './Checkbox.css';
import { cx } from './cx';
import { visuallyHidden } from './VisuallyHidden.css';

/** The tick drawn in a checked box (Checkbox and NativeCheckbox alike). */
export function CheckMark() {
  return (
    <svg
      aria-hidden="true"
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
    >
      <path d="M5 12.5 10 17.5 19 7" />
    </svg>
  );
}

export interface NativeCheckboxProps {
  children: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  value?: string;
  className?: string;
}

/**
 * Checkbox's look on a plain `<input type="checkbox">` inside its label: for screens whose first visit
 * should not load react-aria's checkbox (the expense form's payers), with the same keyboard and reading.
 */
export function NativeCheckbox({
  children,
  checked,
  onChange,
  disabled,
  value,
  className,
}: NativeCheckboxProps) {
  return (
    <label
      className={cx(styles.checkbox, className)}
      data-selected={checked || undefined}
      data-disabled={disabled || undefined}
    >
      <input
        type="checkbox"
        className={visuallyHidden}
        checked={checked}
        disabled={disabled}
        value={value}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className={styles.box} aria-hidden="true">
        {checked && <CheckMark />}
      </span>
      <span>{children}</span>
    </label>
  );
}
