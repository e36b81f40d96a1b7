import type { UserSearchResult } from '@kitty/api';
import { isEmail, memberName, memberTags } from '@kitty/domain';
import { useState } from 'react';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { NO_PEOPLE_FOUND, USER_SEARCH_FAILED, useUserSearch } from '../../flows/useUserSearch';
import * as styles from './CreateGroupScreen.css';
import { Tags } from './MemberList';
import type { DraftMember } from './newGroup';
import catalog from '../../i18n/catalog/en/createGroup.json';
import { messages } from '../../i18n/messages';
import { domainWords } from '../../i18n/domainWords';

const t = messages(catalog);
const words = domainWords(catalog);

/**
 * Add people by name or e-mail: matching people with an Add button each, and "Add ... as a new person"
 * for an address nobody has yet (it opens the new-person form). A name that finds nobody is not offered
 * as an address: the empty state says to search by e-mail.
 */
export function AddPeople({
  isMember,
  onAdd,
  onAddNew,
}: {
  isMember: (person: { id: string; email: string }) => boolean;
  onAdd: (member: DraftMember) => void;
  onAddNew: (term: string) => void;
}) {
  const [term, setTerm] = useState('');
  const search = useUserSearch(term);
  const results = search.users.filter((user) => !isMember(user));
  const exactMatch = search.users.some((u) => u.email.toLowerCase() === search.term.toLowerCase());
  const offerNew =
    (search.status === 'done' || search.status === 'failed') && isEmail(search.term) && !exactMatch;

  const add = (user: UserSearchResult) => {
    const { connected: _connected, ...member } = user;
    onAdd(member);
    setTerm('');
  };

  return (
    <div className={styles.addPeople}>
      <TextField
        label={t('addPeople')}
        type="search"
        placeholder={t('searchPlaceholder')}
        autoComplete="off"
        value={term}
        onChange={setTerm}
      />
      <div aria-live="polite" className={styles.searchStatus}>
        {search.status === 'searching' && t('searching')}
        {search.status === 'done' &&
          search.users.length === 0 &&
          !isEmail(search.term) &&
          words(NO_PEOPLE_FOUND)}
      </div>
      {search.status === 'failed' && (
        <p role="alert" className={styles.searchError}>
          {words(USER_SEARCH_FAILED)}
        </p>
      )}
      {results.length > 0 && (
        <ul className={styles.people} aria-label={t('searchResults')}>
          {results.map((user) => {
            const name = memberName(user);
            return (
              <li key={user.id} className={styles.person}>
                <Avatar name={name} />
                <span className={styles.personText}>
                  <span className={styles.personName}>
                    {name}
                    <Tags tags={memberTags(user, { where: 'search' })} />
                  </span>
                  <span className={styles.personEmail}>{user.email}</span>
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('addOne', { name })}
                  onPress={() => add(user)}
                >
                  {t('add')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {offerNew && (
        <Button
          variant="ghost"
          size="sm"
          className={styles.addNew}
          onPress={() => {
            onAddNew(search.term);
            setTerm('');
          }}
        >
          {t('addNew', { term: search.term })}
        </Button>
      )}
    </div>
  );
}
