import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/authenticate';
import { route } from '../http/route';
import { groupStatistics, myStatistics } from './service';

export function statisticsRoutes(app: FastifyInstance): void {
  const { db } = app.ctx;

  route(app, 'getGroupStatistics', async (request) =>
    groupStatistics(db, currentUser(request), request.params.id, request.query),
  );

  route(app, 'getMyStatistics', async (request) => myStatistics(db, currentUser(request), request.query));
}
