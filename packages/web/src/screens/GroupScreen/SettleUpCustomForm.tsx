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
        label="Payer"
        options={people}
        value={form.from_user_id}
        onChange={(from_user_id) => onEdit({ from_user_id })}
        placeholder="Select who is paying"
        errorMessage={errors.from_user_id}
      />
      <Select
        label="Receiver"
        options={receivers}
        value={form.to_user_id}
        onChange={(to_user_id) => onEdit({ to_user_id })}
        placeholder="Select who is receiving"
        errorMessage={errors.to_user_id}
      />
      <DecimalField
        label="Amount"
        value={form.amount}
        onChange={(amount) => onEdit({ amount })}
        isRequired
        min="0.01"
        step="0.01"
        placeholder="0.00"
        errorMessage={errors.amount}
      />
      <Select
        label="Currency"
        options={currencies}
        value={form.currency}
        onChange={(currency) => onEdit({ currency })}
      />
      <TextField
        label="Description"
        value={form.description}
        onChange={(description) => onEdit({ description })}
        placeholder="Optional"
        maxLength={200}
      />
      <div className={styles.actions}>
        <Button type="submit">Continue</Button>
      </div>
    </Form>
  );
}
