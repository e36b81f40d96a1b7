import type { ReactNode, Ref } from 'react';
import {
  FieldError,
  Input,
  Label,
  TextField as RACTextField,
  type TextFieldProps as RACTextFieldProps,
  Text,
} from 'react-aria-components';
import { cx } from './cx';
import * as styles from './TextField.css';

export interface TextFieldProps extends Omit<RACTextFieldProps, 'className' | 'children'> {
  /** The visible label, also the accessible name ("Email", "Password"). */
  label: string;
  /** A hint under the input, announced as its description. */
  description?: string;
  /**
   * The message shown under the input while it is invalid. A string given here also marks the
   * field invalid unless `isInvalid` says otherwise: `errorMessage={errors.email}` is enough.
   */
  errorMessage?: string;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The control in place of the one-line input (TextAreaField gives its text area): `placeholder` and `inputRef` then do nothing. */
  control?: ReactNode;
  className?: string;
}

/** A labelled text input (or another control, `control`) that owns its description and error message (react-aria TextField). */
export function TextField({
  label,
  description,
  errorMessage,
  isInvalid,
  placeholder,
  inputRef,
  control,
  className,
  ...props
}: TextFieldProps) {
  return (
    <RACTextField
      {...props}
      isInvalid={isInvalid ?? Boolean(errorMessage)}
      className={cx(styles.field, className)}
    >
      <Label className={styles.label}>{label}</Label>
      {control ?? <Input ref={inputRef} placeholder={placeholder} className={styles.input} />}
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </RACTextField>
  );
}
