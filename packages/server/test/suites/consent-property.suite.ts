import { parseMoney } from '@kitty/domain';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { writeFigures } from '../reliability/support/report';
import type { TestContext } from '../support/context';
import type { Engine } from '../support/databases';
import { bearer, registerUser, uniqueEmail } from '../support/users';
import { expectTotalIsTheList } from './financial-support';

/**
 * The property of issue 19: whatever anyone does to a group (creates, edits, deletes, settlements,
 * settling debts and expenses, adding members, leaving), every answer that shows the group's balances
 * shows them summing to exactly zero per currency over its current members. Many short random sequences,
 * each on a group of its own, on the file's shared database; docs/reliability/consent.json gets the
 * figures. CONSENT_RUNS and CONSENT_SEED override the number of sequences and the seed.
 */
const RUNS: Record<Engine, number> = { pglite: 200, postgres: 200 };
const SEED = Number(process.env.CONSENT_SEED ?? 20_261_126);

type Person = { id: string; token: string; email: string; name: string };
type Op =
  | { kind: 'create'; actor: number; payer: number; mask: number; cents: number; currency: string }
  | { kind: 'edit'; actor: number; k: number; payer: number; mask: number; cents: number }
  | { kind: 'delete'; actor: number; k: number }
  | { kind: 'settle'; actor: number; from: number; to: number; cents: number; currency: string }
  | { kind: 'settleExpense'; actor: number; k: number }
  | { kind: 'settleDebt'; actor: number; k: number; asDebtor: boolean }
  | { kind: 'settleUp'; actor: number }
  | { kind: 'join'; actor: number; person: number }
  | { kind: 'leave'; actor: number; settleFirst: boolean };

// Four people: 0 creates every group (and so never leaves), 1 and 2 start in it, 3 starts outside.
// Mostly the people in the group, so that most operations are carried out and people get to leave.
const who = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 2 }) },
  { weight: 1, arbitrary: fc.constant(3) },
);
const leaver = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 2 }) },
  { weight: 1, arbitrary: who },
);
const k = fc.nat(7);
const cents = fc.integer({ min: 1, max: 9_000 });
const currency = fc.constantFrom('EUR', 'CZK');
const mask = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 7 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 15 }) },
);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      actor: who,
      payer: who,
      mask,
      cents,
      currency,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('edit' as const), actor: who, k, payer: who, mask, cents }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('delete' as const), actor: who, k }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      actor: who,
      from: who,
      to: who,
      cents,
      currency,
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('settleExpense' as const), actor: who, k }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('settleDebt' as const), actor: who, k, asDebtor: fc.boolean() }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('settleUp' as const), actor: leaver }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('join' as const), actor: who, person: who }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('leave' as const), actor: leaver, settleFirst: fc.boolean() }),
  },
);
const sequence = fc.array(op, { minLength: 1, maxLength: 12 });

const minor = (value: number, cur: string) => {
  const parsed = parseMoney(value, cur);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};
const money = (c: number) => c / 100;

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely; the contract check runs on every inject
type Answer = any;

interface Stats {
  sequences: number;
  operations: number;
  accepted: number;
  refused: number;
  answers: number;
  violations: number;
}

/** Sums per currency that are not zero, as "EUR 12" strings (empty when every sum is zero). */
function nonZero(sums: Map<string, number>): string[] {
  return [...sums].filter(([, v]) => v !== 0).map(([c, v]) => `${c} ${v}`);
}
function add(sums: Map<string, number>, cur: string, value: number) {
  sums.set(cur, (sums.get(cur) ?? 0) + value);
}

class Run {
  groupId = '';
  expenses: string[] = [];
  constructor(
    private readonly app: FastifyInstance,
    private readonly people: Person[],
    private readonly stats: Stats,
  ) {}

