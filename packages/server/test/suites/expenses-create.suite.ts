import { parseMoneyOrThrow, splitExpense, toDecimal } from '@kitty/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import {
  createExpense,
  expectLedgerMatchesRecompute,
  expenseBody,
  moneyState,
  postExpense,
} from '../support/expenses';
import { groupOf, type Person } from '../support/groups';
import { registerUser } from '../support/users';

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

export function expensesCreateSuite(ctx: TestContext): void {
  describe('expenses: POST /api/expenses', () => {
    let people: Person[];
    let ids: string[];
    let groupId: string;
    let a: Person;

    beforeAll(async () => {
      const made = await groupOf(ctx.app, 3);
      people = made.people;
      ids = made.ids;
      groupId = made.group.id;
      a = people[0] as Person;
    });

    // The shares each split type must produce: exactly what the domain computes, in decimals.
    const cases = () => {
      const [x, y, z] = ids as [string, string, string];
      return [
        { split_type: 'equal', amount: 95, split_details: {}, details: {} },
        {
          split_type: 'percentage',
          amount: 100.01,
          split_details: { percentages: { [x]: 50, [y]: 33.33, [z]: 16.67 } },
          details: { percentages: { [x]: 50, [y]: 33.33, [z]: 16.67 } },
        },
        {
          split_type: 'shares',
          amount: 10,
          split_details: { shares: { [x]: 1, [y]: 2, [z]: 3 } },
          details: { shares: { [x]: 1, [y]: 2, [z]: 3 } },
        },
        {
          split_type: 'exact',
          amount: 30,
          split_details: { amounts: { [x]: 10, [y]: 15.5, [z]: 4.5 } },
          details: { amounts: { [x]: 1000, [y]: 1550, [z]: 450 } },
        },
        {
          split_type: 'adjustment',
          amount: 30,
          split_details: { adjustments: { [x]: 3, [y]: -1.5 } },
          details: { adjustments: { [x]: 300, [y]: -150 } },
        },
      ] as const;
    };

    it('each of the five split types stores exactly the shares the domain computes, summing to the amount', async () => {
      for (const c of cases()) {
        const body = expenseBody(a.user.id, ids.slice(1), {
          group_id: groupId,
          amount: c.amount,
          split_type: c.split_type,
          split_details: c.split_details,
        });
        const expense = await createExpense(ctx.app, a, body);
        const amountMinor = parseMoneyOrThrow(c.amount, 'EUR');
        const expected = splitExpense({
          amount: amountMinor,
          participants: ids,
          split_type: c.split_type,
          details: c.details,
        });
        expect(expense.split_type).toBe(c.split_type);
        expect(expense.participants).toEqual(ids);
        expect(expense.amount).toBe(c.amount);
        expect(
          Object.fromEntries(
            expense.ExpenseSplits.map((s: { user_id: string; amount: number }) => [s.user_id, s.amount]),
          ),
        ).toEqual(Object.fromEntries(ids.map((id) => [id, toDecimal(expected[id] as number, 'EUR')])));
        const { rows } = await ctx.db.query<{ total: number }>(
          'SELECT sum(amount_minor)::bigint AS total FROM expense_splits WHERE expense_id = $1',
          [expense.id],
        );
        expect(rows[0]?.total).toBe(amountMinor);
        expect(expense.split_details).toEqual(c.split_details);
      }
      await expectLedgerMatchesRecompute(ctx.db, groupId);
    });

    it('95.00 split equally three ways is 31.67, 31.67 and 31.66', async () => {
      const expense = await createExpense(
        ctx.app,
        a,
        expenseBody(a.user.id, ids.slice(1), { group_id: groupId, amount: 95 }),
      );
      expect(sorted(expense.ExpenseSplits.map((s: { amount: number }) => s.amount))).toEqual([
        31.66, 31.67, 31.67,
      ]);
    });

    it('percentage and shares splits show each person their percentage or shares', async () => {
      const [x, y, z] = ids as [string, string, string];
      const pct = await createExpense(
        ctx.app,
        a,
        expenseBody(x, [y, z], {
          group_id: groupId,
          split_type: 'percentage',
          split_details: { percentages: { [x]: 50, [y]: 25, [z]: 25 } },
        }),
      );
      expect(pct.ExpenseSplits.map((s: { percentage: number | null }) => s.percentage)).toEqual([50, 25, 25]);
      expect(pct.ExpenseSplits.every((s: { shares: unknown }) => s.shares === null)).toBe(true);
      const shares = await createExpense(
        ctx.app,
        a,
        expenseBody(x, [y, z], {
          split_type: 'shares',
          split_details: { shares: { [x]: 2, [y]: 1, [z]: 0 } },
        }),
      );
      expect(shares.ExpenseSplits.map((s: { shares: number | null }) => s.shares)).toEqual([2, 1, 0]);
      expect(shares.ExpenseSplits.map((s: { amount: number }) => s.amount)).toEqual([20, 10, 0]);
    });

    it('a share sent by the client never counts: the server computes every share', async () => {
      const [x, y] = ids as [string, string];
      const body = {
        ...expenseBody(x, [y], { group_id: groupId, amount: 10 }),
        // An equal split reads no map; these figures and the invented splits are ignored.
        split_details: { amounts: { [x]: 0, [y]: 10 } },
        ExpenseSplits: [
          { user_id: x, amount: 0 },
          { user_id: y, amount: 10 },
        ],
      };
      const expense = await createExpense(ctx.app, a, body);
      expect(expense.ExpenseSplits.map((s: { amount: number }) => s.amount)).toEqual([5, 5]);
      expect(expense.split_details).toEqual({});
    });

    it('the payer need not share the expense: paying for others', async () => {
      const [x, y, z] = ids as [string, string, string];
      const expense = await createExpense(
        ctx.app,
        a,
        expenseBody(x, [], { group_id: groupId, participants: [y, z], amount: 20 }),
      );
      expect(expense.paid_by).toBe(x);
      expect(expense.participants).toEqual([y, z]);
      expect(expense.payer).toEqual({ id: x, display_name: a.user.display_name, email: a.email });
      await expectLedgerMatchesRecompute(ctx.db, groupId);
    });

    it('JPY amounts are whole yen: 1200 stays 1200', async () => {
      const expense = await createExpense(
        ctx.app,
        a,
        expenseBody(a.user.id, [], { amount: 1200, currency: 'JPY' }),
      );
      expect(expense.amount).toBe(1200);
      expect(expense.ExpenseSplits[0].amount).toBe(1200);
    });

    it('any past date and a date up to a year ahead are kept, with notes of up to 1,000 characters', async () => {
      const yearAhead = new Date();
      yearAhead.setUTCFullYear(yearAhead.getUTCFullYear() + 1);
      yearAhead.setUTCMinutes(yearAhead.getUTCMinutes() - 1);
      const notes = `Receipt, table 4\n${'é'.repeat(983)}`;
      for (const date of ['1900-01-01T00:00:00.000Z', '1987-05-04T12:00:00.000Z', yearAhead.toISOString()]) {
        const expense = await createExpense(
          ctx.app,
          a,
          expenseBody(a.user.id, [], { date, notes: date.startsWith('1987') ? notes : undefined }),
        );
        expect(expense.date).toBe(date);
      }
      const long = await createExpense(ctx.app, a, expenseBody(a.user.id, [], { notes }));
      expect([...long.notes]).toHaveLength(1000);
      expect(long.notes).toBe(notes);
    });

    describe('bad input is a 400 naming the field, and nothing is written', () => {
      const refused = async (as: () => Person, body: () => object, field: string, message?: string) => {
        const before = await moneyState(ctx.db);
        const response = await postExpense(ctx.app, as(), body());
        expect(response.statusCode, response.body).toBe(400);
        const error = expectContract(response, 'createExpense');
        const entry = error.errors.find((e: { field: string }) => e.field === field);
        expect(entry, JSON.stringify(error)).toBeDefined();
        if (message) expect(entry.message).toBe(message);
        expect(await moneyState(ctx.db)).toEqual(before);
      };
      const mine = (overrides: Record<string, unknown>) => () =>
        expenseBody(a.user.id, ids.slice(1), { group_id: groupId, ...overrides });
      const me = () => a;

      it('more decimals than the currency allows', async () => {
        await refused(me, mine({ amount: 10.005 }), 'amount', 'Amount can have at most 2 decimal places');
        await refused(
          me,
          mine({ amount: 12.5, currency: 'JPY' }),
          'amount',
          'Amounts in JPY must be whole numbers',
        );
      });
      it('an amount that is not above zero', async () => {
        await refused(me, mine({ amount: 0 }), 'amount');
        await refused(me, mine({ amount: -5 }), 'amount');
      });
      it('an unknown currency', async () => {
        await refused(me, mine({ currency: 'XYZ' }), 'currency', 'Unknown currency XYZ');
      });
      it('an unknown category', async () => {
        await refused(me, mine({ category: 'caviar' }), 'category');
      });
      it('a blank description', async () => {
        await refused(me, mine({ description: '   ' }), 'description');
      });
      it('split details that do not add up', async () => {
        const [x, y, z] = ids as [string, string, string];
        await refused(
          me,
          mine({ split_type: 'percentage', split_details: { percentages: { [x]: 50, [y]: 30, [z]: 10 } } }),
          'split_details.percentages',
          'Percentages must add up to 100%',
        );
        await refused(
          me,
          mine({ split_type: 'exact', split_details: { amounts: { [x]: 10, [y]: 10, [z]: 5 } } }),
          'split_details.amounts',
          'The amounts must add up to the total',
        );
        await refused(
          me,
          mine({ split_type: 'exact', split_details: { amounts: { [x]: 10.001, [y]: 10, [z]: 10 } } }),
          'split_details.amounts',
          'Amount can have at most 2 decimal places',
        );
        await refused(
          me,
          mine({ split_type: 'shares', split_details: { shares: { [x]: 0 } } }),
          'split_details.shares',
          'At least one participant must have shares',
        );
        await refused(
          me,
          mine({ split_type: 'adjustment', split_details: { adjustments: { [x]: -20 } } }),
          'split_details.adjustments',
          'Adjustments cannot make a share negative',
        );
      });
      it('a detail for someone who is not participating', async () => {
        const [x, y] = ids as [string, string];
        await refused(
          me,
          () =>
            expenseBody(x, [], {
              group_id: groupId,
              split_type: 'shares',
              split_details: { shares: { [x]: 1, [y]: 1 } },
            }),
          'split_details.shares',
          'A share was given for someone who is not participating',
        );
      });
      it('a date more than a year ahead or before 1900, notes over 1,000 characters', async () => {
        const later = (days: number) => {
          const date = new Date();
          date.setUTCFullYear(date.getUTCFullYear() + 1);
          date.setUTCDate(date.getUTCDate() + days);
          return date.toISOString();
        };
        const tooLate = 'The date cannot be more than a year from today';
        await refused(me, mine({ date: later(1) }), 'date', tooLate);
        await refused(me, mine({ date: '9999-12-31T00:00:00Z' }), 'date', tooLate);
        await refused(me, mine({ date: '1899-12-31T23:00:00Z' }), 'date', 'The date cannot be before 1900');
        await refused(
          me,
          mine({ notes: 'x'.repeat(1001) }),
          'notes',
          'notes must be at most 1000 characters',
        );
      });
      it('split_with that does not match the participants', async () => {
        await refused(me, mine({ split_with: [] }), 'split_with');
      });
      it('an unknown person', async () => {
        await refused(me, mine({ participants: [a.user.id, crypto.randomUUID()] }), 'participants');
        await refused(me, mine({ paid_by: crypto.randomUUID(), participants: [a.user.id] }), 'paid_by');
      });
      it('a participant or payer who is not a member of the group', async () => {
        const outsider = await registerUser(ctx.app);
        const message = 'Everyone in the expense must be a member of the group.';
        await refused(
          me,
          () => expenseBody(a.user.id, [outsider.user.id], { group_id: groupId }),
          'participants',
          message,
        );
        await refused(
          me,
          () => expenseBody(outsider.user.id, [a.user.id], { group_id: groupId }),
          'paid_by',
          message,
        );
      });
      it('outside a group, an expense the caller neither pays nor shares', async () => {
        const [, y, z] = ids as [string, string, string];
        await refused(
          me,
          () => expenseBody(y, [z]),
          'participants',
          'You must be the payer or one of the participants.',
        );
      });
    });

    it('a group the caller is not a member of answers 404, exactly like an unknown group', async () => {
      const stranger = await registerUser(ctx.app);
      const before = await moneyState(ctx.db);
      for (const group_id of [groupId, crypto.randomUUID(), 'not-an-id']) {
        const response = await postExpense(
          ctx.app,
          stranger,
          expenseBody(stranger.user.id, [], { group_id }),
        );
        expect(response.statusCode).toBe(404);
        expect(expectContract(response, 'createExpense')).toEqual({
          code: 'NOT_FOUND',
          message: 'Not found',
        });
      }
      expect(await moneyState(ctx.db)).toEqual(before);
    });
  });
}
