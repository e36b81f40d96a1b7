import { isSettledAmount } from '@kitty/domain';
import { money } from '../i18n/format';
import { cx } from './cx';
import * as styles from './Money.css';

export interface MoneyProps {
  /** Integer minor units (the domain's `Minor`); turn a JSON decimal into them with `decimalToMinor` first. */
  minor: number;
  currency: string;
  /** Show "+" before a positive amount ("+€12.50" / "-€12.50"). */
  signed?: boolean;
  /** Colour by sign: green when owed to you, red when you owe; never colour alone, the sign says it too. */
  colored?: boolean;
  className?: string;
}

/** An amount with its currency symbol, grouping and the currency's decimals, formatted by the domain. */
export function Money({ minor, currency, signed = false, colored = false, className }: MoneyProps) {
  const text = money(minor, currency, { signed });
  const tone = !colored || isSettledAmount(minor) ? 'neutral' : minor > 0 ? 'positive' : 'negative';
  return <span className={cx(styles.money, styles.tone[tone], className)}>{text}</span>;
}
