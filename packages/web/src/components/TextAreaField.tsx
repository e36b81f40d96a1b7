import type { Ref } from 'react';
import {
  FieldError,
  Label,
  TextField as RACTextField,
  type TextFieldProps as RACTextFieldProps,
  Text,
  TextArea,
} from 'react-aria-components';
import { cx } from './cx';
import * as styles from './TextAreaField.css';

export interface TextAreaFieldProps extends Omit<RACTextFieldProps, 'className' | 'children'> {
  /** The visible label, also the accessible name. */
  label: string;
  /** A hint under the text area, announced as its description. */
  description?: string;
  /** The message shown while invalid; a string given here also marks the field invalid. */
  errorMessage?: string;
  placeholder?: string;
  rows?: number;
  textAreaRef?: Ref<HTMLTextAreaElement>;
  className?: string;
}

/** A labelled multi-line text field that owns its description and error message (react-aria). */
export function TextAreaField({
  label,
  description,
  errorMessage,
  isInvalid,
  placeholder,
  rows = 3,
  textAreaRef,
  className,
  ...props
}: TextAreaFieldProps) {
  return (
    <RACTextField
      {...props}
      isInvalid={isInvalid ?? Boolean(errorMessage)}
      className={cx(styles.field, className)}
    >
      <Label className={styles.label}>{label}</Label>
      <TextArea ref={textAreaRef} rows={rows} placeholder={placeholder} className={styles.textArea} />
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </RACTextField>
  );
}
