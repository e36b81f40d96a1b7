import { describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { bearer, registerUser } from '../support/users';

export function accountSettingsSuite(ctx: TestContext): void {
  const get = (token?: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/account-settings', headers: token ? bearer(token) : {} });
  const put = (token: string | undefined, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/account-settings',
      headers: token ? bearer(token) : {},
      payload,
    });

  describe('account: GET and PUT /api/account-settings', () => {
    it('a new account starts with EUR and equal', async () => {
      const me = await registerUser(ctx.app);
      const response = await get(me.token);
      expect(response.statusCode).toBe(200);
      expect(expectContract(response, 'getAccountSettings')).toEqual({
        currency: 'EUR',
        default_split: 'equal',
        language: null,
      });
    });

    it('saves the default currency and split method, answers them and keeps them', async () => {
      const me = await registerUser(ctx.app);
      const other = await registerUser(ctx.app);
      const response = await put(me.token, { currency: 'CZK', defaultSplit: 'shares' });
      expect(response.statusCode, response.body).toBe(200);
      expect(expectContract(response, 'updateAccountSettings')).toEqual({
        currency: 'CZK',
        default_split: 'shares',
        language: null,
      });
      expect(expectContract(await get(me.token), 'getAccountSettings')).toEqual({
        currency: 'CZK',
        default_split: 'shares',
        language: null,
      });
      expect(expectContract(await get(other.token), 'getAccountSettings')).toEqual({
        currency: 'EUR',
        default_split: 'equal',
        language: null,
      });
    });

    it('refuses an unknown currency or split method with field messages and changes nothing', async () => {
      const me = await registerUser(ctx.app);
      await put(me.token, { currency: 'GBP', defaultSplit: 'exact' });
      const cases: [Record<string, unknown>, { field: string; message: string }[]][] = [
        [
          { currency: 'XYZ', defaultSplit: 'equal' },
          [{ field: 'currency', message: 'Unknown currency XYZ' }],
        ],
        [{ currency: 'eur', defaultSplit: 'equal' }, [{ field: 'currency', message: expect.any(String) }]],
        [
          { currency: 'EUR', defaultSplit: 'halves' },
          [{ field: 'defaultSplit', message: expect.any(String) }],
        ],
        [{ currency: 'EUR' }, [{ field: 'defaultSplit', message: 'defaultSplit is required' }]],
      ];
      for (const [payload, errors] of cases) {
        const response = await put(me.token, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(expectContract(response, 'updateAccountSettings').errors).toEqual(errors);
      }
      expect(expectContract(await get(me.token), 'getAccountSettings')).toEqual({
        currency: 'GBP',
        default_split: 'exact',
        language: null,
      });
    });

    it('saves the chosen language, keeps it when an update leaves it out, and null follows the browser again', async () => {
      const me = await registerUser(ctx.app);
      const settings = async () => expectContract(await get(me.token), 'getAccountSettings');
      const chosen = await put(me.token, { currency: 'CZK', defaultSplit: 'equal', language: 'cs' });
      expect(chosen.statusCode, chosen.body).toBe(200);
      expect(expectContract(chosen, 'updateAccountSettings')).toEqual({
        currency: 'CZK',
        default_split: 'equal',
        language: 'cs',
      });
      expect(await settings()).toEqual({ currency: 'CZK', default_split: 'equal', language: 'cs' });

      const without = await put(me.token, { currency: 'EUR', defaultSplit: 'shares' });
      expect(expectContract(without, 'updateAccountSettings')).toEqual({
        currency: 'EUR',
        default_split: 'shares',
        language: 'cs',
      });
      const english = await put(me.token, { currency: 'EUR', defaultSplit: 'shares', language: 'en' });
      expect(expectContract(english, 'updateAccountSettings').language).toBe('en');
      const browser = await put(me.token, { currency: 'EUR', defaultSplit: 'shares', language: null });
      expect(expectContract(browser, 'updateAccountSettings').language).toBeNull();
      expect(await settings()).toEqual({ currency: 'EUR', default_split: 'shares', language: null });
    });

    it('refuses a language Kitty does not speak with a field message and changes nothing', async () => {
      const me = await registerUser(ctx.app);
      await put(me.token, { currency: 'CZK', defaultSplit: 'equal', language: 'cs' });
      for (const language of ['de', 'CS', 'cs-CZ', '', 1, true, {}]) {
        const response = await put(me.token, { currency: 'EUR', defaultSplit: 'exact', language });
        expect(response.statusCode, JSON.stringify(language)).toBe(400);
        const body = expectContract(response, 'updateAccountSettings');
        expect(body.code).toBe('VALIDATION_FAILED');
        expect(body.errors).toEqual([{ field: 'language', message: expect.stringMatching(/\S/) }]);
      }
      expect(expectContract(await get(me.token), 'getAccountSettings')).toEqual({
        currency: 'CZK',
        default_split: 'equal',
        language: 'cs',
      });
    });

    it('requires a signed-in caller', async () => {
      const read = await get();
      expect(read.statusCode).toBe(401);
      expectContract(read, 'getAccountSettings');
      const write = await put(undefined, { currency: 'EUR', defaultSplit: 'equal' });
      expect(write.statusCode).toBe(401);
      expectContract(write, 'updateAccountSettings');
    });
  });
}
