import { CSV_HEADER, groupCsv } from '@kitty/domain';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { groupOf, recordExpense, recordSettlement } from '../support/groups';
import { bearer } from '../support/users';

export function groupsDetailSuite(ctx: TestContext): void {
  const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

  describe('groups: GET /api/groups/{id}', () => {
    it("shows members, every member's balance in the group currency and the caller's other currencies", async () => {
      const { group, owner, people, ids } = await groupOf(ctx.app, 4, { currency: 'CZK' });
      const [a, b, c, d] = ids as [string, string, string, string];
      await recordExpense(ctx.app, {
        groupId: group.id,
        paidBy: b,
        currency: 'CZK',
        shares: { [a]: 3334, [b]: 3333, [c]: 3333 },
      });
      await recordExpense(ctx.app, {
        groupId: group.id,
        paidBy: a,
        currency: 'EUR',
        shares: { [a]: 250, [c]: 250 },
      });

      const response = await get(owner.token, `/api/groups/${group.id}`);
      expect(response.statusCode).toBe(200);
      const detail = expectContract(response, 'getGroup');
      expect(detail).toMatchObject({
        id: group.id,
        created_by: a,
        currency: 'CZK',
        memberCount: 4,
        balance: -33.34,
        balances: [{ currency: 'EUR', amount: 2.5 }],
        default_split_type: 'equal',
        version: 1,
        expensesNextCursor: null,
      });
      expect(detail.Members.map((m: { id: string }) => m.id)).toEqual(ids);
      // Every member present, the one without any expense at 0; the EUR expense is not converted into it.
      expect(detail.memberBalances).toEqual({ [a]: -33.34, [b]: 66.67, [c]: -33.33, [d]: 0 });

      const asD = await get((people[3] as { token: string }).token, `/api/groups/${group.id}`);
      expect(expectContract(asD, 'getGroup')).toMatchObject({ balance: 0, balances: [] });
    });
  });

  describe('groups: GET /api/groups/{id} expenses', () => {
    it('holds the first 20 expenses newest first and a cursor that continues in GET /expenses/group/{id}', async () => {
      const { group, owner, ids } = await groupOf(ctx.app, 2);
      const [a, b] = ids as [string, string];
      for (let day = 1; day <= 21; day++) {
        await recordExpense(ctx.app, {
          groupId: group.id,
          paidBy: a,
          currency: 'USD',
          description: `Day ${day}`,
          shares: { [a]: 100, [b]: 100 },
          date: `2026-01-${String(day).padStart(2, '0')}T12:00:00.000Z`,
        });
      }
      const detail = expectContract(await get(owner.token, `/api/groups/${group.id}`), 'getGroup');
      expect(detail.expenses).toHaveLength(20);
      expect(detail.expenses[0]).toMatchObject({ description: 'Day 21', group_id: group.id, amount: 2 });
      expect(detail.expenses[19].description).toBe('Day 2');
      expect(detail.expensesNextCursor).toEqual(expect.any(String));
      expect(detail.memberBalances).toEqual({ [a]: 21, [b]: -21 });

      const rest = await get(
        owner.token,
        `/api/expenses/group/${group.id}?cursor=${encodeURIComponent(detail.expensesNextCursor)}`,
      );
      expect(rest.statusCode).toBe(200);
      const page = expectContract(rest, 'listGroupExpenses');
      expect(page.expenses.map((e: { description: string }) => e.description)).toEqual(['Day 1']);
      expect(page.nextCursor).toBeNull();
    });
  });

  describe('groups: GET /api/groups/{groupId}/export', () => {
    it('exports every expense and settlement newest first, and the domain turns it into the CSV', async () => {
      const { group, owner, ids } = await groupOf(ctx.app, 3, { name: 'Trip, "2026"', currency: 'EUR' });
      const [a, b, c] = ids as [string, string, string];
      await recordExpense(ctx.app, {
        groupId: group.id,
        paidBy: a,
        currency: 'EUR',
        description: 'Hotel',
        splitType: 'percentage',
        shares: { [a]: 5000, [b]: 3000, [c]: 2000 },
        percentages: { [a]: 50, [b]: 30, [c]: 20 },
        date: '2026-03-01T10:00:00.000Z',
      });
      await recordExpense(ctx.app, {
        groupId: group.id,
        paidBy: b,
        currency: 'JPY',
        description: '=Sushi',
        splitType: 'shares',
        shares: { [a]: 1000, [b]: 2000 },
        shareCounts: { [a]: 1, [b]: 2 },
        date: '2026-03-02T10:00:00.000Z',
      });
      await recordSettlement(ctx.app, {
        groupId: group.id,
        from: c,
        to: a,
        currency: 'EUR',
        amountMinor: 2000,
        description: 'Cash',
      });

      const response = await get(owner.token, `/api/groups/${group.id}/export`);
      expect(response.statusCode).toBe(200);
      const data = expectContract(response, 'exportGroup');
      expect(data.group).toEqual({ id: group.id, name: 'Trip, "2026"', currency: 'EUR' });
      expect(new Date(data.exportDate).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(data.expenses.map((e: { description: string }) => e.description)).toEqual(['=Sushi', 'Hotel']);
      const ownerName = owner.user.display_name as string;
      const hotel = data.expenses[1];
      expect(hotel).toMatchObject({
        date: '2026-03-01T10:00:00.000Z',
        amount: 100,
        currency: 'EUR',
        category: 'groceries',
        payer_name: ownerName,
        payer_email: owner.email,
        split_type: 'percentage',
        is_settled: false,
        notes: '',
      });
      expect(
        hotel.participants.map((p: { amount: number; percentage: number }) => [p.amount, p.percentage]),
      ).toEqual(
        expect.arrayContaining([
          [50, 50],
          [30, 30],
          [20, 20],
        ]),
      );
      expect(data.expenses[0]).toMatchObject({ amount: 3000, currency: 'JPY', split_type: 'shares' });
      expect(data.expenses[0].participants.map((p: { shares: number }) => p.shares).sort()).toEqual([1, 2]);
      expect(data.settlements).toEqual([
        expect.objectContaining({
          amount: 20,
          currency: 'EUR',
          description: 'Cash',
          to_user_name: ownerName,
        }),
      ]);

      const csv = groupCsv(data);
      const lines = csv.split('\r\n');
      expect(lines.slice(0, 5)).toEqual([
        // A name with a comma or a quote is one quoted cell, so no part of it becomes a cell of its own.
        '"# Group: Trip, ""2026"""',
        `# Export Date: ${data.exportDate}`,
        '# Total Expenses: 2',
        '# Total Settlements: 1',
        CSV_HEADER.join(','),
      ]);
      expect(lines[5]).toMatch(/^Expense,2026-03-02T10:00:00.000Z,'=Sushi,3000,JPY,groceries,/);
      expect(lines[5]).toContain('(2 shares)');
      expect(lines[6]).toMatch(/^Expense,2026-03-01T10:00:00.000Z,Hotel,100.00,EUR,groceries,/);
      expect(lines[6]).toMatch(/: 50\.00 \(50(\.00)?%\)/);
      expect(lines[7]).toMatch(/^Settlement,.*,Cash,20.00,EUR,/);
      expect(lines[8]).toBe('');
    });

    it('gives a CSV that starts no cell with a formula, read with commas or with semicolons', async () => {
      const { group, owner, ids } = await groupOf(ctx.app, 2, { name: 'Chata; =1+1' });
      const [a, b] = ids as [string, string];
      const hostile = [
        'Beer;=HYPERLINK("http://evil")',
        '＝1+1',
        'Wine; ＠SUM(A1)',
        'two\n-lines',
        '"; +cmd',
      ];
      for (const description of hostile) {
        await recordExpense(ctx.app, {
          groupId: group.id,
          paidBy: a,
          currency: 'EUR',
          description,
          shares: { [a]: 100, [b]: 100 },
        });
      }
      const data = expectContract(await get(owner.token, `/api/groups/${group.id}/export`), 'exportGroup');
      const csv = groupCsv(data);
      const formula = /^[ "\t\r\n]*[=+\-@＝＋－＠]/u;
      const commas = Papa.parse<string[]>(csv, { delimiter: ',', newline: '\r\n' });
      expect(commas.errors).toEqual([]);
      const semicolons = Papa.parse<string[]>(csv, { delimiter: ';', newline: '\r\n' });
      for (const rows of [commas.data, semicolons.data]) {
        for (const cell of rows.flat()) expect(cell).not.toMatch(formula);
      }
      // Read with commas, every description is one cell, neutralised where a cell could start.
      const descriptions = commas.data.slice(5, 10).map((row) => row[2]);
      expect(descriptions.sort()).toEqual(
        [`"; '+cmd`, `'＝1+1`, `Beer;'=HYPERLINK("http://evil")`, `Wine; '＠SUM(A1)`, `two\n'-lines`].sort(),
      );
      // The participants cell ("A: 1.00; B: 1.00") is quoted, so it stays one cell read with commas.
      expect(commas.data[5]).toHaveLength(14);
    });

    it('exports every payer of an expense several paid, most first, and the CSV names them all in the payer cells', async () => {
      const { group, owner, people, ids } = await groupOf(ctx.app, 3, { currency: 'EUR' });
      const [a, b, c] = ids as [string, string, string];
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/expenses',
        headers: bearer(owner.token),
        payload: {
          description: 'Boat',
          amount: 100,
          currency: 'EUR',
          category: 'dining',
          group_id: group.id,
          split_type: 'equal',
          paid_by: a,
          payers: [
            { user_id: b, amount: 40 },
            { user_id: a, amount: 60 },
          ],
          participants: [a, b, c],
          split_with: [b, c],
          split_details: {},
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      const data = expectContract(await get(owner.token, `/api/groups/${group.id}/export`), 'exportGroup');
      const [first, second] = people as [(typeof people)[number], (typeof people)[number]];
      const [nameA, nameB] = [first.user.display_name as string, second.user.display_name as string];
      expect(data.expenses[0]).toMatchObject({
        amount: 100,
        payer_name: nameA,
        payer_email: first.email,
        payers: [
          { user_name: nameA, email: first.email, amount: 60 },
          { user_name: nameB, email: second.email, amount: 40 },
        ],
      });
      const [row] = Papa.parse<string[]>(groupCsv(data).split('\r\n')[5] as string, { delimiter: ',' }).data;
      const header = [...CSV_HEADER];
      expect(row?.[header.indexOf('Payer Name')]).toBe(`${nameA}: 60.00; ${nameB}: 40.00`);
      expect(row?.[header.indexOf('Payer Email')]).toBe(`${first.email}; ${second.email}`);
    });

    it('exports an empty group as empty lists', async () => {
      const { group, owner } = await groupOf(ctx.app, 1);
      const data = expectContract(await get(owner.token, `/api/groups/${group.id}/export`), 'exportGroup');
      expect(data).toMatchObject({ expenses: [], settlements: [], group: { id: group.id } });
      expect(groupCsv(data).split('\r\n')[2]).toBe('# Total Expenses: 0');
    });
  });
}
