import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, dayInZone } from '@kitty/domain';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/paths';
import type { TestContext } from '../support/context';
import { bearer, registerUser, uniqueEmail } from '../support/users';

/**
 * README.md "Who may do what", cell by cell, against the server: the table is read from the README, and
 * every cell that names an outcome is carried out over HTTP by that person on fresh data.
 */
type Actor = 'member' | 'payer' | 'named' | 'creator' | 'former' | 'stranger' | 'admin';
type Person = { id: string; token: string; email: string };
type Scenario = () => Promise<number[]>;

/** The README's column headings, in order, and who acts for each. */
const ACTORS: [string, Actor][] = [
  ['a current member', 'member'],
  ['the payer (any payer)', 'payer'],
  ['the person named by someone else in a personal expense or settlement', 'named'],
  ['the group creator', 'creator'],
  ['a former member', 'former'],
  ['a stranger', 'stranger'],
  ['an admin with a verified address', 'admin'],
];

interface Table {
  actors: string[];
  rows: { action: string; cells: string[] }[];
}

export function readWhoMayTable(markdown: string): Table {
  const start = markdown.indexOf('## Who may do what');
  if (start < 0) throw new Error('README.md has no "Who may do what" section');
  const lines = markdown.slice(start).split('\n');
  const first = lines.findIndex((l) => l.startsWith('|'));
  const table: string[] = [];
  for (const line of lines.slice(first)) {
    if (!line.startsWith('|')) break;
    table.push(line);
  }
  const cells = (line: string) =>
    line
      .slice(1, line.lastIndexOf('|'))
      .split('|')
      .map((c) => c.trim());
  const [header, , ...rows] = table as [string, string, ...string[]];
  return {
    actors: cells(header).slice(1),
    rows: rows.map((r) => {
      const [action, ...rest] = cells(r) as [string, ...string[]];
      return { action, cells: rest };
    }),
  };
}

/** What a cell asks for: statuses that may answer, or nothing to act on. */
function expectation(cell: string): { allowed: number[] } | 'nothing' {
  if (cell === '—') return 'nothing';
  if (cell === 'yes') return { allowed: [200, 201, 204] };
  const no = /^no \((\d{3}(?:, \d{3})*)\)$/.exec(cell);
  if (!no?.[1]) throw new Error(`README "Who may do what": a cell reads "${cell}"`);
  return { allowed: no[1].split(', ').map(Number) };
}

