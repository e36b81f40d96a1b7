import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../auth/authenticate';
import { idempotent } from '../http/idempotency';
import { route } from '../http/route';
import { groupArchive } from './archive';
import { createGroup } from './create';
import { deleteGroup } from './delete';
import { exportGroup } from './export';
import { addGroupMember, leaveGroup } from './members';
import type { Invited } from './people';
import { getGroupDetail, listGroups, searchGroups } from './read';
import { updateGroupSettings } from './settings';
import { sendInvitations } from '../users/invite';
import { groupHistory } from '../history/service';

export function groupRoutes(app: FastifyInstance): void {
  const { db } = app.ctx;
  const invite = (request: FastifyRequest, invited: readonly Invited[]) =>
    sendInvitations(app.ctx, app.mailer, currentUser(request), invited, request.log);

  route(app, 'listGroups', async (request) => listGroups(db, currentUser(request), request.query));

  route(app, 'createGroup', async (request, reply) =>
    idempotent(request, reply, async (db) => {
      const { group, invited } = await createGroup(db, currentUser(request), request.body);
      return { status: 201, body: group, afterCommit: () => invite(request, invited) };
    }),
  );

  route(app, 'searchGroups', async (request) => ({
    groups: await searchGroups(db, currentUser(request), request.query.term),
  }));

  route(app, 'getGroup', async (request) => getGroupDetail(db, request.params.id, currentUser(request).id));

  route(app, 'deleteGroup', async (request) => deleteGroup(db, currentUser(request), request.params.id));

  route(app, 'updateGroupSettings', async (request) => {
    const { group, invited } = await updateGroupSettings(
      db,
      currentUser(request),
      request.params.id,
      request.body,
    );
    await invite(request, invited);
    return group;
  });

  route(app, 'leaveGroup', async (request) => leaveGroup(db, currentUser(request), request.params.id));

  route(app, 'addGroupMember', async (request) => {
    const { members, invited } = await addGroupMember(
      db,
      currentUser(request),
      request.params.id,
      request.body,
    );
    await invite(request, invited);
    return members;
  });

  route(app, 'getGroupHistory', async (request) =>
    groupHistory(db, currentUser(request), request.params.id, request.query),
  );

  route(app, 'exportGroup', async (request) =>
    exportGroup(db, currentUser(request).id, request.params.groupId),
  );

  route(app, 'getGroupArchive', async (request) =>
    groupArchive(db, currentUser(request).id, request.params.id),
  );
}
