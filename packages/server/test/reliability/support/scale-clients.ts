import { randomUUID } from 'node:crypto';
import { type Answer, call, describeAnswer } from './http';
import type { Person } from './people';
import { expenseBody, random, settlementBody } from './writes';

const MAX_RETRIES = 10;

export interface Group {
  id: string;
  members: Person[];
}

/** What the clients know of one expense they created: every change the API confirmed. */
export interface Tracked {
  id: string;
  groupId: string;
  payer: Person;
  currency: string;
  /** Confirmed versions with what they hold: the create (version 1), then each confirmed edit. */
  confirmed: { version: number; description: string; amount: number }[];
  /** The newest version a client has seen (may be stale by the time it is used: that is the point). */
  seenVersion: number;
  deletedAt: number | null;
}

export interface Tally {
  attempted: number;
  succeeded: number;
  conflicts: number;
  /** Edits or deletes of an expense another client had deleted meanwhile (404, expected). */
  gone: number;
  /** Creates sent to both processes at once with one Idempotency-Key; the second answer replays. */
  duplicateDeliveries: number;
  replays: number;
  retries: number;
  /** 503 answers: transactions PostgreSQL rolled back (deadlock victims), each sent again. */
  transient: number;
  byKind: Record<string, number>;
  unexpected: string[];
}

export interface Run {
  expenses: Map<string, Tracked>;
  settlements: Set<string>;
  tally: Tally;
}

/**
 * `clients` concurrent clients, each a member of one group, write until `budget` writes have succeeded
 * between them: creates (some delivered twice, to both processes at once, with one Idempotency-Key), edits
 * with the version they last saw, deletes of their own expenses, settlements; two currencies. A write
 * refused as intended (409 for a stale version, 404 for an expense deleted meanwhile) or answered
 * unexpectedly does not count towards the budget, so more are attempted; never more than
 * `maxAttempts`, so a server that keeps refusing cannot keep the run going. Client c sends its n-th
 * request to servers[(c + n) % servers.length]. A create that gets no answer or a 503 is retried with its key.
 */
