// The Settle Up dialog's suggestions: each transfer of the plan with the figures that explain it.
import type { BalancesByCurrency, CurrencyMinor } from './balances';
import { isSettledAmount, netBalances } from './balances';
import { formatMoneyWithSymbol, formatScaled, sumMinor } from './money';
import { minimalTransfers, type Transfer } from './settle';

export interface SuggestionParty {
  id: string;
  display_name: string;
}

/** Amounts in minor units (the server writes them as decimals with toDecimal). */
export interface SettlementSuggestion {
  payer: SuggestionParty;
  receiver: SuggestionParty;
  amount: number;
  currency: string;
  /** amount / the payer's whole debt x 100, rounded half up to 2 decimals. */
  settles_percentage: number;
  /** pairwise debts / suggested transfers, rounded half up to 2 decimals (>= 1). */
  simplification_factor: number;
  explanation: string;
  /** The payer's whole debt in this currency (what settles_percentage is a share of). */
  payer_debt: number;
  /** What the payer also owes in the same scope's other currencies, in code order (the explanation names it). */
  payer_owes_elsewhere: CurrencyMinor[];
  impact: {
    /** Sum of what every debtor owes now. */
    current_total_debt: number;
    /** What debtors would still owe after this one transfer: current_total_debt - amount. */
    remaining_debt: number;
  };
}

export interface SuggestionInput {
  currency: string;
  /** member id -> net balance (positive: is owed). Sums to zero. */
  balances: Record<string, number>;
  /** Debts before simplification (pairwiseDebts for this currency); only their count is used. */
  pairwiseDebts: readonly Transfer[];
  /** member id -> display name; the id is shown when missing. */
  names?: Record<string, string>;
  /**
   * member id -> what they owe in the same scope's other currencies (owedInOtherCurrencies). The explanation
   * names it, so a transfer that clears one currency is never called the whole debt while another is open.
   */
  owesElsewhere?: Readonly<Record<string, readonly CurrencyMinor[]>>;
}

/** For each person, what they owe in every currency other than `currency` (positive minor units). */
export function owedInOtherCurrencies(
  netsByCurrency: Readonly<Record<string, Readonly<Record<string, number>>>>,
  currency: string,
): Record<string, CurrencyMinor[]> {
  const owed: Record<string, CurrencyMinor[]> = {};
  for (const other of Object.keys(netsByCurrency).sort()) {
    if (other === currency) continue;
    for (const [id, net] of Object.entries(netsByCurrency[other] ?? {})) {
      if (net >= 0 || isSettledAmount(net)) continue;
      const list = owed[id] ?? [];
      list.push({ currency: other, minor: -net });
      owed[id] = list;
    }
  }
  return owed;
}

/** "¥333", "¥333 and $6.00", "¥333, $6.00 and £1.00". */
function moneyList(amounts: readonly CurrencyMinor[]): string {
  const texts = amounts.map((a) => formatMoneyWithSymbol(a.minor, a.currency));
  return texts.length <= 1 ? (texts[0] ?? '') : `${texts.slice(0, -1).join(', ')} and ${texts.at(-1)}`;
}

/** round(numerator x scale / denominator), halves up, exactly (positive integers). */
function roundedRatio(numerator: number, denominator: number, scale: bigint): bigint {
  const d = BigInt(denominator);
  return (BigInt(numerator) * scale * 2n + d) / (2n * d);
}

/** Suggestions for one currency: the minimal plan, each transfer described. */
export function suggestSettlements(input: SuggestionInput): SettlementSuggestion[] {
  const { pairwiseDebts, ...rest } = input;
  return describeTransfers({
    ...rest,
    pairwiseDebtCount: pairwiseDebts.filter((d) => !isSettledAmount(d.amount)).length,
    transfers: minimalTransfers(input.balances),
  });
}

/**
 * Describes a given plan (normally minimalTransfers of the same balances); `pairwiseDebtCount` is the
 * number of unsettled debts before simplification (the simplification factor's numerator).
 */
export function describeTransfers(
  input: Omit<SuggestionInput, 'pairwiseDebts'> & {
    pairwiseDebtCount: number;
    transfers: readonly Transfer[];
  },
): SettlementSuggestion[] {
  const { currency, balances, transfers, names = {}, owesElsewhere = {} } = input;
  if (transfers.length === 0) return [];
  const name = (id: string) => names[id] || id;
  const currentTotalDebt = sumMinor(Object.values(balances).map((v) => (v < 0 ? -v : 0)));
  const factor = Number(roundedRatio(input.pairwiseDebtCount, transfers.length, 100n)) / 100;

  return transfers.map((t) => {
    const debt = -(balances[t.from] ?? 0);
    if (debt <= 0) throw new RangeError(`${t.from} owes nothing in ${currency}`);
    const hundredths = roundedRatio(t.amount, debt, 10000n);
    const payer = name(t.from);
    const receiver = name(t.to);
    const money = formatMoneyWithSymbol(t.amount, currency);
    const elsewhere = owesElsewhere[t.from] ?? [];
    const share = `${formatScaled(hundredths, 2)}% of the ${formatMoneyWithSymbol(debt, currency)} ${payer} owes`;
    let explanation: string;
    if (elsewhere.length === 0) {
      explanation =
        t.amount === debt
          ? `${payer} pays ${receiver} ${money} to settle ${payer}'s whole debt.`
          : `${payer} pays ${receiver} ${money}, ${share}.`;
    } else {
      explanation =
        t.amount === debt
          ? `${payer} pays ${receiver} ${money} to settle ${payer}'s debt in ${currency}; ${payer} still owes ${moneyList(elsewhere)}.`
          : `${payer} pays ${receiver} ${money}, ${share} in ${currency}; ${payer} also owes ${moneyList(elsewhere)}.`;
    }
    return {
      payer: { id: t.from, display_name: payer },
      receiver: { id: t.to, display_name: receiver },
      amount: t.amount,
      currency,
      settles_percentage: Number(hundredths) / 100,
      simplification_factor: factor,
      explanation,
      payer_debt: debt,
      payer_owes_elsewhere: [...elsewhere],
      impact: { current_total_debt: currentTotalDebt, remaining_debt: currentTotalDebt - t.amount },
    };
  });
}

/** Suggestions for every currency of a group, currencies in code order. */
export function suggestSettlementsByCurrency(
  balances: BalancesByCurrency,
  pairwiseDebtsByCurrency: Record<string, readonly Transfer[]>,
  names?: Record<string, string>,
): SettlementSuggestion[] {
  const nets = Object.fromEntries(
    Object.entries(balances).map(([currency, byMember]) => [currency, netBalances(byMember)]),
  );
  return Object.keys(balances)
    .sort()
    .flatMap((currency) =>
      suggestSettlements({
        currency,
        balances: nets[currency] ?? {},
        pairwiseDebts: pairwiseDebtsByCurrency[currency] ?? [],
        names,
        owesElsewhere: owedInOtherCurrencies(nets, currency),
      }),
    );
}
