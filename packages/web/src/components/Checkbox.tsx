import type { ReactNode } from 'react';
import {
  CheckboxGroup as RACCheckboxGroup,
  Checkbox as RACCheckbox,
  type CheckboxProps as RACCheckboxProps,
  FieldError,
  Label,
  Text,
} from 'react-aria-components';
import * as styles from './Checkbox.css';
import { cx } from './cx';
import { CheckMark } from './NativeCheckbox';

export interface CheckboxProps extends Omit<RACCheckboxProps, 'className' | 'children'> {
  children: ReactNode;
  className?: string;
}

/** A labelled checkbox (react-aria Checkbox); inside a CheckboxGroup give it a `value`. */
export function Checkbox({ children, className, ...props }: CheckboxProps) {
  return (
    <RACCheckbox {...props} className={cx(styles.checkbox, className)}>
      {({ isSelected }) => (
        <>
          <span className={styles.box} aria-hidden="true">
            {isSelected && <CheckMark />}
          </span>
          <span>{children}</span>
        </>
      )}
    </RACCheckbox>
  );
}

export interface CheckboxGroupProps {
  /** The group's visible label ("Participants"). */
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  description?: string;
  /** A message under the group; a string also marks it invalid. */
  errorMessage?: string;
  children: ReactNode;
  className?: string;
}

/** A labelled set of checkboxes choosing several values (react-aria CheckboxGroup). */
export function CheckboxGroup({
  label,
  value,
  onChange,
  description,
  errorMessage,
  children,
  className,
}: CheckboxGroupProps) {
  return (
    <RACCheckboxGroup
      value={value}
      onChange={onChange}
      isInvalid={Boolean(errorMessage)}
      className={cx(styles.group, className)}
    >
      <Label className={styles.groupLabel}>{label}</Label>
      {children}
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </RACCheckboxGroup>
  );
}