  async send(as: Person, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
    const response = await this.app.inject({
      method,
      url,
      headers: bearer(as.token),
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 500)
      throw new Error(`${method} ${url} answered ${response.statusCode} ${response.body}`);
    return { status: response.statusCode, body: (response.body ? response.json() : null) as Answer };
  }

  async start() {
    const [owner, one, two] = this.people as [Person, Person, Person];
    const made = await this.send(owner, 'POST', '/api/groups', {
      name: 'Consent',
      currency: 'EUR',
      members: [{ email: one.email }, { email: two.email }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    this.groupId = made.body.id;
  }

  private expense(payerIndex: number, m: number, c: number, cur: string) {
    const payer = this.people[payerIndex] as Person;
    const participants = this.people.filter((_, i) => m & (1 << i)).map((p) => p.id);
    return {
      description: 'Something',
      amount: money(c),
      currency: cur,
      category: 'groceries',
      split_type: 'equal',
      paid_by: payer.id,
      participants,
      split_with: participants.filter((id) => id !== payer.id),
      split_details: {},
    };
  }

  private pick(index: number): string | undefined {
    return this.expenses.length ? this.expenses[index % this.expenses.length] : undefined;
  }

  /** Sends the operation; true when it was carried out (2xx), false when refused or not applicable. */
  async apply(o: Op): Promise<boolean> {
    const actor = this.people[o.actor] as Person;
    let status = 0;
    switch (o.kind) {
      case 'create': {
        const body = { ...this.expense(o.payer, o.mask, o.cents, o.currency), group_id: this.groupId };
        const r = await this.send(actor, 'POST', '/api/expenses', body);
        if (r.status === 201) this.expenses.push(r.body.id);
        status = r.status;
        break;
      }
      case 'edit': {
        const id = this.pick(o.k);
        if (!id) return false;
        // Same currency as before is not known here: EUR; a change of currency is an edit too.
        status = (
          await this.send(actor, 'PUT', `/api/expenses/${id}`, this.expense(o.payer, o.mask, o.cents, 'EUR'))
        ).status;
        break;
      }
      case 'delete': {
        const id = this.pick(o.k);
        if (!id) return false;
        status = (await this.send(actor, 'DELETE', `/api/expenses/${id}`)).status;
        break;
      }
      case 'settle': {
        const body = {
          from_user_id: (this.people[o.from] as Person).id,
          to_user_id: (this.people[o.to] as Person).id,
          amount: money(o.cents),
          currency: o.currency,
          group_id: this.groupId,
        };
        status = (await this.send(actor, 'POST', '/api/financial/settlements', body)).status;
        break;
      }
      case 'settleExpense': {
        const id = this.pick(o.k);
        if (!id) return false;
        status = (await this.send(actor, 'POST', `/api/financial/settle/${id}`, { expense_id: id })).status;
        break;
      }
      case 'settleDebt': {
        const debts = (
          await this.send(this.people[0] as Person, 'GET', `/api/financial/group/${this.groupId}/debts`)
        ).body.debts as { id: string; from: { id: string } }[];
        const debt = debts[o.k % Math.max(1, debts.length)];
        if (!debt) return false;
        const as = o.asDebtor ? (this.people.find((p) => p.id === debt.from.id) ?? actor) : actor;
        status = (await this.send(as, 'POST', `/api/financial/debts/${debt.id}/settle`)).status;
        break;
      }
      case 'settleUp':
        status = await this.settleUp(actor);
        if (status === 0) return false;
        break;
      case 'join': {
        const person = this.people[o.person] as Person;
        status = (
          await this.send(actor, 'POST', `/api/groups/${this.groupId}/members`, { email: person.email })
        ).status;
        break;
      }
      case 'leave':
        // As people do: settle up first (when asked to), then leave.
        if (o.settleFirst && (await this.settleUp(actor)) > 0)
          await this.checkBalances('settling up to leave');
        status = (await this.send(actor, 'POST', `/api/groups/${this.groupId}/leave`)).status;
        break;
    }
    this.stats.operations++;
    if (status < 300) this.stats.accepted++;
    else this.stats.refused++;
    return status < 300;
  }

  /**
   * The actor settles every debt of the group they are in, as the plan has them, to reach zero: the
   * status of the last refused one, 201 when all were carried out, 0 when they had none.
   */
  private async settleUp(actor: Person): Promise<number> {
    const debts = (
      await this.send(this.people[0] as Person, 'GET', `/api/financial/group/${this.groupId}/debts`)
    ).body.debts as { id: string; from: { id: string }; to: { id: string } }[];
    const mine = debts.filter((d) => d.from.id === actor.id || d.to.id === actor.id);
    let status = mine.length === 0 ? 0 : 201;
    for (const debt of mine) {
      const r = await this.send(actor, 'POST', `/api/financial/debts/${debt.id}/settle`);
      if (r.status >= 300) status = r.status;
    }
    return status;
  }

  private violation(where: string, problems: string[]) {
    if (problems.length === 0) return;
    this.stats.violations++;
    throw new Error(`${where}: the current members' balances do not sum to zero: ${problems.join(', ')}`);
  }

  /** Group balances: every member's net per currency. Cheap enough to read after every operation. */
  async checkBalances(after: string) {
    const r = await this.send(
      this.people[0] as Person,
      'GET',
      `/api/financial/balances/group/${this.groupId}`,
    );
    this.stats.answers++;
    const sums = new Map<string, number>();
    for (const member of r.body.balances) {
      for (const row of member.currency_breakdown) add(sums, row.currency, minor(row.net, row.currency));
    }
    this.violation(`balances after ${after}`, nonZero(sums));
  }

  /** Every other answer that shows the balances: group detail, each member's summary, the export. */
  async checkEverything() {
    const owner = this.people[0] as Person;
    const detail = (await this.send(owner, 'GET', `/api/groups/${this.groupId}`)).body;
    this.stats.answers++;
    const memberIds = new Set<string>(detail.Members.map((m: { id: string }) => m.id));
    const detailSum = new Map<string, number>();
    for (const value of Object.values(detail.memberBalances) as number[])
      add(detailSum, 'EUR', minor(value, 'EUR'));
    this.violation('group detail', nonZero(detailSum));

    const summarySums = new Map<string, number>();
    for (const person of this.people.filter((p) => memberIds.has(p.id))) {
      const summary = (await this.send(person, 'GET', '/api/balance/summary')).body;
      this.stats.answers++;
      const group = summary.data.groups.find((g: { group_id: string }) => g.group_id === this.groupId);
      if (!group) throw new Error('a member does not see the group in their summary');
      add(summarySums, group.currency, minor(group.balance, group.currency));
      for (const b of group.balances) add(summarySums, b.currency, minor(b.amount, b.currency));
    }
    this.violation('balance summaries', nonZero(summarySums));

    const exported = (await this.send(owner, 'GET', `/api/groups/${this.groupId}/export`)).body;
    this.stats.answers++;
    const names = new Set(this.people.filter((p) => memberIds.has(p.id)).map((p) => p.name));
    const exportSums = new Map<string, number>();
    const count = (name: string, cur: string, value: number) => {
      if (names.has(name)) add(exportSums, cur, value);
    };
    for (const e of exported.expenses) {
      count(e.payer_name, e.currency, minor(e.amount, e.currency));
      for (const p of e.participants) count(p.user_name, e.currency, -minor(p.amount, e.currency));
    }
    for (const s of exported.settlements) {
      count(s.from_user_name, s.currency, minor(s.amount, s.currency));
      count(s.to_user_name, s.currency, -minor(s.amount, s.currency));
    }
    this.violation('export', nonZero(exportSums));
  }
}

export function consentPropertySuite(ctx: TestContext): void {
  describe('consent and membership: a property over random sequences of writes', () => {
    it(`any creates, edits, deletes, settlements, joins and leaves keep every group's balances at zero (${RUNS[ctx.engine]} sequences)`, async () => {
      const people: Person[] = [];
      for (const first of ['Ada', 'Bo', 'Cy', 'Di']) {
        // Names unique in the database: the export names people.
        const name = `${first}${crypto.randomUUID().slice(0, 6)}`;
        const r = await registerUser(ctx.app, { first_name: name, email: uniqueEmail(first.toLowerCase()) });
        people.push({ id: r.user.id, token: r.token, email: r.email, name: r.user.display_name as string });
      }
      const stats: Stats = {
        sequences: 0,
        operations: 0,
        accepted: 0,
        refused: 0,
        answers: 0,
        violations: 0,
      };
      const started = performance.now();
      try {
        await fc.assert(
          fc.asyncProperty(sequence, async (ops) => {
            stats.sequences++;
            const run = new Run(ctx.app, people, stats);
            await run.start();
            for (const [i, o] of ops.entries()) {
              // A refused operation changes nothing (the suites prove it for each): only a carried-out
              // one is followed by a look at the balances.
              if (await run.apply(o)) await run.checkBalances(`operation ${i + 1} (${o.kind})`);
            }
            await run.checkEverything();
          }),
          { numRuns: Number(process.env.CONSENT_RUNS ?? RUNS[ctx.engine]), seed: SEED },
        );
        // After every sequence, each person's list total (a running count) is what their list holds.
        for (const person of people) await expectTotalIsTheList(ctx.app, person);
      } finally {
        const on = `on ${ctx.engine}`;
        writeFigures('consent', 'Consent and membership', {
          [`sequences run ${on}`]: stats.sequences,
          [`operations ${on}`]: stats.operations,
          [`operations carried out ${on}`]: stats.accepted,
          [`operations refused (4xx) ${on}`]: stats.refused,
          [`answers checked ${on}`]: stats.answers,
          [`balances not summing to zero (mismatches) ${on}`]: stats.violations,
          [`seconds ${on}`]: Math.round((performance.now() - started) / 100) / 10,
          [`seed ${on} (CONSENT_SEED)`]: String(SEED),
        });
      }
    }, 300_000);
  });
}
