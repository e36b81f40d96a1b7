import type { User } from '@kitty/api';
import { memberName, settlementReceivers } from '@kitty/domain';
import type { SettlementFormValues, SettleUpContext } from '@kitty/domain/flows';
import { Button } from '../../components/Button';
import { useCurrencyOptions } from '../../components/configOptions';
import { DecimalField } from '../../components/DecimalField';
import { Form } from '../../components/Form';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import * as styles from './dialogs.css';
import catalog from '../../i18n/catalog/en/settleUp.json';
import { messages } from '../../i18n/messages';
import { domainWords } from '../../i18n/domainWords';

const t = messages(catalog);
const english = domainWords(catalog);
const words = (text: string | undefined) => (text === undefined ? undefined : english(text));

export interface SettleUpCustomFormProps {
  members: readonly User[];
  form: SettlementFormValues;
  errors: SettleUpContext['formErrors'];
  onEdit: (values: Partial<SettlementFormValues>) => void;
  onSubmit: () => void;
}

/** The Custom Settlement tab: who pays whom, how much (at least 0.01, step 0.01), currency, description. */
export function SettleUpCustomForm({ members, form, errors, onEdit, onSubmit }: SettleUpCustomFormProps) {
  const currencies = useCurrencyOptions();
  const people = members.map((m) => ({ id: m.id, label: memberName(m) }));
  const receivers = settlementReceivers(people, form.from_user_id);

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Select
        label={t('payer')}
        options={people}
        value={form.from_user_id}
        onChange={(from_user_id) => onEdit({ from_user_id })}
        placeholder={t('selectPayer')}
        errorMessage={words(errors.from_user_id)}
      />
      <Select
        label={t('receiver')}
        options={receivers}
        value={form.to_user_id}
        onChange={(to_user_id) => onEdit({ to_user_id })}
        placeholder={t('selectReceiver')}
        errorMessage={words(errors.to_user_id)}
      />
      <DecimalField
        label={t('amount')}
        value={form.amount}
        onChange={(amount) => onEdit({ amount })}
        isRequired
        min="0.01"
        step="0.01"
        placeholder="0.00"
        errorMessage={words(errors.amount)}
      />
      <Select
        label={t('currency')}
        options={currencies}
        value={form.currency}
        onChange={(currency) => onEdit({ currency })}
      />
      <TextField
        label={t('description')}
        value={form.description}
        onChange={(description) => onEdit({ description })}
        placeholder={t('optional')}
        maxLength={200}
      />
      <div className={styles.actions}>
        <Button type="submit">{t('continue')}</Button>
      </div>
    </Form>
  );
}
