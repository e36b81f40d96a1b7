import { importGroupName } from '@kitty/domain/flows';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { TextField } from '../../components/TextField';
import * as styles from './importStyles';
import { refusalWords, words } from './importWords';
import type { ImportView } from './useImport';
import catalog from '../../i18n/catalog/en/import.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/** The refusal's field messages no field of the screen shows (a member, the group name, the file have theirs). */
function otherFieldErrors(fields: Readonly<Record<string, string | undefined>>): string[] {
  return Object.entries(fields)
    .filter(([field]) => field !== 'content' && field !== 'group_name' && !field.startsWith('members.'))
    .map(([, message]) => message ?? '');
}

/** The new group's name, the refusal if any, and Import: disabled with its reason said beside it. */
export function ImportActions({ view }: { view: ImportView }) {
  const { context, step, blocker, send } = view;
  const importing = step === 'importing';
  const others = otherFieldErrors(context.fieldErrors);
  return (
    <Card as="section" aria-labelledby="import-go-title" className={styles.stack}>
      <h2 id="import-go-title" className={styles.heading}>
        {t('importTitle')}
      </h2>
      {!context.groupId && (
        <TextField
          label={t('groupName')}
          description={t('groupNameHint')}
          value={importGroupName(context)}
          onChange={(name) => send({ type: 'import.groupName', name })}
          errorMessage={context.fieldErrors.group_name && words(context.fieldErrors.group_name)}
          isDisabled={importing}
        />
      )}
      {context.failure !== null && step !== 'choosing' && (
        <Alert>
          {refusalWords(context.failure, step === 'failed' ? 'import' : 'preview')}
          {others.map((message) => ` ${message}`)}
        </Alert>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" isDisabled={importing} onPress={() => send({ type: 'import.back' })}>
          {t('chooseAnother')}
        </Button>
        <Button
          isDisabled={blocker !== null && !importing}
          isPending={importing}
          aria-describedby="import-blocker"
          onPress={() => send({ type: 'import.start' })}
        >
          {importing ? t('importing') : t('import')}
        </Button>
      </div>
      <p id="import-blocker" className={styles.hint} aria-live="polite">
        {importing ? t('writing') : (blocker ?? t('ready'))}
      </p>
    </Card>
  );
}
