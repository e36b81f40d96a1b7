import { canRemoveMember, isCreator, memberTags, UNSETTLED_BALANCE_TAG } from '@kitty/domain';
import { useState } from 'react';
import { Avatar } from '../../components/Avatar';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { ConfirmPrompt } from './ConfirmPrompt';
import * as styles from './dialogs.css';
import type { SettingsMember } from './useGroupSettingsForm';
import catalog from '../../i18n/catalog/en/groupSettings.json';
import { messages } from '../../i18n/messages';
import { domainWords } from '../../i18n/domainWords';

const t = messages(catalog);
const words = domainWords(catalog);

export interface SettingsMemberListProps {
  members: readonly SettingsMember[];
  createdBy: string;
  /** Each member's balances in minor units, one per currency. */
  nets: Record<string, number[]>;
  onRemove: (id: string) => void;
  /** A refusal to say (creator, unsettled balance). */
  onRefuse: (message: string) => void;
}

/** The member list of Group Settings with its tags; Remove follows the member rules, then asks to confirm. */
export function SettingsMemberList({
  members,
  createdBy,
  nets,
  onRemove,
  onRefuse,
}: SettingsMemberListProps) {
  const [confirming, setConfirming] = useState<SettingsMember | null>(null);

  const remove = (member: SettingsMember) => {
    const rule = canRemoveMember({ memberId: member.id, createdBy, balanceMinor: nets[member.id] ?? 0 });
    if (!rule.ok) onRefuse(words(rule.reason));
    else setConfirming(member);
  };

  return (
    <>
      <ul className={styles.list} aria-label={t('members')}>
        {members.map((member) => {
          const tags = memberTags(member, {
            createdBy,
            balanceMinor: nets[member.id] ?? 0,
            where: 'members',
          });
          const unsettled = tags.includes(UNSETTLED_BALANCE_TAG);
          return (
            <li key={member.id} className={styles.item}>
              <div className={styles.row}>
                <Avatar name={member.name} size="sm" />
                <div className={styles.memberText}>
                  <span className={styles.name}>{member.name}</span>
                  <span className={styles.muted}>{member.email}</span>
                  {tags.some((t) => t !== UNSETTLED_BALANCE_TAG) && (
                    <span className={styles.tags}>
                      {tags
                        .filter((t) => t !== UNSETTLED_BALANCE_TAG)
                        .map((tag) => (
                          <Badge key={tag} tone={isCreator(member.id, createdBy) ? 'accent' : 'warning'}>
                            {words(tag)}
                          </Badge>
                        ))}
                    </span>
                  )}
                </div>
                {unsettled ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('unsettledOne', { name: member.name })}
                    onPress={() => onRefuse(t('memberHasBalance'))}
                  >
                    <Badge tone="warning">{t('tagUnsettled')}</Badge>
                  </Button>
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('removeOne', { name: member.name })}
                    onPress={() => remove(member)}
                  >
                    {t('remove')}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {confirming && (
        <ConfirmPrompt
          title={t('removeTitle')}
          message={t('removeMessage', { name: confirming.name })}
          confirmLabel={t('remove')}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            onRemove(confirming.id);
            setConfirming(null);
          }}
        />
      )}
    </>
  );
}
