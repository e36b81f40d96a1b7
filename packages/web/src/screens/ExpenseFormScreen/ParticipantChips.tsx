import { memberName, PARTICIPANT_REQUIRED } from '@kitty/domain';
import { canRemoveParticipant, draftPayerIds, type ExpenseDraft } from '@kitty/domain/flows';
import { Avatar } from '../../components/Avatar';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { CloseIcon } from '../../components/icons';
import { expenseProblem } from '../../components/split/words';
import * as styles from './ExpenseFormScreen.css';
import catalog from '../../i18n/catalog/en/expenseForm.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

export interface ParticipantChipsProps {
  draft: ExpenseDraft;
  currentUserId: string;
  onRemove: (id: string) => void;
  errorMessage?: string;
}

/**
 * The people in the expense: you and others, the payer (every payer, with several) marked, Registered / Pending badges, a cross to
 * remove (never for yourself; disabled when one remains, with the hint).
 */
export function ParticipantChips({ draft, currentUserId, onRemove, errorMessage }: ParticipantChipsProps) {
  const lastOne = draft.participants.length <= 1;
  const payers = draftPayerIds(draft);
  return (
    <div className={styles.participants}>
      <ul className={styles.chips} aria-label={t('participants')}>
        {draft.participants.map((person) => {
          const name = memberName(person);
          const you = person.id === currentUserId;
          const pending = person.registered === false || person.id.startsWith('temp-');
          return (
            <li key={person.id} className={styles.chip}>
              <Avatar name={name} size="sm" />
              <span className={styles.chipName}>{you ? t('you', { name }) : name}</span>
              {payers.includes(person.id) && <Badge tone="accent">{t('paid')}</Badge>}
              {pending ? (
                <Badge tone="warning">{t('pending')}</Badge>
              ) : (
                person.registered === true && <Badge tone="positive">{t('registered')}</Badge>
              )}
              {!you && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('remove', { name })}
                  isDisabled={!canRemoveParticipant(draft, person.id, currentUserId)}
                  onPress={() => onRemove(person.id)}
                  className={styles.chipRemove}
                >
                  <CloseIcon width={16} height={16} />
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {lastOne && <p className={styles.muted}>{expenseProblem(PARTICIPANT_REQUIRED)}</p>}
      {errorMessage && expenseProblem(errorMessage) !== expenseProblem(PARTICIPANT_REQUIRED) && (
        <p role="alert" className={styles.errorText}>
          {expenseProblem(errorMessage)}
        </p>
      )}
    </div>
  );
}
