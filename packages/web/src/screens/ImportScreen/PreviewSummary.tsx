import { IMPORT_APP } from '@kitty/domain';
import type { ImportPreview } from '@kitty/domain/flows';
import type { Ref } from 'react';
import { Card } from '../../components/Card';
import { useCurrencyOptions } from '../../components/configOptions';
import { Select } from '../../components/Select';
import * as styles from './importStyles';
import { dayText, recurringWords, writeWords } from './importWords';
import catalog from '../../i18n/catalog/en/import.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

export interface PreviewSummaryProps {
  preview: ImportPreview;
  /** Into an existing group: its name is said. */
  intoGroup: boolean;
  /** The heading, focused when the preview arrives. */
  headingRef: Ref<HTMLHeadingElement>;
  /** The person chooses the currency of rows whose file does not say theirs. */
  onCurrency: (currency: string) => void;
}

/** What the file holds: the app it comes from, its rows, dates and currencies, and what would be written. */
export function PreviewSummary({ preview, intoGroup, headingRef, onCurrency }: PreviewSummaryProps) {
  const currencies = useCurrencyOptions();
  const recurring = recurringWords(preview.recurring);
  return (
    <Card as="section" aria-labelledby="import-preview-title" className={styles.stack}>
      <h2 id="import-preview-title" ref={headingRef} tabIndex={-1} className={styles.heading}>
        {t('previewTitle')}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t('detectedFormat')}</dt>
          <dd>{IMPORT_APP[preview.format]}</dd>
        </div>
        {intoGroup && preview.group_name && (
          <div>
            <dt>{t('into')}</dt>
            <dd>{preview.group_name}</dd>
          </div>
        )}
        <div>
          <dt>{t('rowsLabel')}</dt>
          <dd>{preview.rows}</dd>
        </div>
        <div>
          <dt>{t('firstDay')}</dt>
          <dd>{preview.date_from ? dayText(preview.date_from) : t('none')}</dd>
        </div>
        <div>
          <dt>{t('lastDay')}</dt>
          <dd>{preview.date_to ? dayText(preview.date_to) : t('none')}</dd>
        </div>
        <div>
          <dt>{t('currencies')}</dt>
          <dd>{preview.currencies.length > 0 ? preview.currencies.join(', ') : t('none')}</dd>
        </div>
        <div>
          <dt>{t('willBeWritten')}</dt>
          <dd>{writeWords(preview)}</dd>
        </div>
        {preview.recurring.length > 0 && (
          <div>
            <dt>{t('recurringLabel')}</dt>
            <dd>{recurring.count}</dd>
          </div>
        )}
      </dl>
      {recurring.paused.length > 0 && (
        <ul className={styles.stack}>
          {recurring.paused.map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      )}
      {preview.assumed_currency && (
        <Select
          label={t('fileCurrency')}
          description={t('fileCurrencyHint', { currency: preview.assumed_currency })}
          options={currencies}
          value={preview.assumed_currency}
          onChange={onCurrency}
        />
      )}
    </Card>
  );
}
