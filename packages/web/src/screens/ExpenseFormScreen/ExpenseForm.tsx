import type { GroupSummary, User } from '@kitty/api';
import { defaultSplitDetails, memberName } from '@kitty/domain';
import { type ExpenseDraft, type ExpenseDraftInput, isSavingExpense } from '@kitty/domain/flows';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Alert } from '../../components/Alert';
import { useGoBack } from '../../components/BackButton';
import { Button } from '../../components/Button';
import { DecimalField } from '../../components/DecimalField';
import { CloseIcon } from '../../components/icons';
import { DateNotesFields } from './DateNotesFields';
import { Select } from '../../components/Select';
import { groupDefaultDetails } from '../../components/split/defaultSplitConfig';
import { TextField } from '../../components/TextField';
import { toParticipant } from './editDraft';
import * as styles from './ExpenseFormScreen.css';
import { GroupPicker } from './GroupPicker';
import { ParticipantChips } from './ParticipantChips';
import { PayersField } from './PayersField';
import { PeopleSearch } from './PeopleSearch';
import { SplitSection } from './SplitSection';
import { useExpenseDraft } from './useExpenseDraft';
import { useFieldOptions } from './useFieldOptions';
import { useLeftoverStart } from './useLeftoverStart';

export interface ExpenseFormProps {
  input: ExpenseDraftInput;
  /**
   * Edit: the saved expense as a draft, and the version the edit is based on. When the expense is loaded
   * again with another version (a save refused as stale reloads it), the form shows the current one.
   */
  initial?: Partial<ExpenseDraft>;
  version?: number;
  /** Edit: where the saved expense's leftover units start (its `leftover_start`), kept by the edit. */
  leftoverStart?: number;
  /** Members of the route's group, added as participants when the form opens. */
  groupMembers?: readonly User[];
  /** The route's group default split, applied to those members when the form opens. */
  groupSplit?: GroupSplit;
  /** The route's group detail, already loaded: where its next leftover units start. */
  routeGroup?: { id: string; next_leftover_start: number };
}

type GroupSplit = Parameters<typeof groupDefaultDetails>[0];

/** The group's currency and default split for a draft among `ids` (the stored details when there are some). */
function groupDefaults(group: GroupSplit, ids: readonly string[]): Partial<ExpenseDraft> {
  return {
    currency: group.currency,
    split_type: group.default_split_type,
    split_details: groupDefaultDetails(group, ids) ?? defaultSplitDetails(group.default_split_type, ids),
  };
}

