import { decimalInput, decimalOutput, writesDecimalComma } from '@kitty/domain';
import { type ReactNode, type Ref, useState } from 'react';
import {
  FieldError,
  Input,
  Label,
  TextField as RACTextField,
  type TextFieldProps as RACTextFieldProps,
  Text,
} from 'react-aria-components';
import { activeLocale } from '../i18n/language';
import { cx } from './cx';
import { decimalField, under } from './DecimalField.css';
import * as styles from './TextField.css';
import { visuallyHidden } from './VisuallyHidden.css';

export interface DecimalFieldProps
  extends Omit<RACTextFieldProps, 'className' | 'children' | 'type' | 'value' | 'onChange' | 'defaultValue'> {
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
  /** The amount as the forms keep it: plain decimal text ("12.50"), or what was typed when it is not one. */
  value: string;
  onChange: (plain: string) => void;
}

/**
 * An amount field in the active language's way of writing numbers. Its value stays text: money is parsed
 * from it by the domain (parseMoney), never by the browser's float. In English an `<input type="number">`
 * (step / min / max the native attributes); in a language with a decimal comma (Czech) a text input with
 * the decimal keypad, so "12,50" and "1 226,50" can be typed: the field shows what the person typed and hands the form the
 * plain decimal the domain reads (decimalInput), and an amount the form sets itself (an edit, "Split the
 * payment equally") shows with the comma.
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
  value,
  onChange,
  ...props
}: DecimalFieldProps) {
  const locale = activeLocale();
  const comma = writesDecimalComma(locale);
  const [typed, setTyped] = useState<string | null>(null);
  // What was typed while it still stands for the form's value; else the value, written for the locale.
  const shown = comma
    ? typed !== null && decimalInput(typed, locale) === value
      ? typed
      : decimalOutput(value, locale)
    : value;
  return (
    <RACTextField
      {...props}
      type={comma ? 'text' : 'number'}
      inputMode="decimal"
      value={shown}
      onChange={(text) => {
        setTyped(text);
        onChange(decimalInput(text, locale));
      }}
      isInvalid={isInvalid ?? Boolean(errorMessage)}
      className={cx(decimalField({ layout }), className)}
    >
      <Label className={cx(styles.label, hideLabel && visuallyHidden)}>{label}</Label>
      <Input
        ref={inputRef}
        step={comma ? undefined : step}
        min={comma ? undefined : min}
        max={comma ? undefined : max}
        placeholder={placeholder && decimalOutput(placeholder, locale)}
        autoComplete="off"
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
