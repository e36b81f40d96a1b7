import type { ReactNode } from 'react';
import {
  ButtonContext,
  type Key,
  Button as RACButton,
  ComboBox as RACComboBox,
  type ComboBoxProps as RACComboBoxProps,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from 'react-aria-components';
import { ChevronDownIcon } from './icons';
import * as styles from './ComboBox.css';
import { cx } from './cx';

/** The tallest a combo box's list of options grows before it scrolls (spec section 9). */
const DROPDOWN_MAX_HEIGHT_PX = 200;

export interface ComboBoxProps<T extends { id: string }>
  extends Omit<RACComboBoxProps<T>, 'className' | 'children' | 'items' | 'onSelectionChange'> {
  /** The visible label and accessible name ("Group", "Add people"). */
  label: string;
  items: readonly T[];
  /** What the option shows; `textValue` is what it is read and typed as. */
  renderItem: (item: T) => ReactNode;
  textValue: (item: T) => string;
  onSelectionChange?: (key: string | null) => void;
  placeholder?: string;
  description?: ReactNode;
  errorMessage?: string;
  /**
   * What the open list shows when it has no options ("Searching..."). Giving it lets the list open on
   * typing before the options arrive (options loaded as you type).
   */
  renderEmptyState?: () => ReactNode;
  /** Buttons inside the field, after the input (e.g. "Clear group"); they do not open the list. */
  trailing?: ReactNode;
  /** A chevron button that opens the list (for pointer users; the keyboard opens it with the arrows). */
  showToggle?: boolean;
  className?: string;
}

/**
 * A react-aria ComboBox: a text input with a list of options (arrow keys move, Enter picks, Escape
 * closes), the list scrolling within 200 px. Filtering is the caller's: pass the items to show.
 */
export function ComboBox<T extends { id: string }>({
  label,
  items,
  renderItem,
  textValue,
  onSelectionChange,
  placeholder,
  description,
  errorMessage,
  trailing,
  showToggle = false,
  renderEmptyState,
  className,
  ...props
}: ComboBoxProps<T>) {
  return (
    <RACComboBox
      {...props}
      allowsEmptyCollection={renderEmptyState !== undefined}
      items={items}
      isInvalid={Boolean(errorMessage)}
      onSelectionChange={(key: Key | null) => onSelectionChange?.(key === null ? null : String(key))}
      className={cx(styles.field, className)}
    >
      <Label className={styles.label}>{label}</Label>
      <div className={styles.box}>
        <Input placeholder={placeholder} className={styles.input} />
        {(trailing || showToggle) && (
          <div className={styles.trailing}>
            {/* Without the combobox's button context: these buttons do their own job, not open the list. */}
            {trailing && <ButtonContext.Provider value={null}>{trailing}</ButtonContext.Provider>}
            {showToggle && (
              <RACButton className={styles.toggle}>
                <ChevronDownIcon width={18} height={18} />
              </RACButton>
            )}
          </div>
        )}
      </div>
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
      <Popover className={styles.popover}>
        <ListBox<T>
          className={styles.listBox}
          style={{ maxHeight: DROPDOWN_MAX_HEIGHT_PX }}
          renderEmptyState={
            renderEmptyState && (() => <div className={styles.empty}>{renderEmptyState()}</div>)
          }
        >
          {(item) => (
            <ListBoxItem id={item.id} textValue={textValue(item)} className={styles.item}>
              {renderItem(item)}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </RACComboBox>
  );
}
