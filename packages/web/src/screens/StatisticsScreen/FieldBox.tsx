import { type ReactNode, useId } from 'react';
import * as styles from './StatisticsScreen.css';

/**
 * A native control with its label above and its error below: `children` gets the control's id and the
 * id of the error it is described by (undefined without one).
 */
export function FieldBox({
  label,
  error,
  children,
}: {
  label: string;
  error?: string | undefined;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children(id, error ? `${id}-error` : undefined)}
      {error && (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  );
}
