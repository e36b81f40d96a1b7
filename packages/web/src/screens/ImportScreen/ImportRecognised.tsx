import type { ImportPreview } from '@kitty/domain/flows';
import { Card } from '../../components/Card';
import catalog from '../../i18n/catalog/en/import.json';
import { messages } from '../../i18n/messages';
import * as styles from './importStyles';
import { recognisedWords } from './importWords';

const t = messages(catalog);

/** The rows of the file the group already has, each with its line: they are not written again. */
export function ImportRecognised({ recognised }: { recognised: ImportPreview['recognised'] }) {
  if (recognised.length === 0) return null;
  return (
    <Card as="section" aria-labelledby="import-recognised-title" className={styles.stack}>
      <h2 id="import-recognised-title" className={styles.heading}>
        {t('recognisedTitle', { count: recognised.length })}
      </h2>
      <p className={styles.muted}>{t('recognisedHint')}</p>
      <ul className={styles.list} aria-labelledby="import-recognised-title">
        {recognised.map((row) => (
          <li key={`${row.line}:${row.description}`}>{recognisedWords(row)}</li>
        ))}
      </ul>
    </Card>
  );
}
