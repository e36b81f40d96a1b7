import { categoryConfig, currencyConfig, SPLIT_TYPES } from '@kitty/domain';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { bearer, registerUser, uniqueEmail } from '../support/users';

const ADMIN_ONLY = {
  code: 'FORBIDDEN_NOT_ADMIN',
  message: 'Only instance administrators can change the configuration.',
};

export function configSuite(ctx: TestContext): void {
  const get = (url: string, token?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const put = (app: FastifyInstance, token: string, payload: unknown) =>
    app.inject({ method: 'PUT', url: '/api/config', headers: bearer(token), payload: payload as object });

  describe('config: GET /api/config and its parts', () => {
    it('answers the categories, currencies and split types of the domain', async () => {
      const me = await registerUser(ctx.app);
      const response = await get('/api/config', me.token);
      expect(response.statusCode).toBe(200);
      const config = expectContract(response, 'getConfig');
      expect(config).toEqual({
        expenseCategories: categoryConfig(),
        currencies: currencyConfig(),
        splitTypes: [...SPLIT_TYPES],
      });
      expect(config.expenseCategories.values[0]).toBe('groceries');
      expect(config.currencies.EUR).toEqual({ name: 'Euro', symbol: '€' });
      expect(config.splitTypes).toEqual(['equal', 'percentage', 'shares', 'exact', 'adjustment']);
    });

    it('GET /config/categories, /config/currencies and /config/split-types answer the same parts', async () => {
      const me = await registerUser(ctx.app);
      const whole = expectContract(await get('/api/config', me.token), 'getConfig');
      const categories = await get('/api/config/categories', me.token);
      expect(expectContract(categories, 'getConfigCategories')).toEqual({
        expenseCategories: whole.expenseCategories,
      });
      const currencies = await get('/api/config/currencies', me.token);
      expect(expectContract(currencies, 'getConfigCurrencies')).toEqual({ currencies: whole.currencies });
      const splitTypes = await get('/api/config/split-types', me.token);
      expect(expectContract(splitTypes, 'getConfigSplitTypes')).toEqual({ splitTypes: whole.splitTypes });
    });

    it('requires a signed-in caller, as the contract says', async () => {
      for (const [url, operation] of [
        ['/api/config', 'getConfig'],
        ['/api/config/categories', 'getConfigCategories'],
        ['/api/config/currencies', 'getConfigCurrencies'],
        ['/api/config/split-types', 'getConfigSplitTypes'],
      ] as const) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(401);
        expectContract(response, operation);
      }
    });
  });

  describe('config: PUT /api/config', () => {
    const custom = {
      expenseCategories: {
        values: ['groceries', 'pets', 'other'],
        displayNames: { groceries: 'Food shopping', pets: '  Pets  ', other: 'Other' },
      },
    };

    it('is refused with 403 for anyone not in ADMIN_EMAILS, and changes nothing', async () => {
      const admin = uniqueEmail('admin');
      const app = await ctx.buildApp({ ADMIN_EMAILS: admin });
      const me = await registerUser(app);
      const response = await put(app, me.token, custom);
      expect(response.statusCode).toBe(403);
      expect(expectContract(response, 'updateConfig')).toEqual(ADMIN_ONLY);
      const withoutAdmins = await put(ctx.app, me.token, custom);
      expect(withoutAdmins.statusCode).toBe(403);
      const config = expectContract(await get('/api/config', me.token), 'getConfig');
      expect(config.expenseCategories).toEqual(categoryConfig());
    });

    it('lets an administrator (address in any case) replace the categories; everyone then sees them', async () => {
      const adminEmail = uniqueEmail('boss');
      const app = await ctx.buildApp({ ADMIN_EMAILS: ` other@example.com , ${adminEmail.toUpperCase()} ` });
      const admin = await registerUser(app, { email: adminEmail });
      const someone = await registerUser(ctx.app);
      try {
        const response = await put(app, admin.token, custom);
        expect(response.statusCode, response.body).toBe(200);
        const expected = {
          values: ['groceries', 'pets', 'other'],
          displayNames: { groceries: 'Food shopping', pets: 'Pets', other: 'Other' },
        };
        expect(expectContract(response, 'updateConfig')).toEqual({
          expenseCategories: expected,
          currencies: currencyConfig(),
          splitTypes: [...SPLIT_TYPES],
        });
        const seen = expectContract(
          await get('/api/config/categories', someone.token),
          'getConfigCategories',
        );
        expect(seen.expenseCategories).toEqual(expected);
        expect(seen.expenseCategories.values).toEqual(['groceries', 'pets', 'other']);
      } finally {
        const restored = await put(app, admin.token, { expenseCategories: categoryConfig() });
        expect(restored.statusCode).toBe(200);
      }
      const config = expectContract(await get('/api/config', someone.token), 'getConfig');
      expect(config.expenseCategories).toEqual(categoryConfig());
    });

    it('refuses a list without groceries, a missing, blank or extra display name, or repeated values; nothing changes', async () => {
      const adminEmail = uniqueEmail('chief');
      const app = await ctx.buildApp({ ADMIN_EMAILS: adminEmail });
      const admin = await registerUser(app, { email: adminEmail });
      const cases: [unknown, { field: string; message: string }[]][] = [
        [
          { expenseCategories: { values: ['pets'], displayNames: { pets: 'Pets' } } },
          [
            {
              field: 'expenseCategories.values',
              message: 'The default category groceries must stay in the list',
            },
          ],
        ],
        [
          { expenseCategories: { values: ['groceries', 'pets'], displayNames: { groceries: 'Groceries' } } },
          [{ field: 'expenseCategories.displayNames.pets', message: 'Every category needs a display name' }],
        ],
        [
          {
            expenseCategories: {
              values: ['groceries', 'pets'],
              displayNames: { groceries: 'Groceries', pets: '   ' },
            },
          },
          [{ field: 'expenseCategories.displayNames.pets', message: 'Every category needs a display name' }],
        ],
        [
          {
            expenseCategories: {
              values: ['groceries'],
              displayNames: { groceries: 'Groceries', pets: 'Pets' },
            },
          },
          [
            {
              field: 'expenseCategories.displayNames.pets',
              message: 'A display name was given for a category that is not in the list',
            },
          ],
        ],
        [
          {
            expenseCategories: {
              values: ['groceries', 'groceries'],
              displayNames: { groceries: 'Groceries' },
            },
          },
          [{ field: 'expenseCategories.values', message: expect.any(String) }],
        ],
        [
          { expenseCategories: { values: ['Big Things', 'groceries'], displayNames: { groceries: 'G' } } },
          [{ field: 'expenseCategories.values.0', message: expect.any(String) }],
        ],
        [{}, [{ field: 'expenseCategories', message: 'expenseCategories is required' }]],
      ];
      for (const [payload, errors] of cases) {
        const response = await put(app, admin.token, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(expectContract(response, 'updateConfig').errors, JSON.stringify(payload)).toEqual(errors);
      }
      const config = expectContract(await get('/api/config', admin.token), 'getConfig');
      expect(config.expenseCategories).toEqual(categoryConfig());
    });
  });
}
