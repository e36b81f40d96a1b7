import { memberName, type SplitType } from '@kitty/domain';
import type { SessionUser } from '@kitty/domain/flows';
import { Button } from '../../components/Button';
import { useSplitTypeOptions } from '../../components/configOptions';
import { Select } from '../../components/Select';
import { ConfigureSplitDialog } from '../../components/split/ConfigureSplitDialog';
import * as styles from './CreateGroupScreen.css';
import type { GroupDraftState } from './useGroupDraft';
import catalog from '../../i18n/catalog/en/createGroup.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/** Default Split Method: a select; any type but equal opens Configure Split (also reopened by its button). */
export function SplitMethodField({ draft }: { draft: GroupDraftState }) {
  const options = useSplitTypeOptions();
  return (
    <div className={styles.splitField}>
      <Select
        label={t('splitMethod')}
        options={options}
        value={draft.splitType}
        onChange={(value) => draft.setSplitType(value as SplitType)}
      />
      {draft.splitType !== 'equal' && (
        <Button
          variant="secondary"
          size="sm"
          onPress={draft.openSplitDialog}
          className={styles.configureButton}
        >
          {t('configureSplit')}
        </Button>
      )}
    </div>
  );
}

/**
 * The Configure Split dialog for the group's default split (no amount yet), over every member. Render it
 * outside the Create Group form: its own form's submit would otherwise bubble through the React tree.
 */
export function GroupSplitDialog({ draft, creator }: { draft: GroupDraftState; creator: SessionUser }) {
  const participants = [
    { id: creator.id, name: memberName(creator) },
    ...draft.members.map((m) => ({ id: m.id, name: memberName(m) })),
  ];
  return (
    <ConfigureSplitDialog
      isOpen={draft.splitDialogOpen}
      participants={participants}
      splitType={draft.splitType}
      details={draft.splitDetails}
      currency={draft.currency}
      onSave={draft.saveSplit}
      onCancel={draft.closeSplitDialog}
    />
  );
}