/** Create / Edit Expense: the draft machine's form, full-screen with its own header. */
export function ExpenseForm({
  input,
  initial,
  version,
  leftoverStart,
  groupMembers,
  groupSplit,
  routeGroup,
}: ExpenseFormProps) {
  const edit = input.mode === 'edit';
  const { snapshot, send, reloadNotice, snapshotRef } = useExpenseDraft(input, version, initial);
  const { draft, errors, splitDialogOpen } = snapshot.context;
  const saveError = snapshot.context.saveError ?? reloadNotice;
  const saving = isSavingExpense(snapshot);
  const [groupText, setGroupText] = useState(draft.groupName);
  const formId = useId();
  const goBack = useGoBack(edit && input.expenseId ? `/expenses/${input.expenseId}` : '/dashboard');
  const { categories, currencies } = useFieldOptions(draft);
  const currentUserId = input.currentUser.id;
  const rotation = useLeftoverStart(edit ? (leftoverStart ?? 0) : undefined, draft.group_id, routeGroup);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens
  useEffect(() => {
    if (initial) send({ type: 'draft.load', values: initial });
    for (const member of groupMembers ?? [])
      send({ type: 'draft.addParticipant', participant: toParticipant(member) });
    if (groupSplit) send({ type: 'draft.load', values: groupDefaults(groupSplit, participantIds()) });
  }, []);

  const participantIds = () => snapshotRef.current().context.draft.participants.map((p) => p.id);

  // A group picked here brings its members, its currency and its default split, as the route's group does.
  const selectGroup = (group: GroupSummary | null) => {
    send({ type: 'draft.selectGroup', group: group && { id: group.id, name: group.name } });
    setGroupText(group?.name ?? '');
    for (const member of group?.Members ?? []) {
      send({ type: 'draft.addParticipant', participant: toParticipant(member) });
    }
    if (group) send({ type: 'draft.load', values: groupDefaults(group, participantIds()) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'draft.submit' });
  };

  const change = (field: 'description' | 'amount' | 'currency' | 'category') => (value: string) =>
    send({ type: 'draft.change', field, value });

  return (
    <div className={styles.page}>
      <div className={styles.formHeader}>
        <Button variant="ghost" size="sm" aria-label="Close" onPress={goBack}>
          <CloseIcon width={22} height={22} />
        </Button>
        <h1 className={styles.title}>{edit ? 'Edit Expense' : 'Add Expense'}</h1>
        <Button type="submit" form={formId} isPending={saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </div>

      {saveError && (
        <Alert className={styles.banner}>
          <div className={styles.bannerRow}>
            <span>Error: {saveError}</span>
            <Button
              variant="ghost"
              size="sm"
              aria-label="Dismiss"
              onPress={() => send({ type: 'draft.dismissError' })}
            >
              <CloseIcon width={18} height={18} />
            </Button>
          </div>
        </Alert>
      )}

      <form id={formId} onSubmit={submit} noValidate className={styles.form}>
        {edit ? (
          <TextField label="Group" value={draft.groupName || 'Personal'} isReadOnly />
        ) : (
          <GroupPicker
            groupId={draft.group_id}
            text={groupText}
            onTextChange={(text) => {
              setGroupText(text);
              send({ type: 'draft.groupText', text });
            }}
            onSelect={selectGroup}
          />
        )}

        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Participants</legend>
          <ParticipantChips
            draft={draft}
            currentUserId={currentUserId}
            onRemove={(id) => send({ type: 'draft.removeParticipant', id })}
            errorMessage={errors.participants}
          />
          <PeopleSearch
            participantIds={draft.participants.map((p) => p.id)}
            onAdd={(participant) => send({ type: 'draft.addParticipant', participant })}
          />
        </fieldset>

        <PayersField
          draft={draft}
          options={draft.participants.map((p) => ({
            id: p.id,
            label: p.id === currentUserId ? `${memberName(p)} (you)` : memberName(p),
          }))}
          errorMessage={errors.payers}
          send={send}
        />
        <Select label="Category" options={categories} value={draft.category} onChange={change('category')} />
        <TextField
          label="Description"
          value={draft.description}
          onChange={change('description')}
          errorMessage={errors.description}
          maxLength={200}
        />
        <div className={styles.moneyRow}>
          <Select
            label="Currency"
            options={currencies}
            value={draft.currency}
            onChange={change('currency')}
          />
          <DecimalField
            label="Amount"
            value={draft.amount}
            onChange={change('amount')}
            step="0.01"
            min="0"
            placeholder="0.00"
            errorMessage={errors.amount}
          />
        </div>
        <SplitSection
          draft={draft}
          rotation={rotation}
          dialogOpen={splitDialogOpen}
          errorMessage={errors.split_details ?? errors.split_type}
          onTypeChange={(splitType) => send({ type: 'draft.setSplitType', splitType })}
          onOpenDialog={() => send({ type: 'draft.openSplitDialog' })}
          onSave={(details) => {
            send({ type: 'draft.setSplitDetails', details });
            send({ type: 'draft.closeSplitDialog' });
          }}
          onCloseDialog={() => send({ type: 'draft.closeSplitDialog' })}
        />
        <DateNotesFields draft={draft} errors={errors} send={send} />
      </form>
    </div>
  );
}
