import type { components } from '@kitty/api/schema';
import { currencyConfig, SPLIT_TYPES } from '@kitty/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/authenticate';
import type { Db } from '../db';
import { forbidden, invalid } from '../http/errors';
import { route } from '../http/route';
import { loadCategories, saveCategories } from './categories';
import { ADMIN_ONLY, checkCategories, isAdmin } from './policy';

type AppConfig = components['schemas']['AppConfig'];

const currencies = () => currencyConfig() as AppConfig['currencies'];
const splitTypes = () => [...SPLIT_TYPES];

async function appConfig(db: Db): Promise<AppConfig> {
  return { expenseCategories: await loadCategories(db), currencies: currencies(), splitTypes: splitTypes() };
}

export function configRoutes(app: FastifyInstance): void {
  const { db, config } = app.ctx;

  route(app, 'getConfig', async () => appConfig(db));

  route(app, 'getConfigCategories', async () => ({ expenseCategories: await loadCategories(db) }));

  route(app, 'getConfigCurrencies', async () => ({ currencies: currencies() }));

  route(app, 'getConfigSplitTypes', async () => ({ splitTypes: splitTypes() }));

  route(app, 'updateConfig', async (request) => {
    const user = currentUser(request);
    if (!isAdmin(config.adminEmails, user)) throw forbidden('FORBIDDEN_NOT_ADMIN', ADMIN_ONLY);
    const checked = checkCategories(request.body.expenseCategories);
    if (!checked.ok) throw invalid(...checked.errors);
    await saveCategories(db, checked.categories, user.id);
    request.log.info({ categories: checked.categories.values }, 'expense categories changed');
    return appConfig(db);
  });
}
