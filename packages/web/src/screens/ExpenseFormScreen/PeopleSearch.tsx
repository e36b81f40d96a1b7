import { call, type User, type UserSearchResult } from '@kitty/api';
import { isEmail, memberName, splitName } from '@kitty/domain';
import { type DraftParticipant, TEMP_PARTICIPANT_PREFIX } from '@kitty/domain/flows';
import { useState } from 'react';
import { api } from '../../api';
import { Badge } from '../../components/Badge';
import { ComboBox } from '../../components/ComboBox';
import { toast } from '../../components/Toast';
import { randomUuid } from '../../flows/idempotency';
import { NO_PEOPLE_FOUND, USER_SEARCH_FAILED, useUserSearch } from '../../flows/useUserSearch';
import { AddNewUserDialog } from './AddNewUserDialog';
import { toParticipant } from './editDraft';
import * as styles from './ExpenseFormScreen.css';
import catalog from '../../i18n/catalog/en/expenseForm.json';
import { messages } from '../../i18n/messages';
import { domainWords } from '../../i18n/domainWords';

const t = messages(catalog);
const said = domainWords(catalog);

type Option =
  | { id: string; kind: 'user'; user: UserSearchResult }
  | { id: string; kind: 'email'; email: string };

export interface PeopleSearchProps {
  /** Who is in the expense already (not offered again). */
  participantIds: readonly string[];
  onAdd: (person: DraftParticipant) => void;
}

const addedText = (user: Parameters<typeof memberName>[0]) => t('added', { name: memberName(user) });

/**
 * Add people: search by name or e-mail (connected people first), or add an address: an existing person
 * is added at once, anyone else through the Add New User dialog (invited by e-mail).
 */
export function PeopleSearch({ participantIds, onAdd }: PeopleSearchProps) {
  const [term, setTerm] = useState('');
  const [newUserEmail, setNewUserEmail] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const search = useUserSearch(term);
  const typed = term.trim();

  const options: Option[] = search.users
    .filter((u) => !participantIds.includes(u.id))
    .map((user) => ({ id: `user:${user.id}`, kind: 'user', user }));
  const known = search.users.some((u) => u.email.toLowerCase() === typed.toLowerCase());
  if (isEmail(typed) && !known) options.push({ id: `email:${typed}`, kind: 'email', email: typed });

  const add = (user: User | UserSearchResult) => {
    onAdd(toParticipant(user));
    toast.success(addedText(user));
  };

  const openNewUser = (email: string) => setNewUserEmail(email);

  const addByEmail = async (email: string) => {
    setChecking(true);
    try {
      const result = await call(
        api.GET('/users/check-email', { params: { query: { email } } }),
        t('checkEmailFailed'),
      );
      if (result.exists && result.user) add(result.user);
      else openNewUser(email);
    } catch (error) {
      console.error('Error checking email', error); // i18n-ignore: for developers
      toast.error(t('checkEmailFailed'));
      openNewUser(email);
    } finally {
      setChecking(false);
    }
  };

  // Nobody is invited yet: the person joins the draft as pending ("temp-" id), and the invitation goes
  // out only when the expense is saved (useExpenseDraft), as the dialog says; never if it is not.
  const addNewUser = async (email: string, name: string) => {
    const person: DraftParticipant = {
      id: `${TEMP_PARTICIPANT_PREFIX}${randomUuid()}`,
      email,
      name: name || null,
      display_name: splitName(name, email).display_name,
      registered: false,
    };
    onAdd(person);
    toast.success(addedText(person));
    setNewUserEmail(null);
  };

  const pick = (key: string | null) => {
    const option = options.find((o) => o.id === key);
    if (!option) return;
    if (option.kind === 'user') add(option.user);
    else void addByEmail(option.email);
    // After react-aria has written the picked option's text into the input.
    setTimeout(() => setTerm(''), 0);
  };

  const status = search.status === 'done' ? said(NO_PEOPLE_FOUND) : t('searching');

  return (
    <div className={styles.peopleSearch}>
      <ComboBox<Option>
        label={t('addPeople')}
        placeholder={t('searchPeople')}
        items={options}
        inputValue={term}
        onInputChange={setTerm}
        selectedKey={null}
        onSelectionChange={pick}
        menuTrigger="input" // i18n-ignore: a react-aria option, not words
        allowsCustomValue
        renderEmptyState={typed && search.status !== 'failed' ? () => status : undefined}
        textValue={(o) => (o.kind === 'user' ? memberName(o.user) : t('addEmail', { email: o.email }))}
        renderItem={(o) =>
          o.kind === 'user' ? (
            <>
              <span>
                {memberName(o.user)} <span className={styles.muted}>{o.user.email}</span>
              </span>
              {o.user.connected && <Badge tone="positive">{t('connected')}</Badge>}
            </>
          ) : (
            <span>{t('addEmail', { email: o.email })}</span>
          )
        }
      />
      {checking && <p className={styles.muted}>{t('checkingEmail')}</p>}
      {search.status === 'failed' && (
        <p role="alert" className={styles.errorText}>
          {said(USER_SEARCH_FAILED)}
        </p>
      )}
      <AddNewUserDialog email={newUserEmail} onAdd={addNewUser} onCancel={() => setNewUserEmail(null)} />
    </div>
  );
}
