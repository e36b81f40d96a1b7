import { importGroupName } from '@kitty/domain/flows';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { TextField } from '../../components/TextField';
import * as styles from './importStyles';
import { refusalWords } from './importWords';
import type { ImportView } from './useImport';

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
        Import
      </h2>
      {!context.groupId && (
        <TextField
          label="Group name"
          description="The new group the file is imported into"
          value={importGroupName(context)}
          onChange={(name) => send({ type: 'import.groupName', name })}
          errorMessage={context.fieldErrors.group_name}
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
          Choose another file
        </Button>
        <Button
          isDisabled={blocker !== null && !importing}
          isPending={importing}
          aria-describedby="import-blocker"
          onPress={() => send({ type: 'import.start' })}
        >
          {importing ? 'Importing...' : 'Import'}
        </Button>
      </div>
      <p id="import-blocker" className={styles.hint} aria-live="polite">
        {importing ? 'Writing the rows: this can take a moment.' : (blocker ?? 'Ready to import.')}
      </p>
    </Card>
  );
}
