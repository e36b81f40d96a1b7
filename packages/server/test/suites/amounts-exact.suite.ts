import { describe, expect, it } from 'vitest';
import { INEXACT_NUMBER, inexactNumberFields, isExactLiteral } from '../../src/http/json-numbers';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { expenseBody, moneyState } from '../support/expenses';
import { groupOf } from '../support/groups';
import { bearer } from '../support/users';

export function amountsExactSuite(ctx: TestContext): void {
  describe('amounts: a number is taken as written, or refused', () => {
    const post = (token: string, url: string, text: string) =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: text,
      });
    /** The body as JSON text with `amount` (and any other marked value) written verbatim. */
    const withRaw = (body: object, raw: Record<string, string>) => {
      let text = JSON.stringify(body);
      for (const [marker, literal] of Object.entries(raw)) text = text.replace(`"${marker}"`, literal);
      return text;
    };

    it('30.0000000000000000001 EUR is refused with 400 naming amount, not stored as 30', async () => {
      const { group, owner, ids } = await groupOf(ctx.app, 2);
      const before = await moneyState(ctx.db);
      const body = expenseBody(owner.user.id, ids.slice(1), { group_id: group.id, amount: '@amount' });
      const response = await post(
        owner.token,
        '/api/expenses',
        withRaw(body, { '@amount': '30.0000000000000000001' }),
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(expectContract(response, 'createExpense').errors).toEqual([
        { field: 'amount', message: INEXACT_NUMBER },
      ]);
      expect(await moneyState(ctx.db)).toEqual(before);
    });

    it('an exact amount in another spelling (30.10, 3.01e1) is taken as written', async () => {
      const { group, owner, ids } = await groupOf(ctx.app, 2);
      for (const literal of ['30.10', '3.01e1', '30.1000000000000000000']) {
        const body = expenseBody(owner.user.id, ids.slice(1), { group_id: group.id, amount: '@amount' });
        const response = await post(owner.token, '/api/expenses', withRaw(body, { '@amount': literal }));
        expect(response.statusCode, `${literal}: ${response.body}`).toBe(201);
        expect(expectContract(response, 'createExpense').amount).toBe(30.1);
      }
    });

    it('an exact split amount with too many digits names its field; a settlement above the maximum is refused', async () => {
      const { group, owner, ids } = await groupOf(ctx.app, 2);
      const [a, b] = ids as [string, string];
      const body = expenseBody(a, [b], {
        group_id: group.id,
        amount: 10,
        split_type: 'exact',
        split_details: { amounts: { [a]: '@a', [b]: 5 } },
      });
      const response = await post(
        owner.token,
        '/api/expenses',
        withRaw(body, { '@a': '5.000000000000000000001' }),
      );
      expect(response.statusCode).toBe(400);
      expect(expectContract(response, 'createExpense').errors).toEqual([
        { field: `split_details.amounts.${a}`, message: INEXACT_NUMBER },
      ]);

      const settlement = {
        from_user_id: b,
        to_user_id: a,
        amount: 1_000_000_000.01,
        currency: 'EUR',
        group_id: group.id,
      };
      const refused = await post(owner.token, '/api/financial/settlements', JSON.stringify(settlement));
      expect(refused.statusCode, refused.body).toBe(400);
    });

    it('reads the path of every inexact literal and passes exact ones, whatever the nesting', () => {
      expect(
        inexactNumberFields('{"a":1,"b":[0.1,{"c":9007199254740993}],"d":{"e":"9.99999999999999999999"}}'),
      ).toEqual(['b.1.c']);
      expect(inexactNumberFields('{"x\\"y":[1e400, -0, 0.30000000000000004, 1e-7, 12.5e+2]}')).toEqual([
        'x"y.0',
      ]);
      expect(inexactNumberFields('[[[30.0000000000000000001]]]')).toEqual(['0.0.0']);
      expect(inexactNumberFields('30.0000000000000000001')).toEqual(['body']);
      for (const exact of ['0', '-0', '100.005', '1000000000', '0.1', '1E2', '123456789.12']) {
        expect(isExactLiteral(exact), exact).toBe(true);
      }
      for (const inexact of [
        '30.0000000000000000001',
        '0.10000000000000000001',
        '1e400',
        '9007199254740993',
      ]) {
        expect(isExactLiteral(inexact), inexact).toBe(false);
      }
    });
  });
}
