// The rule messages the domain builds from a value ("Amounts in JPY must be whole numbers"). The domain writes
// them in English (money.ts, splits.ts, and a form reading a split's texts); a UI in another language reads
// one back into its id and values with valueMessageOf, beside the builder so the two cannot drift apart.

/** What a split value is, as its messages name it. */
export type ValueKind = 'percentage' | 'share' | 'amount' | 'adjustment';

export type ValueMessage =
  | { id: 'amountDecimals'; values: { count: number } }
  | { id: 'amountWhole'; values: { currency: string } }
  | { id: 'unknownCurrency'; values: { currency: string } }
  | { id: 'valueNotNumber' | 'valueNegative' | 'valueNotParticipating'; values: { what: ValueKind } };

const WHAT: Record<ValueKind, string> = {
  percentage: 'A percentage',
  share: 'A share',
  amount: 'An amount',
  adjustment: 'An adjustment',
};

const PROBLEM = {
  valueNotNumber: 'must be a number',
  valueNegative: 'cannot be negative',
  valueNotParticipating: 'was given for someone who is not participating',
} as const;

/** The message in English, as the domain's rules return it. */
export function valueMessageWords(message: ValueMessage): string {
  switch (message.id) {
    case 'amountDecimals':
      return `Amount can have at most ${message.values.count} decimal places`;
    case 'amountWhole':
      return `Amounts in ${message.values.currency} must be whole numbers`;
    case 'unknownCurrency':
      return `Unknown currency ${message.values.currency}`;
    default:
      return `${WHAT[message.values.what]} ${PROBLEM[message.id]}`;
  }
}

const KINDS = Object.keys(WHAT) as ValueKind[];
const PROBLEM_IDS = Object.keys(PROBLEM) as (keyof typeof PROBLEM)[];

/** The id and values of a message valueMessageWords wrote; null for any other text. */
export function valueMessageOf(english: string): ValueMessage | null {
  let match = /^Amount can have at most (\d+) decimal places$/.exec(english);
  if (match) return { id: 'amountDecimals', values: { count: Number(match[1]) } };
  match = /^Amounts in (\S+) must be whole numbers$/.exec(english);
  if (match) return { id: 'amountWhole', values: { currency: match[1] ?? '' } };
  match = /^Unknown currency (\S+)$/.exec(english);
  if (match) return { id: 'unknownCurrency', values: { currency: match[1] ?? '' } };
  for (const what of KINDS) {
    for (const id of PROBLEM_IDS) {
      if (english === `${WHAT[what]} ${PROBLEM[id]}`) return { id, values: { what } };
    }
  }
  return null;
}
