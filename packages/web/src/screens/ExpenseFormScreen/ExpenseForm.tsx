import type { GroupSummary, User } from '@kitty/api';
import { defaultSplitDetails, memberName, type RecurrenceSchedule } from '@kitty/domain';
import { type ExpenseDraft, type ExpenseDraftInput, isSavingExpense } from '@kitty/domain/flows';
import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../components/Alert';
import { useGoBack } from '../../components/BackButton';
import { Button } from '../../components/Button';
import { CloseIcon } from '../../components/icons';
import { DateNotesFields } from './DateNotesFields';
import { Select } from '../../components/Select';
import { DecimalField } from '../../components/DecimalField';
import { groupDefaultDetails } from '@kitty/domain';
import { expenseProblem, problems } from '../../components/split/words';
import { TextField } from '../../components/TextField';
import catalog from '../../i18n/catalog/en/expenseForm.json';
import { messages } from '../../i18n/messages';
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
import type { RepeatErrors, RepeatState } from './repeatSchedule';
import type { RecurringSave } from './saveRecurring';

const t = messages(catalog);

// The Repeat fields load once the expense has a group (only a group's expense repeats).
const RepeatFields = lazy(() => import('./RepeatFields').then((m) => ({ default: m.RepeatFields })));

/** Editing a recurring expense: which, the version the change is based on, and its schedule. */
export interface RecurringEdit {
  id: string;
  groupId: string;
  version: number;
  schedule: RecurrenceSchedule;
}

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
  /** Editing a recurring expense (its template is `initial`, its first day the Date). */
  recurring?: RecurringEdit;
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
  recurring,
}: ExpenseFormProps) {
  const edit = input.mode === 'edit';
  const recurringSave = useRef<RecurringSave | null>(null);
  const { snapshot, send, reloadNotice, snapshotRef } = useExpenseDraft(
    input,
    recurring?.version ?? version,
    initial,
    recurringSave,
  );
  const { draft, splitDialogOpen } = snapshot.context;
  const errors = problems(snapshot.context.errors);
  const saveError = expenseProblem(snapshot.context.saveError ?? reloadNotice);
  const saving = isSavingExpense(snapshot);
  const [groupText, setGroupText] = useState(draft.groupName);
  const formId = useId();
  const goBack = useGoBack(
    recurring
      ? `/groups/${recurring.groupId}`
      : edit && input.expenseId
        ? `/expenses/${input.expenseId}`
        : '/dashboard',
  );
  const { categories, currencies } = useFieldOptions(draft);
  const currentUserId = input.currentUser.id;
  const rotation = useLeftoverStart(edit ? (leftoverStart ?? 0) : undefined, draft.group_id, routeGroup);
  const [repeat, setRepeat] = useState<RepeatState | null>(null);
  const [repeatErrors, setRepeatErrors] = useState<RepeatErrors>({});
  const repeating = repeat !== null && draft.group_id !== null;

  // Editing a recurring expense: its schedule in the fields, again whenever another version of it arrives.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new version reloads the fields
  useEffect(() => {
    if (!recurring) return;
    void import('./RepeatFields').then((m) => setRepeat(m.repeatFromSchedule(recurring.schedule)));
  }, [recurring?.version]);

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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    recurringSave.current = null;
    if (repeat && draft.group_id) {
      const m = await import('./RepeatFields');
      const zone = m.deviceTimeZone();
      const found = m.repeatErrors(repeat, draft.date, zone, new Date());
      setRepeatErrors(found);
      if (Object.keys(found).length > 0) return;
      recurringSave.current = {
        groupId: draft.group_id,
        schedule: m.toSchedule(repeat, draft.date, zone),
        ...(recurring ? { recurringId: recurring.id, version: recurring.version } : {}),
        // Shown once the machine is back to editing, after it has taken the refusal.
        onFieldErrors: (errors) =>
          setTimeout(() => {
            setRepeatErrors(errors.repeat);
            send({ type: 'draft.fieldErrors', errors: errors.draft });
          }, 0),
      };
    }
    send({ type: 'draft.submit' });
  };

  const changeRepeat = (next: RepeatState | null) => {
    setRepeat(next);
    setRepeatErrors({});
  };

  const change = (field: 'description' | 'amount' | 'currency' | 'category') => (value: string) =>
    send({ type: 'draft.change', field, value });

  return (
    <div className={styles.page}>
      <div className={styles.formHeader}>
        <Button variant="ghost" size="sm" aria-label={t('close')} onPress={goBack}>
          <CloseIcon width={22} height={22} />
        </Button>
        <h1 className={styles.title}>
          {recurring ? t('titleRecurring') : edit ? t('titleEdit') : t('titleAdd')}
        </h1>
        <Button type="submit" form={formId} isPending={saving}>
          {saving ? t('saving') : t('save')}
        </Button>
      </div>

      {saveError && (
        <Alert className={styles.banner}>
          <div className={styles.bannerRow}>
            <span>{t('error', { message: saveError })}</span>
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('dismiss')}
              onPress={() => send({ type: 'draft.dismissError' })}
            >
              <CloseIcon width={18} height={18} />
            </Button>
          </div>
        </Alert>
      )}

      {recurring && <p className={styles.muted}>{t('recurringNote')}</p>}

      <form id={formId} onSubmit={(event) => void submit(event)} noValidate className={styles.form}>
        {edit ? (
          <TextField label={t('group')} value={draft.groupName || t('personal')} isReadOnly />
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
          <legend className={styles.legend}>{t('participants')}</legend>
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
            label: p.id === currentUserId ? t('you', { name: memberName(p) }) : memberName(p),
          }))}
          errorMessage={errors.payers}
          send={send}
        />
        <Select
          label={t('category')}
          options={categories}
          value={draft.category}
          onChange={change('category')}
        />
        <TextField
          label={t('description')}
          value={draft.description}
          onChange={change('description')}
          errorMessage={errors.description}
          maxLength={200}
        />
        <div className={styles.moneyRow}>
          <Select
            label={t('currency')}
            options={currencies}
            value={draft.currency}
            onChange={change('currency')}
          />
          <DecimalField
            label={t('amount')}
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
        <DateNotesFields
          draft={draft}
          errors={
            repeating && repeatErrors.date ? { ...errors, date: expenseProblem(repeatErrors.date) } : errors
          }
          send={send}
          dateLabel={repeating ? t('firstDate') : t('date')}
        />
        {draft.group_id !== null && (
          <Suspense fallback={null}>
            <RepeatFields
              repeat={repeat}
              alwaysRepeats={Boolean(recurring)}
              startDate={draft.date}
              errors={repeatErrors}
              onChange={changeRepeat}
            />
          </Suspense>
        )}
      </form>
    </div>
  );
}
