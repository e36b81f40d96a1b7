import type { Key } from 'react-aria-components';
import {
  Button,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as RACSelect,
  SelectValue,
  Text,
} from 'react-aria-components';
import { cx } from './cx';
import { ChevronDownIcon } from './icons';
import * as styles from './Select.css';

export interface SelectOption {
  /** The value (a currency code, a split type, a user id). */
  id: string;
  /** What the person reads. */
  label: string;
}

export interface SelectProps {
  /** The visible label, also the accessible name ("Currency", "Default Split Method"). */
  label: string;
  options: readonly SelectOption[];
  /** The selected option's id; null or '' shows the placeholder. */
  value: string | null;
  onChange: (value: string) => void;
  placeholder?: string;
  description?: string;
  /** Shown under the field; a string also marks the field invalid. */
  errorMessage?: string;
  isDisabled?: boolean;
  name?: string;
  className?: string;
}

/**
 * A react-aria Select: a button showing the choice that opens a listbox (keyboard: arrows, type-ahead,
 * Enter, Escape). Its popover sits above dialogs, the split dialog included.
 */
export function Select({
  label,
  options,
  value,
  onChange,
  placeholder,
  description,
  errorMessage,
  isDisabled,
  name,
  className,
}: SelectProps) {
  return (
    <RACSelect
      value={value || null}
      onChange={(key: Key | null) => {
        if (key !== null) onChange(String(key));
      }}
      placeholder={placeholder}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      name={name}
      className={cx(styles.field, className)}
    >
      <Label className={styles.label}>{label}</Label>
      <Button className={styles.trigger}>
        <SelectValue className={styles.value} />
        <ChevronDownIcon width={18} height={18} />
      </Button>
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
      <Popover className={styles.popover}>
        <ListBox className={styles.listBox} items={options}>
          {(option) => (
            <ListBoxItem id={option.id} textValue={option.label} className={styles.item}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </RACSelect>
  );
}
