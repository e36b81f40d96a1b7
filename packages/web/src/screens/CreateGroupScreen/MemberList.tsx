import { CONNECTED_TAG, GROUP_CREATOR_TAG, memberName, memberTags, NOT_REGISTERED_TAG } from '@kitty/domain';
import type { SessionUser } from '@kitty/domain/flows';
import { Avatar } from '../../components/Avatar';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import * as styles from './CreateGroupScreen.css';
import type { DraftMember } from './newGroup';
import catalog from '../../i18n/catalog/en/createGroup.json';
import { messages } from '../../i18n/messages';
import { domainWords } from '../../i18n/domainWords';

const t = messages(catalog);
const words = domainWords(catalog);

const TAG_TONE: Record<string, 'accent' | 'warning' | 'positive' | 'neutral'> = {
  [GROUP_CREATOR_TAG]: 'accent',
  [NOT_REGISTERED_TAG]: 'warning',
  [CONNECTED_TAG]: 'positive',
};

export function Tags({ tags }: { tags: readonly string[] }) {
  return (
    <>
      {tags.map((tag) => (
        <Badge key={tag} tone={TAG_TONE[tag] ?? 'neutral'}>
          {words(tag)}
        </Badge>
      ))}
    </>
  );
}

/** The new group's members: you first (the creator, never removable), then the people added. */
export function MemberList({
  creator,
  members,
  onRemove,
}: {
  creator: SessionUser;
  members: readonly DraftMember[];
  onRemove: (id: string) => void;
}) {
  const people = [{ ...creator }, ...members];
  return (
    <ul className={styles.people} aria-label={t('members')}>
      {people.map((person) => {
        const name = memberName(person);
        const isYou = person.id === creator.id;
        return (
          <li key={person.id} className={styles.person}>
            <Avatar name={name} />
            <span className={styles.personText}>
              <span className={styles.personName}>
                {isYou ? t('you', { name }) : name}
                <Tags tags={memberTags(person, { createdBy: creator.id, where: 'members' })} />
              </span>
              <span className={styles.personEmail}>{person.email}</span>
            </span>
            {!isYou && (
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('removeOne', { name })}
                onPress={() => onRemove(person.id)}
              >
                {t('remove')}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
