import type { FastifyInstance } from 'fastify';
import { route } from '../http/route';

export function systemRoutes(app: FastifyInstance): void {
  // A database that does not answer throws DatabaseUnavailableError: the error handler makes it a 503.
  route(app, 'getHealth', async () => {
    await app.db.query('SELECT 1');
    return { status: 'ok' as const, database: 'up' as const };
  });

  route(app, 'getClientConfig', async () => ({
    recaptcha: { enabled: app.ctx.recaptcha.enabled, siteKey: app.ctx.recaptcha.siteKey },
  }));
}
