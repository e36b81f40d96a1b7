import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/authenticate';
import { idempotent } from '../http/idempotency';
import { route } from '../http/route';
import { balanceSummary, groupBalances, myBalance, myGroupBalance } from './balances';
import { declineSettlement } from './decline';
import { groupDebts, groupSuggestions, myDebts, mySuggestions, settleDebt } from './debts';
import { settleExpense } from './settle-expense';
import { createSettlement, listGroupSettlements, listSettlements, pageQuery } from './settlements';

/** Balances, suggestions, debts and settlements: every figure from the ledger and the domain. */
export function financialRoutes(app: FastifyInstance): void {
  const { db } = app.ctx;

  route(app, 'getBalanceSummary', async (request) => balanceSummary(db, currentUser(request)));

  route(app, 'getGroupBalances', async (request) =>
    groupBalances(db, request.params.groupId, currentUser(request)),
  );

  route(app, 'listSettlementSuggestions', async (request) => mySuggestions(db, currentUser(request)));

  route(app, 'listGroupSettlementSuggestions', async (request) =>
    groupSuggestions(db, request.params.groupId, currentUser(request)),
  );

  route(app, 'settleExpense', async (request, reply) =>
    idempotent(request, reply, async (db) => ({
      status: 201,
      body: await settleExpense(db, request.params.expenseId, request.body, currentUser(request)),
    })),
  );

  route(app, 'listSettlements', async (request) =>
    listSettlements(db, currentUser(request), pageQuery(request.query)),
  );

  route(app, 'createSettlement', async (request, reply) =>
    idempotent(request, reply, async (db) => ({
      status: 201,
      body: await createSettlement(db, request.body, currentUser(request)),
    })),
  );

  route(app, 'declineSettlement', async (request, reply) =>
    idempotent(request, reply, async (db) => ({
      status: 200,
      body: await declineSettlement(db, currentUser(request), request.params.id),
    })),
  );

  route(app, 'listGroupSettlements', async (request) =>
    listGroupSettlements(db, request.params.groupId, currentUser(request), pageQuery(request.query)),
  );

  route(app, 'getMyBalance', async (request) => myBalance(db, currentUser(request)));

  route(app, 'getMyGroupBalance', async (request) =>
    myGroupBalance(db, request.params.groupId, currentUser(request)),
  );

  route(app, 'listMyDebts', async (request) => myDebts(db, currentUser(request)));

  route(app, 'listGroupDebts', async (request) =>
    groupDebts(db, request.params.groupId, currentUser(request)),
  );

  route(app, 'settleDebt', async (request, reply) =>
    idempotent(request, reply, async (db) => ({
      status: 201,
      body: await settleDebt(db, request.params.debtId, currentUser(request)),
    })),
  );
}
