import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/authenticate';
import { route } from '../http/route';
import { createAccountService } from './service';

export function accountRoutes(app: FastifyInstance): void {
  const service = createAccountService(app.ctx);

  route(app, 'getAccountSettings', async (request) => service.settings(currentUser(request)));

  route(app, 'updateAccountSettings', async (request) =>
    service.updateSettings(currentUser(request), request.body),
  );

  route(app, 'changePassword', async (request) => service.changePassword(currentUser(request), request.body));
}
