import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/authenticate';
import { idempotent } from '../http/idempotency';
import { route } from '../http/route';
import { createRecurring, getRecurring, listRecurring, setRecurringStatus, updateRecurring } from './service';

export function recurringRoutes(app: FastifyInstance): void {
  const { db, now } = app.ctx;

  route(app, 'listRecurringExpenses', async (request) => ({
    recurring_expenses: await listRecurring(db, currentUser(request), request.params.id),
  }));

  // Creating one makes every occurrence due since its start (a year of weeks is 53 expenses) in one
  // transaction: bulk work, within DATABASE_BULK_CONNECTIONS.
  route(app, 'createRecurringExpense', async (request, reply) =>
    app.ctx.bulk.run(() =>
      idempotent(request, reply, async (db) => ({
        status: 201,
        body: await createRecurring(db, currentUser(request), request.params.id, request.body, now()),
      })),
    ),
  );

  route(app, 'getRecurringExpense', async (request) =>
    getRecurring(db, currentUser(request), request.params.id),
  );

  route(app, 'updateRecurringExpense', async (request) =>
    updateRecurring(db, currentUser(request), request.params.id, request.body, now()),
  );

  route(app, 'setRecurringExpenseStatus', async (request) =>
    setRecurringStatus(db, currentUser(request), request.params.id, request.body, now()),
  );
}
