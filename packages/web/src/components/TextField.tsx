import type { Ref } from 'react';
import {
  FieldError,
  Input,
  Label,
  TextField as RACTextField,
  type TextFieldProps as RACTextFieldProps,
  Text,
  TextArea,
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
  /** Several lines: a text area of `rows` lines (default 3), resizable in height. */
  multiline?: boolean;
  rows?: number;
  textAreaRef?: Ref<HTMLTextAreaElement>;
  className?: string;
}

/** A labelled text input (or text area) that owns its description and error message (react-aria TextField). */
export function TextField({
  label,
  description,
  errorMessage,
  isInvalid,
  placeholder,
  inputRef,
  multiline,
  rows = 3,
  textAreaRef,
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
      {multiline ? (
        <TextArea ref={textAreaRef} rows={rows} placeholder={placeholder} className={styles.textArea} />
      ) : (
        <Input ref={inputRef} placeholder={placeholder} className={styles.input} />
      )}
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </RACTextField>
  );
}
