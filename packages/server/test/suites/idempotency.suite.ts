import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { canonicalJson, KEY_IN_PROGRESS, KEY_REUSED, TOO_DEEP } from '../../src/http/idempotency';
import { deleteExpiredKeys } from '../../src/http/idempotency-store';
import { expectContract, injectUnchecked } from '../contract';
import type { TestContext } from '../support/context';
import { type CreateCase, KEYED_CREATES, prepareCreate } from './idempotency-fixtures';

const newKey = () => crypto.randomUUID();

function send(
  app: FastifyInstance,
  c: CreateCase,
  key?: string,
  over: Partial<CreateCase['other']> = {},
  inject = app.inject.bind(app),
) {
  const url = over.url ?? c.url;
  const payload = 'payload' in over ? over.payload : c.payload;
  return inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${c.token}`,
      ...(key === undefined ? {} : { 'idempotency-key': key }),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

/** The key row the server would write for POST /financial/debts/{debtId}/settle (no body, no query). */
async function insertKeyRow(
  ctx: TestContext,
  c: CreateCase,
  key: string,
  stored?: { status: number; text: string },
) {
  const debtId = c.url.split('/')[4];
  const hash = createHash('sha256')
    .update(canonicalJson({ params: { debtId }, query: {}, body: null }))
    .digest('hex');
  await ctx.db.query(
    `INSERT INTO idempotency_keys (user_id, key, method, path, request_hash, response_status, response)
     VALUES ($1, $2, 'POST', '/api/financial/debts/:debtId/settle', $3, $4, to_jsonb($5::text))`,
    [c.userId, key, hash, stored?.status ?? null, stored?.text ?? null],
  );
}

const keyRows = async (ctx: TestContext, key: string) =>
  (await ctx.db.query('SELECT response_status FROM idempotency_keys WHERE key = $1', [key])).rows;

function expectSuccess(response: LightMyRequestResponse, c: CreateCase): void {
  expect([200, 201], response.body).toContain(response.statusCode);
  expectContract(response, c.operationId);
}

export function idempotencySuite(ctx: TestContext): void {
  describe('idempotency: a repeated create with the same Idempotency-Key', () => {
    for (const operationId of KEYED_CREATES) {
      it(`${operationId}: answers the first status and body again, marked replayed, and writes exactly once`, async () => {
        const c = await prepareCreate(ctx.app, operationId);
        expect(await c.writes(ctx.db)).toBe(0);
        const key = newKey();
        const first = await send(ctx.app, c, key);
        expectSuccess(first, c);
        expect(first.headers['idempotent-replayed']).toBeUndefined();
        const again = await send(ctx.app, c, key);
        const third = await send(ctx.app, c, key);
        for (const replay of [again, third]) {
          expect(replay.statusCode).toBe(first.statusCode);
          expect(replay.body).toBe(first.body);
          expect(replay.headers['idempotent-replayed']).toBe('true');
          expectContract(replay, operationId);
        }
        expect(await c.writes(ctx.db)).toBe(1);
      });

      it(`${operationId}: the same key with another request is a 422 with the message, and writes nothing`, async () => {
        const c = await prepareCreate(ctx.app, operationId);
        const key = newKey();
        expectSuccess(await send(ctx.app, c, key), c);
        const before = await c.writes(ctx.db);
        const refused = await send(ctx.app, c, key, c.other);
        expect(refused.statusCode, refused.body).toBe(422);
        expect(expectContract(refused, operationId)).toEqual({
          code: 'IDEMPOTENCY_KEY_REUSED',
          message: KEY_REUSED,
        });
        expect(await c.writes(ctx.db)).toBe(before);
        // The key still answers its own request.
        const replay = await send(ctx.app, c, key);
        expect(replay.headers['idempotent-replayed']).toBe('true');
      });
    }

    it('a duplicate of a request still in progress (its key reserved, no answer yet) is a 409 and writes nothing', async () => {
      const c = await prepareCreate(ctx.app, 'settleDebt');
      const key = newKey();
      await insertKeyRow(ctx, c, key);
      const busy = await send(ctx.app, c, key);
      expect(busy.statusCode, busy.body).toBe(409);
      expect(expectContract(busy, 'settleDebt')).toEqual({
        code: 'IDEMPOTENCY_KEY_IN_PROGRESS',
        message: KEY_IN_PROGRESS,
      });
      expect(await c.writes(ctx.db)).toBe(0);
    });

    it('a replay is the stored answer itself, never a second run of the create', async () => {
      const c = await prepareCreate(ctx.app, 'settleDebt');
      const key = newKey();
      const text = '{"stored":"answer","amount":10.5}';
      await insertKeyRow(ctx, c, key, { status: 201, text });
      // The planted answer is not a settlement: the contract check would (rightly) refuse it.
      const replay = await send(ctx.app, c, key, {}, injectUnchecked(ctx.app));
      expect(replay.statusCode).toBe(201);
      expect(replay.body).toBe(text);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.headers['content-type']).toMatch(/^application\/json/);
      expect(await c.writes(ctx.db)).toBe(0);
    });

    it('the request is the same whatever the order of its keys; a body nested too deeply is a 400', () => {
      expect(canonicalJson({ b: 1, a: { d: [2, { f: 3, e: 4 }], c: null } })).toBe(
        canonicalJson({ a: { c: null, d: [2, { e: 4, f: 3 }] }, b: 1 }),
      );
      let deep: unknown = 1;
      for (let i = 0; i < 10_000; i++) deep = [deep];
      expect(() => canonicalJson(deep)).toThrow(
        expect.objectContaining({ status: 400, code: 'MALFORMED_REQUEST', message: TOO_DEEP }),
      );
    });

    it('an operation without a body ignores any body sent: another body under the key is the same request, replayed', async () => {
      const c = await prepareCreate(ctx.app, 'settleDebt');
      const key = newKey();
      const nested = `${'['.repeat(20)}${']'.repeat(20)}`;
      const post = (payload: string) =>
        ctx.app.inject({
          method: 'POST',
          url: c.url,
          headers: {
            authorization: `Bearer ${c.token}`,
            'idempotency-key': key,
            'content-type': 'application/json',
          },
          payload,
        });
      const first = await post(nested);
      expect(first.statusCode, first.body).toBe(201);
      const again = await post('{"anything":"else"}');
      expect(again.statusCode, again.body).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(first.body);
      expect(await c.writes(ctx.db)).toBe(1);
    });

    it('the same key on another operation is a 422', async () => {
      const expense = await prepareCreate(ctx.app, 'createExpense');
      const key = newKey();
      expectSuccess(await send(ctx.app, expense, key), expense);
      const group = await ctx.app.inject({
        method: 'POST',
        url: '/api/groups',
        headers: { authorization: `Bearer ${expense.token}`, 'idempotency-key': key },
        payload: { name: 'Another request' },
      });
      expect(group.statusCode, group.body).toBe(422);
      expect(group.json()).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', message: KEY_REUSED });
      const { rows } = await ctx.db.query("SELECT 1 FROM groups WHERE name = 'Another request'");
      expect(rows).toEqual([]);
    });

    it('keys belong to one person: two people may use the same key for their own creates', async () => {
      const first = await prepareCreate(ctx.app, 'createGroup');
      const second = await prepareCreate(ctx.app, 'createGroup');
      const key = newKey();
      const a = await send(ctx.app, first, key);
      const b = await send(ctx.app, second, key);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(b.headers['idempotent-replayed']).toBeUndefined();
      expect(a.json().id).not.toBe(b.json().id);
      expect([await first.writes(ctx.db), await second.writes(ctx.db)]).toEqual([1, 1]);
    });

    it('without a key nothing is deduplicated: two identical creates write twice', async () => {
      const c = await prepareCreate(ctx.app, 'createExpense');
      expectSuccess(await send(ctx.app, c), c);
      expectSuccess(await send(ctx.app, c), c);
      expect(await c.writes(ctx.db)).toBe(2);
    });

    it('a malformed key (empty, too long, spaces, not ASCII) is a 400 and writes nothing', async () => {
      const c = await prepareCreate(ctx.app, 'createGroup');
      for (const key of ['', 'x'.repeat(256), 'two words', 'tab\there', 'caf\u00e9']) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: c.url,
          headers: { authorization: `Bearer ${c.token}`, 'idempotency-key': key },
          payload: c.payload,
        });
        expect(response.statusCode, `${JSON.stringify(key)}: ${response.body}`).toBe(400);
        const body = expectContract(response, 'createGroup');
        expect(body.message).toBeTruthy();
      }
      expect(await c.writes(ctx.db)).toBe(0);
      // 255 visible characters is the longest key.
      expectSuccess(await send(ctx.app, c, '!'.repeat(200) + '~'.repeat(55)), c);
    });

    it('a refused first attempt is not kept: a corrected retry with the same key is carried out', async () => {
      const c = await prepareCreate(ctx.app, 'createExpense');
      const key = newKey();
      const wrong = await send(ctx.app, c, key, { payload: { ...(c.payload as object), amount: 30.001 } });
      expect(wrong.statusCode, wrong.body).toBe(400);
      expect(await keyRows(ctx, key)).toEqual([]);
      const corrected = await send(ctx.app, c, key);
      expect(corrected.statusCode, corrected.body).toBe(201);
      expect(corrected.headers['idempotent-replayed']).toBeUndefined();
      expect(await keyRows(ctx, key)).toEqual([{ response_status: 201 }]);
      expect(await c.writes(ctx.db)).toBe(1);
    });

    it('a replay answers what was created even after it was deleted, and creates nothing again', async () => {
      const c = await prepareCreate(ctx.app, 'createExpense');
      const key = newKey();
      const first = await send(ctx.app, c, key);
      const id = first.json().id as string;
      const deleted = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/expenses/${id}`,
        headers: { authorization: `Bearer ${c.token}` },
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      const replay = await send(ctx.app, c, key);
      expect(replay.body).toBe(first.body);
      expect(await c.writes(ctx.db)).toBe(0);
    });

    it('a key older than 24 hours is free again; expired keys are swept, recent ones kept', async () => {
      const c = await prepareCreate(ctx.app, 'createGroup');
      const key = newKey();
      expectSuccess(await send(ctx.app, c, key, c.other), c);
      await ctx.db.query(
        "UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1",
        [key],
      );
      // Another body under the old key: a new request, not a 422.
      const fresh = await send(ctx.app, c, key);
      expect(fresh.statusCode, fresh.body).toBe(201);
      expect(fresh.headers['idempotent-replayed']).toBeUndefined();
      expect(await c.writes(ctx.db)).toBe(1);

      const stale = newKey();
      expectSuccess(await send(ctx.app, await prepareCreate(ctx.app, 'createGroup'), stale), c);
      await ctx.db.query(
        "UPDATE idempotency_keys SET created_at = now() - interval '24 hours 1 minute' WHERE key = $1",
        [stale],
      );
      expect(await deleteExpiredKeys(ctx.db)).toBeGreaterThanOrEqual(1);
      expect(await keyRows(ctx, stale)).toEqual([]);
      expect(await keyRows(ctx, key)).toEqual([{ response_status: 201 }]);
    });
  });
}
