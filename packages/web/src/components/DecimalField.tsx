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
import { decimalField, under } from './DecimalField.css';
import * as styles from './TextField.css';
import { visuallyHidden } from './VisuallyHidden.css';

export interface DecimalFieldProps extends Omit<RACTextFieldProps, 'className' | 'children' | 'type'> {
  /** The visible label (the accessible name unless `aria-label` gives a longer one containing it). */
  label: ReactNode;
  /** "stacked" (label above, forms) or "inline" (label beside a narrow input, table-like rows). */
  layout?: 'stacked' | 'inline';
  /** Keep the label for screen readers only (rows where a name beside the input already says it). */
  hideLabel?: boolean;
  description?: string;
  /** Shown under the input while invalid; a string here marks the field invalid. */
  errorMessage?: string;
  step?: number | string;
  min?: number | string;
  max?: number | string;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
  inputClassName?: string;
}

/**
 * A labelled `<input type="number">` whose value stays text: money is parsed from that text by the
 * domain (parseMoney), never by the browser's float. step / min / max are the native attributes.
 */
export function DecimalField({
  label,
  layout = 'stacked',
  hideLabel = false,
  description,
  errorMessage,
  isInvalid,
  step,
  min,
  max,
  placeholder,
  inputRef,
  className,
  inputClassName,
  ...props
}: DecimalFieldProps) {
  return (
    <RACTextField
      {...props}
      type="number"
      inputMode="decimal"
      isInvalid={isInvalid ?? Boolean(errorMessage)}
      className={cx(decimalField({ layout }), className)}
    >
      <Label className={cx(styles.label, hideLabel && visuallyHidden)}>{label}</Label>
      <Input
        ref={inputRef}
        step={step}
        min={min}
        max={max}
        placeholder={placeholder}
        className={cx(styles.input, inputClassName)}
      />
      {description && (
        <Text slot="description" className={cx(styles.description, under({ layout }))}>
          {description}
        </Text>
      )}
      <FieldError className={cx(styles.error, under({ layout }))}>{errorMessage}</FieldError>
    </RACTextField>
  );
}
