import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/authenticate';
import { idempotent } from '../http/idempotency';
import { route } from '../http/route';
import { createMailer } from '../mail/mailer';
import { createInviteService } from './invite';
import { toUserJson, toUserSearchResult } from './present';
import { searchPeople } from './search';
import { createUserService } from './service';

export function userRoutes(app: FastifyInstance): void {
  const service = createUserService(app.ctx);
  const mailer = createMailer(app.ctx.config);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  const invites = createInviteService(app.ctx, mailer);

  route(app, 'registerUser', async (request, reply) => {
    const user = await service.register(request.body, { ip: request.ip, log: request.log });
    reply.code(201);
    return user;
  });

  route(app, 'loginUser', async (request) => ({
    data: await service.login(request.body, { ip: request.ip }),
  }));

  route(app, 'getProfile', async (request) => ({ data: toUserJson(currentUser(request)) }));

  route(app, 'searchUsers', async (request) => {
    const term = request.query.term.trim();
    if (term === '') return { users: [] };
    const found = await searchPeople(
      app.ctx.db,
      currentUser(request).id,
      term,
      request.query.connected === true,
    );
    return { users: found.map(({ user, connected }) => toUserSearchResult(user, connected)) };
  });

  route(app, 'checkEmail', async (request) => invites.checkEmail(request.query.email));

  route(app, 'inviteUser', async (request, reply) =>
    idempotent(request, reply, async (db) => {
      const inviter = currentUser(request);
      const { created, user, mail } = await invites.record(db, inviter, request.body);
      return {
        status: created ? 201 : 200,
        body: user,
        afterCommit: () => invites.send(inviter, mail, request.log),
      };
    }),
  );
}
