import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/authenticate';
import { route } from '../http/route';
import { blockPerson, listBlocks, unblockPerson } from './service';

export function blockRoutes(app: FastifyInstance): void {
  const { db } = app.ctx;

  route(app, 'listBlockedPeople', async (request) => listBlocks(db, currentUser(request)));

  route(app, 'blockPerson', async (request) => blockPerson(db, currentUser(request), request.params.id));

  route(app, 'unblockPerson', async (request, reply) => {
    await unblockPerson(db, currentUser(request), request.params.id);
    reply.code(204);
    return undefined;
  });
}
