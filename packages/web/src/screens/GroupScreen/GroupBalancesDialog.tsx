import type { GroupBalances, MemberBalance } from '@kitty/api';
import { type CurrencyMinor, decimalToMinor, isSettledInEveryCurrency, openBalances } from '@kitty/domain';
import { type ReactNode, useEffect } from 'react';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { LoadingText } from '../../components/Spinner';
import type { Resource } from '../../flows/resource';
import * as styles from './dialogs.css';
import { Money } from '../../components/Money';
import { JsonMoney } from './JsonMoney';
import catalog from '../../i18n/catalog/en/group.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/**
 * The member's net in every currency still open (the domain's rule across currencies), else the group
 * currency's zero: a member who owes $6 never reads "€0.00".
 */
function MemberNets({ member, currency }: { member: MemberBalance; currency: string }) {
  const nets: CurrencyMinor[] = member.currency_breakdown.map((c) => ({
    currency: c.currency,
    minor: decimalToMinor(c.net, c.currency) ?? Number.NaN,
  }));
  if (isSettledInEveryCurrency(nets.map((n) => n.minor))) {
    return <JsonMoney amount={member.net_balance} currency={currency} className={styles.amount} />;
  }
  return (
    <span className={styles.amounts}>
      {openBalances(nets).map((n) =>
        Number.isNaN(n.minor) ? null : (
          <Money
            key={n.currency}
            minor={n.minor}
            currency={n.currency}
            signed
            colored
            className={styles.amount}
          />
        ),
      )}
    </span>
  );
}

function MemberRow({ member, currency }: { member: MemberBalance; currency: string }) {
  return (
    <li className={styles.item}>
      <div className={styles.row}>
        <span className={styles.name}>
          {member.is_current_user ? t('you', { name: member.user.display_name }) : member.user.display_name}
        </span>
        <MemberNets member={member} currency={currency} />
      </div>
      {member.currency_breakdown.length > 0 && (
        <table className={styles.table}>
          <thead>
            <tr>
              <th className={styles.th} scope="col">
                {t('currency')}
              </th>
              <th className={styles.th} scope="col">
                {t('paid')}
              </th>
              <th className={styles.th} scope="col">
                {t('owedColumn')}
              </th>
              <th className={styles.th} scope="col">
                {t('net')}
              </th>
            </tr>
          </thead>
          <tbody>
            {member.currency_breakdown.map((c) => (
              <tr key={c.currency}>
                <th className={styles.td} scope="row">
                  {c.currency}
                </th>
                <td className={styles.td}>
                  <JsonMoney amount={c.paid} currency={c.currency} />
                </td>
                <td className={styles.td}>
                  <JsonMoney amount={c.owed} currency={c.currency} />
                </td>
                <td className={styles.td}>
                  <JsonMoney amount={c.net} currency={c.currency} signed colored />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}

/** Group Balances: members highest net first (the server's order), each with paid and owed per currency. */
export function GroupBalancesDialog({
  balances,
  currency,
  onClose,
}: {
  balances: Resource<GroupBalances>;
  /** The group currency: each member's net balance is in it. */
  currency: string;
  onClose: () => void;
}) {
  const { reload } = balances;
  // Opening shows fresh figures.
  useEffect(() => reload(), [reload]);

  let body: ReactNode;
  if (balances.data === undefined && balances.status === 'failed') {
    body = (
      <div role="alert" className={styles.tightStack}>
        <p className={styles.heading}>{t('balancesError')}</p>
        <p>{balances.error?.message || t('loadBalancesFailed')}</p>
        <div>
          <Button variant="secondary" size="sm" onPress={reload}>
            {t('tryAgain')}
          </Button>
        </div>
      </div>
    );
  } else if (balances.data === undefined) {
    body = <LoadingText>{t('balancesLoading')}</LoadingText>;
  } else if (balances.data.balances.length === 0) {
    body = <p className={styles.empty}>{t('noBalances')}</p>;
  } else {
    body = (
      <ul className={styles.list} aria-label={t('memberBalances')}>
        {balances.data.balances.map((member) => (
          <MemberRow key={member.user.id} member={member} currency={currency} />
        ))}
      </ul>
    );
  }

  return (
    <Dialog title={t('balancesTitle')} size="md" isOpen onOpenChange={(isOpen) => !isOpen && onClose()}>
      {body}
    </Dialog>
  );
}
