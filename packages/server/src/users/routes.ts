import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/authenticate';
import { idempotent } from '../http/idempotency';
import { route } from '../http/route';
import { browserLanguageOf } from '../mail/language';
import { createMailer } from '../mail/mailer';
import { createInviteService } from './invite';
import { toOwnUserJson, toUserSearchResult } from './present';
import { searchPeople } from './search';
import { createUserService } from './service';
import { createVerificationService } from './verification';

export function userRoutes(app: FastifyInstance): void {
  const service = createUserService(app.ctx);
  const mailer = createMailer(app.ctx.config);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  const invites = createInviteService(app.ctx, mailer);
  const links = createVerificationService(app.ctx, mailer);

  route(app, 'registerUser', async (request, reply) => {
    const browserLanguage = browserLanguageOf(request.headers['accept-language']);
    const user = await service.register(request.body, { ip: request.ip, log: request.log, browserLanguage });
    // A new account has chosen no language yet: the link goes out in the one its browser asked for.
    await links.sendVerification({ ...user, language: null, browser_language: browserLanguage }, request.log);
    reply.code(201);
    return user;
  });

  route(app, 'verifyEmail', async (request, reply) => {
    await links.verify(request.body.token);
    reply.code(204);
    return undefined;
  });

  route(app, 'resendVerification', async (request, reply) => {
    await links.resend(currentUser(request), request.ip, request.log);
    reply.code(204);
    return undefined;
  });

  route(app, 'forgotPassword', async (request, reply) => {
    await links.forgot(request.body.email, request.ip, request.log);
    reply.code(202);
    return undefined;
  });

  route(app, 'resetPassword', async (request, reply) => {
    await links.reset(request.body.token, request.body.password);
    reply.code(204);
    return undefined;
  });

  route(app, 'loginUser', async (request) => ({
    data: await service.login(request.body, {
      ip: request.ip,
      browserLanguage: browserLanguageOf(request.headers['accept-language']),
    }),
  }));

  route(app, 'getProfile', async (request) => ({ data: toOwnUserJson(currentUser(request)) }));

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
