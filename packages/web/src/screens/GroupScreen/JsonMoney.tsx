import { decimalToMinor } from '@kitty/domain';
import { Money } from '../../components/Money';

export interface JsonMoneyProps {
  /** A JSON decimal amount as the server sends it. */
  amount: number;
  currency: string;
  signed?: boolean;
  colored?: boolean;
  /** Show the absolute value (the sign is said in words beside it). */
  absolute?: boolean;
  className?: string;
}

/** An amount from the server, read into minor units by the domain and formatted by Money. */
export function JsonMoney({ amount, currency, absolute = false, ...props }: JsonMoneyProps) {
  const minor = decimalToMinor(amount, currency);
  // The contract promises at most two decimals; anything else is shown as sent rather than rounded.
  if (minor === null) return <span className={props.className}>{`${amount} ${currency}`}</span>;
  return <Money minor={absolute ? Math.abs(minor) : minor} currency={currency} {...props} />;
}
