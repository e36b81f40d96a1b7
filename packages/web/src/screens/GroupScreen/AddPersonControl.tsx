import { call, type User } from '@kitty/api';
import { memberName, memberTags, NOT_REGISTERED_TAG, validateNewPersonEmail } from '@kitty/domain';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { api } from '../../api';
import { NO_PEOPLE_FOUND, USER_SEARCH_FAILED, useUserSearch } from '../../flows/useUserSearch';
import * as styles from './dialogs.css';
import { NewPersonForm } from './NewPersonForm';
import type { SettingsMember } from './useGroupSettingsForm';
import catalog from '../../i18n/catalog/en/groupSettings.json';
import { messages } from '../../i18n/messages';
import { domainWords } from '../../i18n/domainWords';

const t = messages(catalog);
const words = domainWords(catalog);

function toMember(user: User): SettingsMember {
  return {
    id: user.id,
    email: user.email,
    name: memberName(user),
    first_name: user.first_name,
    last_name: user.last_name,
    display_name: user.display_name,
    registered: user.registered,
    isNew: true,
  };
}

export interface AddPersonControlProps {
  members: readonly SettingsMember[];
  onAdd: (member: SettingsMember) => void;
}

/** Add a person to the group: search by name (connected people), or by e-mail (existing or new). */
export function AddPersonControl({ members, onAdd }: AddPersonControlProps) {
  const [term, setTerm] = useState('');
  const [termError, setTermError] = useState<string | undefined>();
  const [checking, setChecking] = useState(false);
  const [checkFailed, setCheckFailed] = useState(false);
  const [newEmail, setNewEmail] = useState<string | null>(null);
  const search = useUserSearch(term);
  const typedEmail = term.trim();
  // Until the typed term is answered "Searching..." shows, and the previous answer stays listed.
  const searching = typedEmail !== '' && (search.term !== typedEmail || search.status === 'searching');
  const searchFailed = search.status === 'failed' && search.term === typedEmail;
  const [listed, setListed] = useState(search.users);
  if (search.status !== 'searching' && listed !== search.users) setListed(search.users);

  const isMember = (u: { id: string; email: string }) =>
    members.some((m) => m.id === u.id || m.email.toLowerCase() === u.email.toLowerCase());
  const results = listed.filter((u) => !isMember(u));
  const offerEmail =
    typedEmail.includes('@') && !results.some((u) => u.email.toLowerCase() === typedEmail.toLowerCase());

  const add = (member: SettingsMember) => {
    onAdd(member);
    setTerm('');
    setNewEmail(null);
  };

  const addByEmail = async () => {
    const invalid = validateNewPersonEmail(typedEmail).email;
    if (invalid) return setTermError(words(invalid));
    if (isMember({ id: '', email: typedEmail })) return setTerm('');
    setChecking(true);
    setCheckFailed(false);
    try {
      const result = await call(
        api.GET('/users/check-email', { params: { query: { email: typedEmail } } }),
        t('checkEmailFailed'),
      );
      if (result.exists && result.user) add(toMember(result.user));
      else setNewEmail(typedEmail);
    } catch {
      setCheckFailed(true);
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className={styles.tightStack}>
      <TextField
        label={t('addPeople')}
        description={t('searchHint')}
        value={term}
        onChange={(value) => {
          setTerm(value);
          setTermError(undefined);
          setCheckFailed(false);
        }}
        errorMessage={termError}
      />
      {searching && <p className={styles.muted}>{t('searching')}</p>}
      {!searching && search.status === 'done' && search.users.length === 0 && !typedEmail.includes('@') && (
        <p className={styles.muted}>{words(NO_PEOPLE_FOUND)}</p>
      )}
      {searchFailed && <Alert>{words(USER_SEARCH_FAILED)}</Alert>}
      {checkFailed && (
        <Alert>
          <strong>{t('checkEmailTitle')}</strong>
          <br />
          {t('checkEmailFailed')}
        </Alert>
      )}
      {results.length > 0 && (
        <ul className={styles.list} aria-label={t('peopleFound')}>
          {results.map((user) => {
            const tags = memberTags(user, { where: 'search' });
            return (
              <li key={user.id} className={styles.item}>
                <div className={styles.row}>
                  <div className={styles.memberText}>
                    <span className={styles.name}>{memberName(user)}</span>
                    <span className={styles.muted}>{user.email}</span>
                    {tags.length > 0 && (
                      <span className={styles.tags}>
                        {tags.map((tag) => (
                          <Badge key={tag} tone={tag === NOT_REGISTERED_TAG ? 'warning' : 'positive'}>
                            {words(tag)}
                          </Badge>
                        ))}
                      </span>
                    )}
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('addOne', { name: memberName(user) })}
                    onPress={() => add(toMember(user))}
                  >
                    {t('add')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {offerEmail && newEmail === null && (
        <div>
          <Button variant="secondary" size="sm" isPending={checking} onPress={() => void addByEmail()}>
            {t('addOne', { name: typedEmail })}
          </Button>
        </div>
      )}
      {newEmail !== null && <NewPersonForm email={newEmail} onAdd={add} onCancel={() => setNewEmail(null)} />}
    </div>
  );
}
