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

export const CHECK_EMAIL_ERROR_TITLE = 'Error checking email';
export const CHECK_EMAIL_FAILED = 'Failed to check email. Please try again.';

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
    if (invalid) return setTermError(invalid);
    if (isMember({ id: '', email: typedEmail })) return setTerm('');
    setChecking(true);
    setCheckFailed(false);
    try {
      const result = await call(
        api.GET('/users/check-email', { params: { query: { email: typedEmail } } }),
        CHECK_EMAIL_FAILED,
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
        label="Add people"
        description="Search by name, or enter an e-mail address"
        value={term}
        onChange={(value) => {
          setTerm(value);
          setTermError(undefined);
          setCheckFailed(false);
        }}
        errorMessage={termError}
      />
      {searching && <p className={styles.muted}>Searching...</p>}
      {!searching && search.status === 'done' && search.users.length === 0 && !typedEmail.includes('@') && (
        <p className={styles.muted}>{NO_PEOPLE_FOUND}</p>
      )}
      {searchFailed && <Alert>{USER_SEARCH_FAILED}</Alert>}
      {checkFailed && (
        <Alert>
          <strong>{CHECK_EMAIL_ERROR_TITLE}</strong>
          <br />
          {CHECK_EMAIL_FAILED}
        </Alert>
      )}
      {results.length > 0 && (
        <ul className={styles.list} aria-label="People found">
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
                            {tag}
                          </Badge>
                        ))}
                      </span>
                    )}
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Add ${memberName(user)}`}
                    onPress={() => add(toMember(user))}
                  >
                    Add
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
            Add {typedEmail}
          </Button>
        </div>
      )}
      {newEmail !== null && <NewPersonForm email={newEmail} onAdd={add} onCancel={() => setNewEmail(null)} />}
    </div>
  );
}
