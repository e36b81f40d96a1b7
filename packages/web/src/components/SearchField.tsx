import {
  Button,
  Input,
  Label,
  SearchField as RACSearchField,
  type SearchFieldProps as RACSearchFieldProps,
} from 'react-aria-components';
import { cx } from './cx';
import { CloseIcon, SearchIcon } from './icons';
import * as styles from './SearchField.css';
import { visuallyHidden } from './VisuallyHidden.css';
import catalog from '../i18n/catalog/en/shell.json';
import { messages } from '../i18n/messages';

const t = messages(catalog);

export interface SearchFieldProps extends Omit<RACSearchFieldProps, 'className' | 'children'> {
  /** The accessible name ("Search expenses"); shown only when `showLabel`. */
  label: string;
  showLabel?: boolean;
  placeholder?: string;
  className?: string;
}

/** A react-aria search box: Escape or the clear button empties it. */
export function SearchField({
  label,
  showLabel = false,
  placeholder,
  className,
  ...props
}: SearchFieldProps) {
  return (
    <RACSearchField {...props} className={cx(styles.field, className)}>
      <Label className={showLabel ? styles.label : visuallyHidden}>{label}</Label>
      <div className={styles.box}>
        <SearchIcon width={18} height={18} className={styles.icon} />
        <Input placeholder={placeholder} className={styles.input} />
        <Button aria-label={t('clear')} className={styles.clear}>
          <CloseIcon width={16} height={16} />
        </Button>
      </div>
    </RACSearchField>
  );
}
