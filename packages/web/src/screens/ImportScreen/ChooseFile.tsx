import type { ImportFormatChoice } from '@kitty/domain/flows';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { FileButton } from '../../components/FileButton';
import { Select } from '../../components/Select';
import { TextAreaField } from '../../components/TextAreaField';
import * as styles from './importStyles';
import { formatOptions, refusalWords, words } from './importWords';
import type { ImportView } from './useImport';
import catalog from '../../i18n/catalog/en/import.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/** The contract's limit on `content` (openapi.yaml ImportRequest): larger files are refused before sending. */
const MAX_FILE_BYTES = 10 * 1024 * 1024;
const FILE_TYPES = ['.csv', '.json', '.txt', 'text/csv', 'application/json', 'text/plain'];

/** Choosing: a file (or its text pasted) and its format, then the preview. */
export function ChooseFile({ view }: { view: ImportView }) {
  const { context, step, send } = view;
  const [readError, setReadError] = useState<string | null>(null);
  const reading = step === 'previewing';
  const fileError = context.fieldErrors.content;

  const pick = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setReadError(null);
    if (file.size > MAX_FILE_BYTES) {
      setReadError(t('tooLarge', { name: file.name }));
      return;
    }
    try {
      send({ type: 'import.content', content: await file.text(), fileName: file.name });
    } catch {
      setReadError(t('unreadable', { name: file.name }));
    }
  };

  return (
    <Card as="section" aria-labelledby="import-file-title" className={styles.stack}>
      <h2 id="import-file-title" className={styles.heading}>
        {t('fileTitle')}
      </h2>
      <p className={styles.hint}>{t('fileHint')}</p>
      <div className={styles.tightStack}>
        <div className={styles.row}>
          <FileButton
            variant="secondary"
            acceptedFileTypes={FILE_TYPES}
            isDisabled={reading}
            aria-describedby="import-file-chosen"
            onSelect={(files) => void pick(files)}
          >
            {t('chooseFile')}
          </FileButton>
          <span id="import-file-chosen" className={styles.muted} aria-live="polite">
            {context.fileName ? t('chosen', { name: context.fileName }) : t('noFile')}
          </span>
        </div>
        {(readError || (context.fileName && fileError)) && (
          <Alert>{readError ?? (fileError && words(fileError))}</Alert>
        )}
      </div>
      <TextAreaField
        label={t('paste')}
        rows={6}
        value={context.fileName ? '' : context.content}
        onChange={(content) => {
          setReadError(null);
          send({ type: 'import.content', content });
        }}
        errorMessage={context.fileName || !fileError ? undefined : words(fileError)}
        isDisabled={reading}
      />
      <Select
        label={t('format')}
        options={formatOptions()}
        value={context.format}
        onChange={(format) => send({ type: 'import.format', format: format as ImportFormatChoice })}
        isDisabled={reading}
      />
      {context.failure !== null && !fileError && <Alert>{refusalWords(context.failure, 'preview')}</Alert>}
      <div className={styles.actions}>
        <Button isPending={reading} onPress={() => send({ type: 'import.preview' })}>
          {reading ? t('reading') : t('preview')}
        </Button>
      </div>
    </Card>
  );
}
