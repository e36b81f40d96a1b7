import { IMPORT_APP } from '@kitty/domain';
import type { ImportPreview } from '@kitty/domain/flows';
import type { Ref } from 'react';
import { Card } from '../../components/Card';
import { useCurrencyOptions } from '../../components/configOptions';
import { Select } from '../../components/Select';
import * as styles from './importStyles';
import { dayText, writeWords } from './importWords';

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
  return (
    <Card as="section" aria-labelledby="import-preview-title" className={styles.stack}>
      <h2 id="import-preview-title" ref={headingRef} tabIndex={-1} className={styles.heading}>
        Preview
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>Detected format</dt>
          <dd>{IMPORT_APP[preview.format]}</dd>
        </div>
        {intoGroup && preview.group_name && (
          <div>
            <dt>Into</dt>
            <dd>{preview.group_name}</dd>
          </div>
        )}
        <div>
          <dt>Rows</dt>
          <dd>{preview.rows}</dd>
        </div>
        <div>
          <dt>First day</dt>
          <dd>{preview.date_from ? dayText(preview.date_from) : 'None'}</dd>
        </div>
        <div>
          <dt>Last day</dt>
          <dd>{preview.date_to ? dayText(preview.date_to) : 'None'}</dd>
        </div>
        <div>
          <dt>Currencies</dt>
          <dd>{preview.currencies.length > 0 ? preview.currencies.join(', ') : 'None'}</dd>
        </div>
        <div>
          <dt>Will be written</dt>
          <dd>{writeWords(preview)}</dd>
        </div>
      </dl>
      {preview.assumed_currency && (
        <Select
          label="Currency of the file"
          description={`The file does not say which currency its amounts are in: they are taken as ${preview.assumed_currency}.`}
          options={currencies}
          value={preview.assumed_currency}
          onChange={onCurrency}
        />
      )}
    </Card>
  );
}
