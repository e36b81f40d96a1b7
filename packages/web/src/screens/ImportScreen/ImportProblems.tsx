import type { ImportPreview } from '@kitty/domain/flows';
import { Card } from '../../components/Card';
import * as styles from './importStyles';
import { problemWords } from './importWords';
import catalog from '../../i18n/catalog/en/import.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/** The rows that cannot be imported, each with its line and why. */
export function ImportProblems({ problems }: { problems: ImportPreview['problems'] }) {
  return (
    <Card as="section" aria-labelledby="import-problems-title" className={styles.stack}>
      <h2 id="import-problems-title" className={styles.heading}>
        {problems.length === 0 ? t('problemsTitle') : t('problemsCount', { count: problems.length })}
      </h2>
      {problems.length === 0 ? (
        <p className={styles.muted}>{t('noProblems')}</p>
      ) : (
        <ul className={styles.list} aria-labelledby="import-problems-title">
          {problems.map((problem) => (
            <li key={`${problem.line}:${problem.message}`}>{problemWords(problem)}</li>
          ))}
        </ul>
      )}
    </Card>
  );
}
