import type { GroupSummary } from '@kitty/api';
import { Button } from '../../components/Button';
import { ComboBox } from '../../components/ComboBox';
import { CloseIcon } from '../../components/icons';
import { Link } from '../../components/Link';
import { fetchAllGroups } from '../../flows/allGroups';
import { useResource } from '../../flows/resource';
import * as styles from './ExpenseFormScreen.css';
import catalog from '../../i18n/catalog/en/expenseForm.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

export interface GroupPickerProps {
  /** The selected group's id, or null (a personal expense). */
  groupId: string | null;
  /** The text in the box (the selected group's name while one is selected). */
  text: string;
  onTextChange: (text: string) => void;
  onSelect: (group: GroupSummary | null) => void;
}

/**
 * The searchable Group combobox of the create screen: arrows, Enter and Escape, a Clear group action,
 * member counts, "Loading groups...", and no-match / no-groups messages with a link to create a group.
 */
export function GroupPicker({ groupId, text, onTextChange, onSelect }: GroupPickerProps) {
  const groups = useResource(['groups'], (signal) => fetchAllGroups(signal), {
    tags: ['groups'],
  });
  const all = groups.data?.groups ?? [];
  const selected = all.find((g) => g.id === groupId) ?? null;
  const needle = text.trim().toLocaleLowerCase();
  // While a group is selected its name is in the box: offer every group, not just that one.
  const shown =
    selected && text === selected.name ? all : all.filter((g) => g.name.toLocaleLowerCase().includes(needle));

  let message: React.ReactNode = null;
  if (groups.data === undefined && groups.status !== 'failed') message = t('loadingGroups');
  else if (groups.status === 'failed' && groups.data === undefined)
    message = <span className={styles.errorText}>{groups.error?.message ?? t('loadGroupsFailed')}</span>;
  else if (all.length === 0)
    message = (
      <>
        {t('noGroups')} <Link href="/groups/create">{t('createGroup')}</Link>
      </>
    );
  else if (shown.length === 0)
    message = (
      <>
        {t('noGroupsMatch', { text: text.trim() })} <Link href="/groups/create">{t('createGroup')}</Link>
      </>
    );

  return (
    <div className={styles.groupPicker}>
      <ComboBox<GroupSummary>
        label={t('group')}
        placeholder={t('personalPlaceholder')}
        items={shown}
        inputValue={text}
        onInputChange={onTextChange}
        selectedKey={groupId}
        onSelectionChange={(key) => {
          if (key === null) return;
          const group = all.find((g) => g.id === key);
          if (group) onSelect(group);
        }}
        showToggle
        allowsCustomValue
        textValue={(g) => g.name}
        renderItem={(g) => (
          <>
            <span>{g.name}</span>
            <span className={styles.muted}>{t('memberCount', { count: g.memberCount })}</span>
          </>
        )}
        trailing={
          (groupId || text) && (
            <Button variant="ghost" size="sm" aria-label={t('clearGroup')} onPress={() => onSelect(null)}>
              <CloseIcon width={16} height={16} />
            </Button>
          )
        }
      />
      {message && (
        <p className={styles.muted} aria-live="polite">
          {message}
        </p>
      )}
    </div>
  );
}
