import {
  allocate,
  formatScaled,
  principalPayer,
  SPLIT_TYPES,
  type SplitType,
  toDecimal,
} from '@kitty/domain';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { scopeBalances } from '../../src/ledger/ledger';
import type { TestContext } from '../support/context';
import { deleteExpense, postExpense, putExpense } from '../support/expenses';
import { createGroup, type Person } from '../support/groups';
import { registerUser } from '../support/users';
import { expectLedgerMatchesRecompute } from './financial-support';

const CURRENCIES = ['EUR', 'USD', 'JPY'] as const;

/** The parts of a random expense body; the suite turns them into a request (valid or not). */
const bodyArb = fc.record({
  payer: fc.nat(3),
  participants: fc.integer({ min: 1, max: 15 }),
  currency: fc.constantFrom(...CURRENCIES),
  amount: fc.integer({ min: 1, max: 500_000 }),
  type: fc.constantFrom(...SPLIT_TYPES),
  weights: fc.array(fc.nat(4), { minLength: 4, maxLength: 4 }),
  // Others who pay a part besides `payer` (a bit per person; 0: `payer` alone, without a `payers` list),
  // how the amount is shared between the payers, and sometimes a list that does not add up.
  alsoPaid: fc.nat(15),
  payWeights: fc.array(fc.nat(3), { minLength: 4, maxLength: 4 }),
  payShort: fc.boolean(),
});
type BodyParts = typeof bodyArb extends fc.Arbitrary<infer T> ? T : never;

const opArb = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), body: bodyArb }),
  fc.record({ kind: fc.constant('update' as const), target: fc.nat(), stale: fc.boolean(), body: bodyArb }),
  fc.record({
    kind: fc.constant('delete' as const),
    target: fc.nat(),
    asPayer: fc.boolean(),
    who: fc.nat(),
  }),
);

/** Split details for the type from small weights: sometimes they do not add up, and the server must say so. */
function detailsOf(parts: BodyParts, participants: string[]): Record<string, Record<string, number>> {
  const { type, weights, amount, currency } = parts;
  const w = participants.map((_, i) => weights[i] as number);
  const keyed = (values: number[]) =>
    Object.fromEntries(participants.map((id, i) => [id, values[i] as number]));
  const details: Record<SplitType, () => Record<string, Record<string, number>>> = {
    equal: () => ({}),
    shares: () => ({ shares: keyed(w) }),
    percentage: () => ({
      percentages: keyed(
        allocate(
          10_000,
          w.map((x) => x + 1),
        ).map((bp) => Number(formatScaled(BigInt(bp), 2))),
      ),
    }),
    exact: () => ({
      amounts: keyed(
        allocate(
          amount,
          w.map((x) => x + 1),
        ).map((m) => toDecimal(m, currency)),
      ),
    }),
    adjustment: () => ({ adjustments: keyed(w.map((x) => toDecimal((x - 2) * 150, currency))) }),
  };
  return details[type]();
}