export function whoMaySuite(ctx: TestContext): void {
  const table = readWhoMayTable(readFileSync(join(REPO_ROOT, 'README.md'), 'utf8'));
  let app: FastifyInstance;
  const p = {} as Record<Actor, Person>;
  let groupId: string;
  /** Paid by the former member before they left, shared with the creator. */
  let formerExpense: string;
  /** Paid by the payer outside any group, naming the named person. */
  let personalExpense: string;

  const send = async (
    as: Person,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => {
    const r = await app.inject({ method, url, headers: bearer(as.token), ...(payload ? { payload } : {}) });
    return { status: r.statusCode, body: r.body ? r.json() : null };
  };
  const ok = async (as: Person, method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) => {
    const r = await send(as, method, url, payload);
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    return r.body;
  };
  const body = (payer: Person, others: Person[], group: string | null, amount = 10) => {
    const participants = [payer, ...others].map((x) => x.id);
    return {
      description: 'Tickets',
      amount,
      currency: 'EUR',
      category: 'groceries',
      group_id: group,
      split_type: 'equal',
      paid_by: payer.id,
      participants,
      split_with: participants.filter((id) => id !== payer.id),
      split_details: {},
    };
  };
  const expense = async (payer: Person, others: Person[], group: string | null) =>
    (await ok(payer, 'POST', '/api/expenses', body(payer, others, group))).id as string;
  const group = async (members: Person[]) =>
    (
      await ok(p.creator, 'POST', '/api/groups', {
        name: 'Who may',
        members: members.map((m) => ({ email: m.email })),
      })
    ).id as string;
  const debtOf = async (group: string) => {
    const debts = (await ok(p.creator, 'GET', `/api/financial/group/${group}/debts`)).debts as {
      id: string;
    }[];
    expect(debts.length).toBeGreaterThan(0);
    return (debts[0] as { id: string }).id;
  };
  const settleBoth = async (as: Person, expenseId: string, debtId: string) => [
    (await send(as, 'POST', `/api/financial/settle/${expenseId}`, { expense_id: expenseId })).status,
    (await send(as, 'POST', `/api/financial/debts/${debtId}/settle`)).status,
  ];
  const status = async (
    as: Person,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => [(await send(as, method, url, payload)).status];

  const outsiders = (make: (as: Person) => Scenario) => ({
    stranger: make(p.stranger),
    admin: make(p.admin),
  });

  const scenarios: Record<string, () => Partial<Record<Actor, Scenario>>> = {
    'view group': () => {
      const view = (as: Person) => () => status(as, 'GET', `/api/groups/${groupId}`);
      return {
        member: view(p.member),
        payer: view(p.payer),
        creator: view(p.creator),
        former: view(p.former),
        ...outsiders(view),
      };
    },
    'add expense': () => {
      const add = (as: Person, others: Person[]) => () =>
        status(as, 'POST', '/api/expenses', body(as, others, groupId));
      return {
        member: add(p.member, [p.creator]),
        creator: add(p.creator, [p.member]),
        former: add(p.former, [p.creator]),
        stranger: add(p.stranger, []),
        admin: add(p.admin, []),
      };
    },
    'edit expense': () => {
      const edit = (as: Person) => async () =>
        status(as, 'PUT', `/api/expenses/${await expense(p.payer, [p.creator], groupId)}`, {
          ...body(p.payer, [p.creator], groupId, 12),
        });
      return {
        member: edit(p.member),
        payer: edit(p.payer),
        creator: edit(p.creator),
        named: () =>
          status(p.named, 'PUT', `/api/expenses/${personalExpense}`, body(p.payer, [p.named], null, 12)),
        former: () =>
          status(p.former, 'PUT', `/api/expenses/${formerExpense}`, body(p.former, [p.creator], groupId, 12)),
        ...outsiders(edit),
      };
    },
    'delete expense': () => {
      const remove = (as: Person) => async () =>
        status(as, 'DELETE', `/api/expenses/${await expense(p.payer, [p.creator], groupId)}`);
      return {
        member: remove(p.member),
        payer: remove(p.payer),
        creator: remove(p.creator),
        named: () => status(p.named, 'DELETE', `/api/expenses/${personalExpense}`),
        former: () => status(p.former, 'DELETE', `/api/expenses/${formerExpense}`),
        ...outsiders(remove),
      };
    },
    'record settlement': () => {
      const record = (as: Person, other: Person) => () =>
        status(as, 'POST', '/api/financial/settlements', {
          from_user_id: as.id,
          to_user_id: other.id,
          amount: 1,
          currency: 'EUR',
          group_id: groupId,
        });
      return {
        member: record(p.member, p.creator),
        creator: record(p.creator, p.member),
        former: record(p.former, p.creator),
        stranger: record(p.stranger, p.creator),
        admin: record(p.admin, p.creator),
      };
    },
    'settle debt/expense': () => {
      // A fresh group where the payer paid for `debtor`: one expense and one debt, both between them.
      const settle = (as: Person, debtor: Person) => async () => {
        const g = await group([p.member, p.payer]);
        const e = await expense(p.payer, [debtor], g);
        return settleBoth(as, e, await debtOf(g));
      };
      return {
        member: settle(p.member, p.creator),
        payer: async () => {
          // The debt first (settling the expense would clear it), then a second expense of theirs.
          const g = await group([p.member, p.payer]);
          await expense(p.payer, [p.member], g);
          const debt = (await send(p.payer, 'POST', `/api/financial/debts/${await debtOf(g)}/settle`)).status;
          const e = await expense(p.payer, [p.member], g);
          return [
            debt,
            (await send(p.payer, 'POST', `/api/financial/settle/${e}`, { expense_id: e })).status,
          ];
        },
        creator: settle(p.creator, p.member),
        former: async () => {
          await expense(p.payer, [p.creator], groupId);
          return settleBoth(p.former, formerExpense, await debtOf(groupId));
        },
        ...outsiders((as) => settle(as, p.creator)),
      };
    },
    'decline a personal item': () => {
      // A fresh personal expense and a fresh personal payment, both recorded by the payer and naming the
      // named person: each actor tries to decline both.
      const decline = (as: Person) => async () => {
        const e = await expense(p.payer, [p.named], null);
        const s = await ok(p.payer, 'POST', '/api/financial/settlements', {
          from_user_id: p.payer.id,
          to_user_id: p.named.id,
          amount: 1,
          currency: 'EUR',
          group_id: null,
        });
        return [
          (await send(as, 'POST', `/api/expenses/decline/${e}`)).status,
          (await send(as, 'POST', `/api/financial/settlements/decline/${s.id}`)).status,
        ];
      };
      return {
        payer: decline(p.payer),
        named: decline(p.named),
        ...outsiders(decline),
      };
    },
    'block or unblock someone from naming them': () => {
      // A fresh person each time, so no block reaches the other rows.
      const block = (as: Person) => async () => {
        const other = (await registerUser(app, { email: uniqueEmail('blocked') })).user.id;
        return [
          (await send(as, 'PUT', `/api/blocks/${other}`)).status,
          (await send(as, 'DELETE', `/api/blocks/${other}`)).status,
        ];
      };
      return Object.fromEntries(ACTORS.map(([, actor]) => [actor, block(p[actor])]));
    },
    'name someone who blocked them in a new personal expense or settlement': () => {
      // A fresh blocker, named once before the block (so a payment between them is otherwise allowed).
      const name = (as: Person) => async () => {
        const email = uniqueEmail('blocker');
        const r = await registerUser(app, { email });
        const blocker: Person = { id: r.user.id, token: r.token, email };
        await expense(as, [blocker], null);
        await ok(blocker, 'PUT', `/api/blocks/${as.id}`);
        return [
          (await send(as, 'POST', '/api/expenses', body(as, [blocker], null))).status,
          (
            await send(as, 'POST', '/api/financial/settlements', {
              from_user_id: as.id,
              to_user_id: blocker.id,
              amount: 1,
              currency: 'EUR',
              group_id: null,
            })
          ).status,
        ];
      };
      return Object.fromEntries(ACTORS.map(([, actor]) => [actor, name(p[actor])]));
    },
    'change group settings': () => {
      const save = (as: Person) => async () => {
        const detail = await ok(p.creator, 'GET', `/api/groups/${groupId}`);
        return status(as, 'PUT', `/api/groups/${groupId}/settings`, {
          currency: 'EUR',
          default_split_type: 'equal',
          members: detail.Members.map((m: { id: string; email: string }) => ({ id: m.id, email: m.email })),
        });
      };
      return {
        member: save(p.member),
        payer: save(p.payer),
        creator: save(p.creator),
        former: save(p.former),
        ...outsiders(save),
      };
    },
    'set up, pause or change a recurring expense': () => {
      // Starting in a month: nothing is created, so nobody's balance moves.
      const rule = {
        expense: body(p.creator, [p.member], groupId),
        schedule: { frequency: 'monthly', start_date: addDays(dayInZone(new Date(), 'UTC'), 30) },
      };
      const act = (as: Person) => async () => {
        const existing = (await ok(p.creator, 'POST', `/api/groups/${groupId}/recurring-expenses`, rule))
          .recurring_expense.id as string;
        return [
          (await send(as, 'POST', `/api/groups/${groupId}/recurring-expenses`, rule)).status,
          (await send(as, 'POST', `/api/recurring-expenses/${existing}/status`, { status: 'paused' })).status,
          (await send(as, 'PUT', `/api/recurring-expenses/${existing}`, rule)).status,
        ];
      };
      return {
        member: act(p.member),
        creator: act(p.creator),
        former: act(p.former),
        ...outsiders(act),
      };
    },
    'delete group': () => {
      const remove =
        (as: Person, leaveFirst = false) =>
        async () => {
          const g = await group([p.member, p.payer, p.former]);
          await expense(p.payer, [], g); // the payer paid for themselves: every balance stays zero
          if (leaveFirst) await ok(as, 'POST', `/api/groups/${g}/leave`);
          return status(as, 'DELETE', `/api/groups/${g}`);
        };
      return {
        member: remove(p.member),
        payer: remove(p.payer),
        creator: remove(p.creator),
        former: remove(p.former, true),
        ...outsiders((as) => remove(as)),
      };
    },
    'leave group': () => {
      const leave =
        (as: Person, times = 1) =>
        async () => {
          const g = await group([p.member, p.payer, p.former]);
          await expense(p.payer, [], g);
          const answers: number[] = [];
          for (let i = 0; i < times; i++)
            answers.push((await send(as, 'POST', `/api/groups/${g}/leave`)).status);
          return answers.slice(-1);
        };
      return {
        member: leave(p.member),
        payer: leave(p.payer),
        creator: leave(p.creator),
        former: leave(p.former, 2),
        ...outsiders((as) => leave(as)),
      };
    },
    'import into a group': () => {
      // A one-row Splitwise file naming the importer and another member, imported for real (201), not previewed.
      const file =
        'Date,Description,Category,Cost,Currency,X,Y\n\n2024-03-01,Dinner,General,2.00,EUR,1.00,-1.00\n';
      const importInto = (as: Person, into: () => Promise<string>) => async () =>
        status(as, 'POST', '/api/imports', {
          format: 'splitwise-csv',
          content: file,
          group_id: await into(),
          members: { X: as.email, Y: (as === p.creator ? p.member : p.creator).email },
        });
      const fresh = () => group([p.member, p.payer]);
      const left = async () => groupId;
      return {
        member: importInto(p.member, fresh),
        creator: importInto(p.creator, fresh),
        former: importInto(p.former, left),
        ...outsiders((as) => importInto(as, left)),
      };
    },
    'change app configuration': () => {
      const change = (as: Person) => async () => {
        const config = await ok(p.creator, 'GET', '/api/config');
        return status(as, 'PUT', '/api/config', { expenseCategories: config.expenseCategories });
      };
      return Object.fromEntries(ACTORS.map(([, actor]) => [actor, change(p[actor])]));
    },
  };

  describe('who may do what: every cell of the README table, against the server', () => {
    beforeAll(async () => {
      const adminEmail = uniqueEmail('admin');
      app = await ctx.buildApp({ ADMIN_EMAILS: adminEmail });
      for (const [, actor] of ACTORS) {
        // The admin's address is the one in ADMIN_EMAILS (this branch has no address verification yet).
        const email = actor === 'admin' ? adminEmail : uniqueEmail(actor);
        const r = await registerUser(app, { email });
        p[actor] = { id: r.user.id, token: r.token, email };
      }
      groupId = await group([p.member, p.payer, p.former]);
      // The former member paid for the creator, was paid back, and left.
      formerExpense = await expense(p.former, [p.creator], groupId);
      await ok(p.creator, 'POST', '/api/financial/settlements', {
        from_user_id: p.creator.id,
        to_user_id: p.former.id,
        amount: 5,
        currency: 'EUR',
        group_id: groupId,
      });
      await ok(p.former, 'POST', `/api/groups/${groupId}/leave`);
      personalExpense = await expense(p.payer, [p.named], null);
    });

    it('the README table has the actors and actions of the rule, and a scenario or a reason for every row', () => {
      expect(table.actors).toEqual(ACTORS.map(([heading]) => heading));
      for (const row of table.rows) {
        expect(Object.keys(scenarios), 'an action of the README table without a test').toContain(row.action);
      }
    });

    for (const row of table.rows) {
      it(`${row.action}: as the README says for each person`, async () => {
        const make = scenarios[row.action];
        if (!make) throw new Error(`no scenario for "${row.action}"`);
        const byActor = make();
        for (const [i, [heading, actor]] of ACTORS.entries()) {
          const want = expectation(row.cells[i] ?? '');
          const scenario = byActor[actor];
          if (want === 'nothing') {
            expect(
              scenario,
              `${row.action} / ${heading}: the README says there is nothing to act on`,
            ).toBeUndefined();
            continue;
          }
          if (!scenario) throw new Error(`${row.action} / ${heading}: no scenario for "${row.cells[i]}"`);
          const answers = await scenario();
          for (const answer of answers) {
            expect(
              want.allowed,
              `${row.action} / ${heading}: README "${row.cells[i]}", server ${answer}`,
            ).toContain(answer);
          }
        }
      });
    }
  });
}
