import { categoryConfig, isExpenseCategory, type SplitType } from '@kitty/domain';
import type { ExpenseDraftContext, ExpenseDraftEvent } from '@kitty/domain/flows';
import { useMemo } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Checkbox, CheckboxGroup } from '../../components/Checkbox';
import { useCurrencyOptions, useSplitTypeOptions } from '../../components/configOptions';
import { DecimalField } from '../../components/DecimalField';
import { categoryName } from '../../components/split/words';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { useAppConfig } from '../../flows/ConfigProvider';
import { DateNotesFields } from '../ExpenseFormScreen/DateNotesFields';
import { PayersField } from '../ExpenseFormScreen/PayersField';
import * as styles from './dialogs.css';
import catalog from '../../i18n/catalog/en/group.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

export interface GroupMemberOption {
  id: string;
  name: string;
}

export interface GroupExpenseFieldsProps {
  context: ExpenseDraftContext;
  members: readonly GroupMemberOption[];
  currentUserId: string;
  send: (event: ExpenseDraftEvent) => void;
}

function useCategoryOptions() {
  const { config } = useAppConfig();
  return useMemo(() => {
    const categories: { values: readonly string[]; displayNames: Record<string, string> } =
      config?.expenseCategories ?? categoryConfig();
    // Kitty's own categories in the app's language; one the server added later keeps its given name.
    return categories.values.map((value) => ({
      id: value,
      label: isExpenseCategory(value) ? categoryName(value) : (categories.displayNames[value] ?? value),
    }));
  }, [config]);
}

/**
 * The compact expense form of a group: description, amount, currency, category, payer, participants, split,
 * date and notes.
 */
export function GroupExpenseFields({ context, members, currentUserId, send }: GroupExpenseFieldsProps) {
  const { draft, errors } = context;
  const currencies = useCurrencyOptions();
  const categories = useCategoryOptions();
  const splitTypes = useSplitTypeOptions();
  const chosen = draft.participants.map((p) => p.id);
  const lastOne = chosen.length <= 1;
  const payers = draft.participants.map((p) => ({
    id: p.id,
    label: p.name ?? p.display_name ?? p.email ?? p.id,
  }));

  const setParticipants = (ids: string[]) => {
    for (const member of members) {
      const was = chosen.includes(member.id);
      const is = ids.includes(member.id);
      if (is && !was)
        send({
          type: 'draft.addParticipant',
          participant: { id: member.id, name: member.name, display_name: member.name },
        });
      if (was && !is) send({ type: 'draft.removeParticipant', id: member.id });
    }
  };

  return (
    <>
      <TextField
        label={t('description')}
        value={draft.description}
        onChange={(value) => send({ type: 'draft.change', field: 'description', value })}
        errorMessage={errors.description}
        maxLength={200}
        autoFocus
      />
      <DecimalField
        label={t('amount')}
        value={draft.amount}
        onChange={(value) => send({ type: 'draft.change', field: 'amount', value })}
        step="0.01"
        min="0"
        placeholder="0.00"
        isRequired
        errorMessage={errors.amount}
      />
      <Select
        label={t('currency')}
        options={currencies}
        value={draft.currency}
        onChange={(value) => send({ type: 'draft.change', field: 'currency', value })}
      />
      <Select
        label={t('category')}
        options={categories}
        value={draft.category}
        onChange={(value) => send({ type: 'draft.change', field: 'category', value })}
      />
      <PayersField draft={draft} options={payers} errorMessage={errors.payers} send={send} />
      <CheckboxGroup
        label={t('participants')}
        value={chosen}
        onChange={setParticipants}
        description={lastOne ? t('participantRequired') : undefined}
        errorMessage={errors.participants}
      >
        {members.map((m) => (
          <Checkbox
            key={m.id}
            value={m.id}
            isDisabled={m.id === currentUserId || (lastOne && chosen.includes(m.id))}
          >
            {m.id === currentUserId ? t('you', { name: m.name }) : m.name}
          </Checkbox>
        ))}
      </CheckboxGroup>
      <div className={styles.tightStack}>
        <Select
          label={t('split')}
          options={splitTypes}
          value={draft.split_type}
          onChange={(splitType) => send({ type: 'draft.setSplitType', splitType: splitType as SplitType })}
          errorMessage={errors.split_type}
        />
        {draft.split_type !== 'equal' && (
          <div>
            <Button variant="secondary" size="sm" onPress={() => send({ type: 'draft.openSplitDialog' })}>
              {t('configureSplit')}
            </Button>
          </div>
        )}
      </div>
      {errors.split_details && <Alert>{errors.split_details}</Alert>}
      <DateNotesFields draft={draft} errors={errors} send={send} />
    </>
  );
}