export function ledgerSuite(ctx: TestContext): void {
  describe('ledger: running balances through the expenses API', () => {
    let people: Person[];

    beforeAll(async () => {
      people = [];
      for (let i = 0; i < 4; i++) people.push(await registerUser(ctx.app));
    });

    /** Who pays in a body (indexes into people), `payer` first. */
    function payersOf(parts: BodyParts): number[] {
      const others = [0, 1, 2, 3].filter((i) => i !== parts.payer && parts.alsoPaid & (1 << i));
      return [parts.payer, ...others];
    }

    function body(parts: BodyParts) {
      const ids = people.map((p) => p.user.id);
      const participants = ids.filter((_, i) => parts.participants & (1 << i));
      const paying = payersOf(parts);
      let paidBy = ids[parts.payer] as string;
      let payers: { user_id: string; amount: string | number }[] | undefined;
      if (paying.length > 1) {
        // Each pays a part in proportion to their weight (at least one unit each when the amount allows);
        // `payShort` takes a unit off the first, so the list no longer pays the total (a 400).
        const amounts = allocate(
          parts.amount,
          paying.map((i) => (parts.payWeights[i] as number) + 1),
        );
        if (parts.payShort) amounts[0] = (amounts[0] as number) - 1;
        const list = paying.map((i, k) => ({ user_id: ids[i] as string, amount: amounts[k] as number }));
        if (list.every((p) => p.amount > 0)) paidBy = principalPayer(list);
        payers = list.map((p) => ({ user_id: p.user_id, amount: toDecimal(p.amount, parts.currency) }));
      }
      return {
        ...(payers ? { payers } : {}),
        description: 'Random',
        amount: toDecimal(parts.amount, parts.currency),
        currency: parts.currency,
        category: 'other',
        split_type: parts.type,
        paid_by: paidBy,
        participants,
        split_with: participants.filter((id) => id !== paidBy),
        split_details: detailsOf(parts, participants),
      };
    }

    // Balances, pairwise debts, statistics and expense counts: each equals a recomputation from the rows.
    async function expectInvariant(groupId: string) {
      await expectLedgerMatchesRecompute(ctx.db, groupId);
      const sums = new Map<string, number>();
      for (const row of await scopeBalances(ctx.db, groupId)) {
        sums.set(row.currency, (sums.get(row.currency) ?? 0) + row.net_minor);
      }
      for (const [currency, sum] of sums) expect(sum, currency).toBe(0);
    }

    it('after any sequence of creates, updates and deletes, by one payer or several, member_balances equals a full recomputation and nets sum to zero', async () => {
      // How many writes of several payers went through: the random bodies must reach that path too.
      let severalPaid = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), async (ops) => {
          const [owner, ...others] = people as [Person, ...Person[]];
          const group = await createGroup(ctx.app, owner, {
            members: others.map((p) => ({ email: p.email })),
          });
          // Each live expense with everyone who paid some of it (indexes into people).
          const live: { id: string; payers: number[]; version: number }[] = [];
          for (const op of ops) {
            if (op.kind === 'create') {
              const as = people[op.body.payer] as Person;
              const response = await postExpense(ctx.app, as, { ...body(op.body), group_id: group.id });
              expect([201, 400], response.body).toContain(response.statusCode);
              if (response.statusCode === 201) {
                live.push({ id: response.json().id, payers: payersOf(op.body), version: 1 });
                if (response.json().payers.length > 1) severalPaid++;
              }
            } else if (live.length > 0) {
              const index = op.target % live.length;
              const target = live[index] as (typeof live)[number];
              if (op.kind === 'update') {
                const version = op.stale ? target.version + 1 : target.version;
                const response = await putExpense(ctx.app, people[target.payers[0]!] as Person, target.id, {
                  ...body(op.body),
                  version,
                });
                expect([200, 400, 409], response.body).toContain(response.statusCode);
                if (response.statusCode === 200) {
                  const { version: next } = response.json();
                  live[index] = { id: target.id, payers: payersOf(op.body), version: next };
                  if (response.json().payers.length > 1) severalPaid++;
                }
              } else {
                // Any of its payers may delete it; anyone else in the group may not.
                const others = [0, 1, 2, 3].filter((i) => !target.payers.includes(i));
                const pool = op.asPayer || others.length === 0 ? target.payers : others;
                const by = pool[op.who % pool.length] as number;
                const response = await deleteExpense(ctx.app, people[by] as Person, target.id);
                const allowed = target.payers.includes(by);
                expect(response.statusCode, response.body).toBe(allowed ? 200 : 403);
                if (allowed) live.splice(index, 1);
              }
            }
            await expectInvariant(group.id);
          }
        }),
        { numRuns: 15 },
      );
      expect(severalPaid).toBeGreaterThan(0);
    });
  });
}
