import type { Ref, TextareaHTMLAttributes } from 'react';
import { TextAreaContext, useContextProps } from 'react-aria-components';
import * as styles from './TextAreaField.css';
import { TextField, type TextFieldProps } from './TextField';

export interface TextAreaFieldProps extends Omit<TextFieldProps, 'control' | 'inputRef'> {
  /** Lines shown (default 3); the user can resize it in height. */
  rows?: number;
  textAreaRef?: Ref<HTMLTextAreaElement>;
}

interface TextAreaControlProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  textAreaRef?: Ref<HTMLTextAreaElement>;
}

/**
 * The text area inside the react-aria TextField, its props (value, label, description, validity) from the
 * field's TextAreaContext. Not react-aria's own TextArea: that module also holds the TextAreaContext every
 * TextField imports, so using it would put the whole component in the sign-in forms' chunk that every route
 * downloads (scripts/web-size.mjs: /login's 120 kB). Its styles read :hover, :focus and aria-invalid.
 */
function TextAreaControl({ textAreaRef, ...own }: TextAreaControlProps) {
  const [props, ref] = useContextProps(
    own,
    textAreaRef as Ref<HTMLTextAreaElement> | undefined,
    TextAreaContext,
  );
  return <textarea {...props} ref={ref} />;
}

/** A labelled text area of several lines (comments, a group's description), resizable in height. */
export function TextAreaField({ rows = 3, textAreaRef, placeholder, ...props }: TextAreaFieldProps) {
  return (
    <TextField
      {...props}
      control={
        <TextAreaControl
          rows={rows}
          placeholder={placeholder}
          textAreaRef={textAreaRef}
          className={styles.textArea}
        />
      }
    />
  );
}
