// fast-check generators shared by the domain tests. Test-only: not exported from the package index.
import fc from 'fast-check';
import { allocate } from '../allocate';
import { formatScaled } from '../money';
import type { BalanceExpense, BalanceSettlement } from '../balances';
import { principalPayer } from '../payers';
import { SPLIT_TYPES, type SplitInput, type SplitType, splitExpense } from '../splits';

/** A positive amount in minor units: mostly everyday sizes, sometimes near the safe-integer limit. */
export const positiveMinorArb = (max = Number.MAX_SAFE_INTEGER): fc.Arbitrary<number> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 1, max: Math.min(max, 1_000_000) }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max }) },
  );

/** Any safe integer amount in minor units, either sign (never -0). */
export const minorArb = (): fc.Arbitrary<number> =>
  fc
    .oneof(
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
    )
    .map((m) => m + 0);

/** Short ids from a small alphabet so that ties and code-unit ordering get exercised. */
export const idArb = (): fc.Arbitrary<string> =>
  fc.string({
    unit: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'A', 'Z', '1', '-'),
    minLength: 1,
    maxLength: 3,
  });

export const participantsArb = (minLength = 1, maxLength = 8): fc.Arbitrary<string[]> =>
  fc.uniqueArray(idArb(), { minLength, maxLength });

/** Non-negative integer weights with at least one positive. */
const weightsArb = (length: number, max = 20): fc.Arbitrary<number[]> =>
  fc
    .array(fc.integer({ min: 0, max }), { minLength: length, maxLength: length })
    .filter((ws) => ws.some((w) => w > 0));

const byParticipant = (participants: string[], values: number[]): Record<string, number> =>
  Object.fromEntries(participants.map((p, i) => [p, values[i]!]));

export interface SplitCase {
  input: SplitInput;
  expected?: Record<string, number>;
}

/**
 * A valid split input of the given type, with the shares it must produce when that is known
 * independently of the code under test (exact and adjustment inputs are built from chosen shares).
 */
export const splitInputArb = (
  type: SplitType,
  amountArb: fc.Arbitrary<number> = positiveMinorArb(),
  peopleArb: fc.Arbitrary<string[]> = participantsArb(),
): fc.Arbitrary<SplitCase> =>
  fc.tuple(amountArb, peopleArb).chain(([amount, participants]): fc.Arbitrary<SplitCase> => {
    const n = participants.length;
    const base = { amount, participants };
    switch (type) {
      case 'equal':
        return fc.constant({ input: { ...base, split_type: type } });
      case 'percentage':
        return weightsArb(n).map((ws) => {
          const bp = allocate(10000, ws);
          const pct = bp.map((b) => Number(formatScaled(BigInt(b), 2)));
          return {
            input: { ...base, split_type: type, details: { percentages: byParticipant(participants, pct) } },
          };
        });
      case 'shares':
        return weightsArb(n, 10).map((ws) => ({
          input: { ...base, split_type: type, details: { shares: byParticipant(participants, ws) } },
        }));
      case 'exact':
        return weightsArb(n).map((ws) => {
          const amounts = byParticipant(participants, allocate(amount, ws));
          return { input: { ...base, split_type: type, details: { amounts } }, expected: amounts };
        });
      case 'adjustment':
        // Chosen final shares f and an equal base e of some total B: adjustments f - e (either sign).
        return fc
          .tuple(weightsArb(n), fc.integer({ min: 0, max: Math.min(2 * amount, Number.MAX_SAFE_INTEGER) }))
          .map(([ws, baseTotal]) => {
            const finals = allocate(amount, ws);
            const equalBase = allocate(
              baseTotal,
              participants.map(() => 1),
              participants,
            );
            const adjustments = byParticipant(
              participants,
              finals.map((f, i) => f - equalBase[i]!),
            );
            return {
              input: { ...base, split_type: type, details: { adjustments } },
              expected: byParticipant(participants, finals),
            };
          });
    }
  });

