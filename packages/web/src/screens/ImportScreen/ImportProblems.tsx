import type { ImportPreview } from '@kitty/domain/flows';
import { Card } from '../../components/Card';
import * as styles from './importStyles';
import { problemWords } from './importWords';

/** The rows that cannot be imported, each with its line and why. */
export function ImportProblems({ problems }: { problems: ImportPreview['problems'] }) {
  return (
    <Card as="section" aria-labelledby="import-problems-title" className={styles.stack}>
      <h2 id="import-problems-title" className={styles.heading}>
        {problems.length === 0
          ? 'Rows that cannot be imported'
          : `Rows that cannot be imported (${problems.length})`}
      </h2>
      {problems.length === 0 ? (
        <p className={styles.muted}>None: every row can be imported.</p>
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
