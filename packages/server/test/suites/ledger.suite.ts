import { allocate, formatScaled, SPLIT_TYPES, type SplitType, toDecimal } from '@kitty/domain';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { scopeBalances } from '../../src/ledger/ledger';
import type { TestContext } from '../support/context';
import { deleteExpense, expectLedgerMatchesRecompute, postExpense, putExpense } from '../support/expenses';
import { createGroup, type Person } from '../support/groups';
import { registerUser } from '../support/users';

const CURRENCIES = ['EUR', 'USD', 'JPY'] as const;

/** The parts of a random expense body; the suite turns them into a request (valid or not). */
const bodyArb = fc.record({
  payer: fc.nat(3),
  participants: fc.integer({ min: 1, max: 15 }),
  currency: fc.constantFrom(...CURRENCIES),
  amount: fc.integer({ min: 1, max: 500_000 }),
  type: fc.constantFrom(...SPLIT_TYPES),
  weights: fc.array(fc.nat(4), { minLength: 4, maxLength: 4 }),
});
type BodyParts = typeof bodyArb extends fc.Arbitrary<infer T> ? T : never;

const opArb = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), body: bodyArb }),
  fc.record({ kind: fc.constant('update' as const), target: fc.nat(), stale: fc.boolean(), body: bodyArb }),
  fc.record({ kind: fc.constant('delete' as const), target: fc.nat(), asPayer: fc.boolean() }),
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

    function body(parts: BodyParts) {
      const ids = people.map((p) => p.user.id);
      const participants = ids.filter((_, i) => parts.participants & (1 << i));
      const paidBy = ids[parts.payer] as string;
      return {
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

    async function expectInvariant(groupId: string) {
      await expectLedgerMatchesRecompute(ctx.db, groupId);
      const sums = new Map<string, number>();
      for (const row of await scopeBalances(ctx.db, groupId)) {
        sums.set(row.currency, (sums.get(row.currency) ?? 0) + row.net_minor);
      }
      for (const [currency, sum] of sums) expect(sum, currency).toBe(0);
    }

    it('after any sequence of creates, updates and deletes, member_balances equals a full recomputation and nets sum to zero', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), async (ops) => {
          const [owner, ...others] = people as [Person, ...Person[]];
          const group = await createGroup(ctx.app, owner, {
            members: others.map((p) => ({ email: p.email })),
          });
          const live: { id: string; payer: number; version: number }[] = [];
          for (const op of ops) {
            if (op.kind === 'create') {
              const as = people[op.body.payer] as Person;
              const response = await postExpense(ctx.app, as, { ...body(op.body), group_id: group.id });
              expect([201, 400], response.body).toContain(response.statusCode);
              if (response.statusCode === 201)
                live.push({ id: response.json().id, payer: op.body.payer, version: 1 });
            } else if (live.length > 0) {
              const index = op.target % live.length;
              const target = live[index] as (typeof live)[number];
              if (op.kind === 'update') {
                const version = op.stale ? target.version + 1 : target.version;
                const response = await putExpense(ctx.app, people[target.payer] as Person, target.id, {
                  ...body(op.body),
                  version,
                });
                expect([200, 400, 409], response.body).toContain(response.statusCode);
                if (response.statusCode === 200) {
                  live[index] = { id: target.id, payer: op.body.payer, version: response.json().version };
                }
              } else {
                const as = people[op.asPayer ? target.payer : (target.payer + 1) % people.length] as Person;
                const response = await deleteExpense(ctx.app, as, target.id);
                expect(response.statusCode, response.body).toBe(op.asPayer ? 200 : 403);
                if (op.asPayer) live.splice(index, 1);
              }
            }
            await expectInvariant(group.id);
          }
        }),
        { numRuns: 15 },
      );
    });
  });
}