/**
 * Balances of one currency that sum to zero, keyed by distinct ids. Values come from a small range
 * half of the time, so that zero-sum subgroups (and ties) are common.
 */
export const zeroSumBalancesArb = (maxPeople = 7, maxAbs = 10_000): fc.Arbitrary<Record<string, number>> =>
  fc
    .tuple(
      participantsArb(2, maxPeople),
      fc.oneof(fc.integer({ min: -6, max: 6 }), fc.integer({ min: -maxAbs, max: maxAbs })),
      fc.array(fc.oneof(fc.integer({ min: -6, max: 6 }), fc.integer({ min: -maxAbs, max: maxAbs })), {
        minLength: maxPeople,
        maxLength: maxPeople,
      }),
    )
    .map(([ids, , values]) => {
      const head = ids.slice(0, -1).map((id, i) => [id, values[i]! + 0] as const);
      const rest = -head.reduce((sum, [, v]) => sum + v, 0);
      return Object.fromEntries([...head, [ids[ids.length - 1]!, rest + 0]]);
    });

/**
 * Who paid `amount`: half the time one person (`paid_by` alone, as the spec's expenses), otherwise one to
 * all of `people` with positive payments that add up to it (`payers`, with `paid_by` its principal payer).
 */
export const paymentsArb = (
  amount: number,
  people: readonly string[],
): fc.Arbitrary<{ paid_by: string; payers?: Record<string, number> }> =>
  fc.oneof(
    fc.constantFrom(...people).map((paid_by) => ({ paid_by })),
    fc
      .shuffledSubarray([...people], {
        minLength: 1,
        maxLength: Math.max(1, Math.min(people.length, amount)),
      })
      .chain((payers) =>
        (payers.length === 1
          ? fc.constant([] as number[])
          : fc.uniqueArray(fc.integer({ min: 1, max: amount - 1 }), {
              minLength: payers.length - 1,
              maxLength: payers.length - 1,
            })
        ).map((cuts) => {
          const bounds = [0, ...cuts.sort((a, b) => a - b), amount];
          const record = Object.fromEntries(payers.map((id, i) => [id, bounds[i + 1]! - bounds[i]!]));
          return { paid_by: principalPayer(record), payers: record };
        }),
      ),
  );

export interface History {
  members: string[];
  currencies: string[];
  expenses: BalanceExpense[];
  settlements: BalanceSettlement[];
}

/**
 * A group's history: members, expenses in several currencies split every way (shares from splitExpense),
 * and settlements between members. Amounts stay everyday-sized so that sums remain safe integers.
 */
export const historyArb = (maxMembers = 6): fc.Arbitrary<History> =>
  fc
    .tuple(participantsArb(2, maxMembers), fc.subarray(['EUR', 'USD', 'JPY', 'CZK'], { minLength: 1 }))
    .chain(([members, currencies]) => {
      const expenseArb = fc
        .record({
          currency: fc.constantFrom(...currencies),
          type: fc.constantFrom(...SPLIT_TYPES),
        })
        .chain(({ currency, type }) =>
          splitInputArb(
            type,
            fc.integer({ min: 1, max: 10_000_000 }),
            fc.subarray(members, { minLength: 1 }),
          ).chain(({ input }) =>
            paymentsArb(input.amount, members).map((payers) => ({
              ...payers,
              currency,
              amount: input.amount,
              shares: splitExpense(input),
            })),
          ),
        );
      const settlementArb = fc
        .tuple(
          fc.shuffledSubarray(members, { minLength: 2, maxLength: 2 }),
          fc.constantFrom(...currencies),
          fc.integer({ min: 1, max: 10_000_000 }),
        )
        .map(([[from, to], currency, amount]) => ({ from: from!, to: to!, currency, amount }));
      return fc.record({
        members: fc.constant(members),
        currencies: fc.constant(currencies),
        expenses: fc
          .array(expenseArb, { maxLength: 15 })
          .map((es) => es.map((e, i) => ({ id: `e${i}`, ...e }))),
        settlements: fc.array(settlementArb, { maxLength: 8 }),
      });
    });
