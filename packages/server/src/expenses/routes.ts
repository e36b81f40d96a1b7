import { categoryDisplayName } from '@kitty/domain';
import type { FastifyInstance } from 'fastify';
import { loadCategories } from '../appconfig/categories';
import { currentUser } from '../auth/authenticate';
import { summaryOf } from '../groups/read';
import { findGroupView } from '../groups/repo';
import { notFound } from '../http/errors';
import { idempotent } from '../http/idempotency';
import { route } from '../http/route';
import { COMMENT_DELETED, createComment, deleteComment, listComments } from './comments';
import {
  createExpense,
  declineExpense,
  deleteExpense,
  EXPENSE_DELETED,
  getExpense,
  listGroupExpensesPage,
  listMyExpenses,
  updateExpense,
} from './service';

export function expenseRoutes(app: FastifyInstance): void {
  const { db } = app.ctx;

  // The categories in force (the domain's, or an administrator's list from PUT /config), in display order.
  route(app, 'listExpenseCategories', async () => {
    const { values, displayNames } = await loadCategories(db);
    return {
      categories: values.map((value) => ({
        value,
        displayName: displayNames[value] ?? categoryDisplayName(value),
      })),
    };
  });

  route(app, 'createExpense', async (request, reply) =>
    idempotent(request, reply, async (db) => ({
      status: 201,
      body: await createExpense(db, currentUser(request), request.body),
    })),
  );

  route(app, 'listUserExpenses', async (request) =>
    listMyExpenses(db, currentUser(request), {
      limit: request.query.limit,
      cursor: request.query.cursor,
      search: request.query.search,
    }),
  );

  // Members only: anyone else gets 404, as for an unknown group.
  route(app, 'listGroupExpenses', async (request) => {
    const caller = currentUser(request);
    const view = await findGroupView(db, request.params.id, caller.id);
    if (!view) throw notFound();
    const page = await listGroupExpensesPage(db, view.group.id, {
      limit: request.query.limit,
      cursor: request.query.cursor,
    });
    return { expenses: page.expenses, group: summaryOf(view, caller.id), nextCursor: page.nextCursor };
  });

  route(app, 'getExpense', async (request) => getExpense(db, request.params.id, currentUser(request).id));

  route(app, 'updateExpense', async (request) =>
    updateExpense(db, currentUser(request), request.params.id, request.body),
  );

  route(app, 'declineExpense', async (request, reply) =>
    idempotent(request, reply, async (db) => ({
      status: 200,
      body: await declineExpense(db, currentUser(request), request.params.id),
    })),
  );

  route(app, 'listExpenseComments', async (request) =>
    listComments(db, request.params.id, currentUser(request).id, {
      limit: request.query.limit,
      cursor: request.query.cursor,
    }),
  );

  route(app, 'createExpenseComment', async (request, reply) =>
    idempotent(request, reply, async (db) => ({
      status: 201,
      body: await createComment(db, currentUser(request), request.params.id, request.body),
    })),
  );

  route(app, 'deleteExpenseComment', async (request) => {
    await deleteComment(db, currentUser(request), request.params.id, request.params.commentId);
    return { message: COMMENT_DELETED };
  });

  route(app, 'deleteExpense', async (request) => {
    await deleteExpense(db, currentUser(request), request.params.id, request.query.version);
    return { message: EXPENSE_DELETED };
  });
}
