import { Form as RACForm, type FormProps as RACFormProps } from 'react-aria-components';
import { cx } from './cx';
import * as styles from './Form.css';

export interface FormProps extends Omit<RACFormProps, 'className'> {
  className?: string;
}

/**
 * A react-aria Form stacking its fields. Validation is ours (the domain's validators with the spec's
 * messages), so the browser's own constraint checks are off: `validationBehavior="aria"`.
 */
export function Form({ className, validationBehavior = 'aria', ...props }: FormProps) {
  return (
    <RACForm {...props} validationBehavior={validationBehavior} className={cx(styles.form, className)} />
  );
}
