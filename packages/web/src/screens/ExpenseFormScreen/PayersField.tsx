import { parseAmount } from '@kitty/domain';
import {
  draftPayerIds,
  type ExpenseDraft,
  type ExpenseDraftEvent,
  hasSeveralPayers,
  payerAmountsMinor,
} from '@kitty/domain/flows';
import { Button } from '../../components/Button';
import { NativeCheckbox } from '../../components/NativeCheckbox';
import { Select, type SelectOption } from '../../components/Select';
import { DecimalField } from '../../components/DecimalField';
import { RemainingSummary } from '../../components/split/RemainingSummary';
import { expenseProblem } from '../../components/split/words';
import { visuallyHidden } from '../../components/VisuallyHidden.css';
import * as styles from './PayersField.css';
import catalog from '../../i18n/catalog/en/expenseForm.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

export interface PayersFieldProps {
  draft: ExpenseDraft;
  /** The participants as the person reads them ("Alice (you)"). */
  options: readonly SelectOption[];
  errorMessage?: string | undefined;
  send: (event: ExpenseDraftEvent) => void;
}

/**
 * Who paid: the spec's "Who paid?" select for one payer; with "Several people paid" the participants who
 * paid are ticked instead, and with more than one each enters what they paid, with what remains of the
 * total (as Configure Split shows it) and "Split the payment equally". The full form and the group's
 * add-expense dialog both use it.
 */
export function PayersField({ draft, options, errorMessage, send }: PayersFieldProps) {
  const several = draft.payers.length > 0;
  const ids = draftPayerIds(draft);
  const total = parseAmount(draft.amount, draft.currency);
  const totalMinor = total.ok ? total.value : null;
  return (
    <div className={styles.payers}>
      {!several && (
        <Select
          label={t('whoPaid')}
          options={options}
          value={draft.paid_by}
          onChange={(id) => send({ type: 'draft.setPayer', id })}
        />
      )}
      <NativeCheckbox checked={several} onChange={(on) => send({ type: 'draft.setSeveralPayers', on })}>
        {t('severalPaid')}
      </NativeCheckbox>
      {several && (
        <fieldset className={styles.whoPaid}>
          <legend className={styles.whoPaidLegend}>{t('whoPaid')}</legend>
          {options.map((option) => (
            <NativeCheckbox
              key={option.id}
              value={option.id}
              checked={ids.includes(option.id)}
              onChange={(on) =>
                send({
                  type: 'draft.setPayers',
                  ids: on ? [...ids, option.id] : ids.filter((id) => id !== option.id),
                })
              }
              // Someone always pays: the last one ticked stays (untick "Several people paid" instead).
              disabled={ids.length === 1 && ids[0] === option.id}
            >
              {option.label}
            </NativeCheckbox>
          ))}
        </fieldset>
      )}
      {hasSeveralPayers(draft) && (
        <fieldset className={styles.amounts}>
          <legend className={styles.legend}>{t('howMuchEach')}</legend>
          <ul className={styles.rows}>
            {draft.payers.map((payer) => (
              <li key={payer.id}>
                <DecimalField
                  layout="inline"
                  label={
                    <>
                      {options.find((o) => o.id === payer.id)?.label ?? payer.id}
                      <span className={visuallyHidden}> {t('paidSuffix')}</span>
                    </>
                  }
                  value={payer.amount}
                  onChange={(value) => send({ type: 'draft.setPayerAmount', id: payer.id, value })}
                  step="0.01"
                  min="0"
                  placeholder="0.00"
                  isInvalid={Boolean(errorMessage)}
                />
              </li>
            ))}
          </ul>
          <div className={styles.footer}>
            <RemainingSummary
              values={payerAmountsMinor(draft)}
              totalMinor={totalMinor}
              currency={draft.currency}
              className={styles.remaining}
            />
            <Button
              variant="secondary"
              size="sm"
              isDisabled={totalMinor === null}
              onPress={() => send({ type: 'draft.splitPaymentEqually' })}
            >
              {t('splitEqually')}
            </Button>
          </div>
          {errorMessage && (
            <p role="alert" className={styles.error}>
              {expenseProblem(errorMessage)}
            </p>
          )}
        </fieldset>
      )}
    </div>
  );
}