export async function runClients(
  servers: string[],
  groups: Group[],
  clients: number,
  budget: number,
  maxAttempts = budget * 2,
): Promise<Run> {
  const run: Run = {
    expenses: new Map(),
    settlements: new Set(),
    tally: {
      attempted: 0,
      succeeded: 0,
      conflicts: 0,
      gone: 0,
      duplicateDeliveries: 0,
      replays: 0,
      retries: 0,
      transient: 0,
      byKind: {},
      unexpected: [],
    },
  };
  const { tally } = run;
  const byGroup = new Map<string, string[]>(groups.map((g) => [g.id, []]));
  // Successes still needed, less the writes in flight (each holds one and gives it back unless it succeeds).
  let left = budget;

  const count = (kind: string, answer: Answer, ok: number) => {
    tally.byKind[`${kind} ${answer.status}`] = (tally.byKind[`${kind} ${answer.status}`] ?? 0) + 1;
    if (answer.status === ok) {
      tally.succeeded++;
      return;
    }
    left++;
    if (answer.status === 409) tally.conflicts++;
    else if (answer.status === 404 && kind !== 'create' && kind !== 'settle') tally.gone++;
    else tally.unexpected.push(`${kind}: ${describeAnswer(answer)}`);
  };

  async function client(c: number) {
    const rnd = random(1_000 + c);
    const group = groups[c % groups.length] as Group;
    const me = group.members[Math.floor(c / groups.length) % group.members.length] as Person;
    const mine = byGroup.get(group.id) as string[];
    for (let n = 0; left > 0 && tally.attempted < maxAttempts; n++) {
      left--;
      tally.attempted++;
      const server = servers[(c + n) % servers.length] as string;
      const other = servers[(c + n + 1) % servers.length] as string;
      const currency = rnd.next() < 0.5 ? 'EUR' : 'CZK';
      const roll = rnd.next();
      // Recent expenses are the ones people fight over.
      const recent = mine.slice(-12).map((id) => run.expenses.get(id) as Tracked);

      if (roll < 0.4 || recent.length === 0) {
        const description = `c${c}-${n}`;
        const body = expenseBody(rnd, group.id, me, group.members, currency, description);
        const key = randomUUID();
        const send = (to: string) =>
          call(to, 'POST', '/api/expenses', { token: me.token, body, headers: { 'idempotency-key': key } });
        const twice = rnd.next() < 0.1;
        const answers = twice
          ? await Promise.all([retried(send, server, other), retried(send, other, server)])
          : [await retried(send, server, other)];
        const ids = new Set(answers.filter((a) => a.status === 201).map((a) => a.body.id as string));
        const replayed = answers.filter((a) => a.headers?.get('idempotent-replayed') === 'true').length;
        tally.replays += replayed;
        if (twice) {
          tally.duplicateDeliveries++;
          // Both answered with the one expense; exactly one of the answers is the replay.
          if (ids.size !== 1 || replayed !== 1 || answers.some((a) => a.status !== 201)) {
            tally.unexpected.push(`one key sent twice: ${answers.map(describeAnswer).join(' / ')}`);
          }
        }
        const first = answers.find((a) => a.status === 201) ?? (answers[0] as Answer);
        count('create', first, 201);
        if (first.status !== 201) continue;
        const created = first.body;
        run.expenses.set(created.id, {
          id: created.id,
          groupId: group.id,
          payer: me,
          currency,
          confirmed: [{ version: created.version, description, amount: created.amount }],
          seenVersion: created.version,
          deletedAt: null,
        });
        mine.push(created.id);
      } else if (roll < 0.65) {
        const target = rnd.pick(recent);
        const description = `c${c}-${n} edit`;
        const body = {
          ...expenseBody(rnd, group.id, target.payer, group.members, target.currency, description),
          version: target.seenVersion,
        };
        const send = (to: string) => call(to, 'PUT', `/api/expenses/${target.id}`, { token: me.token, body });
        const answer = await retried(send, server, other);
        count('edit', answer, 200);
        if (answer.status === 200) {
          target.confirmed.push({ version: answer.body.version, description, amount: answer.body.amount });
          target.seenVersion = Math.max(target.seenVersion, answer.body.version);
        }
      } else if (roll < 0.75) {
        const own = recent.filter((e) => e.payer === me && e.deletedAt === null);
        const target = own.length > 0 ? rnd.pick(own) : rnd.pick(recent);
        const path = `/api/expenses/${target.id}?version=${target.seenVersion}`;
        const send = (to: string) => call(to, 'DELETE', path, { token: target.payer.token });
        const answer = await retried(send, server, other);
        count('delete', answer, 200);
        if (answer.status === 200) target.deletedAt = target.seenVersion + 1;
      } else {
        const to = rnd.pick(group.members.filter((p) => p !== me));
        const body = settlementBody(rnd, group.id, me, to, currency);
        const key = randomUUID();
        const send = (at: string) =>
          call(at, 'POST', '/api/financial/settlements', {
            token: me.token,
            body,
            headers: { 'idempotency-key': key },
          });
        const answer = await retried(send, server, other);
        count('settle', answer, 201);
        if (answer.status === 201) run.settlements.add(answer.body.id);
      }
    }
  }

  /**
   * A write answered 503 (PostgreSQL rolled it back whole: a deadlock victim) or not at all is sent again,
   * to the other process, as it was: creates with the same Idempotency-Key, edits and deletes with the
   * same version (so it cannot apply twice).
   */
  async function retried(send: (to: string) => Promise<Answer>, first: string, second: string) {
    let answer = await send(first);
    for (
      let attempt = 1;
      attempt <= MAX_RETRIES && (answer.status === 0 || answer.status === 503);
      attempt++
    ) {
      tally.retries++;
      if (answer.status === 503) tally.transient++;
      // As a client should: wait a little longer each time, with jitter, before sending it again.
      await new Promise((done) => setTimeout(done, 50 * attempt + Math.random() * 50));
      answer = await send(attempt % 2 ? second : first);
    }
    return answer;
  }

  await Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
  return run;
}
