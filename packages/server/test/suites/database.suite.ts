import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../../src/db/migrate';
import { createTestDatabase } from '../support/databases';
import type { TestContext } from '../support/context';

async function insertUser(ctx: TestContext, email: string): Promise<string> {
  const { rows } = await ctx.db.query<{ id: string }>('INSERT INTO users (email) VALUES ($1) RETURNING id', [
    email,
  ]);
  return rows[0]!.id;
}

const SERVER_SRC = fileURLToPath(new URL('../../src', import.meta.url));

function uniqueEmail(prefix = 'db'): string {
  return `${prefix}-${crypto.randomUUID()}@example.com`;
}

export function databaseSuite(ctx: TestContext): void {
  describe('migrations', () => {
    it('applying the migrations again changes nothing', async () => {
      expect(await migrate(ctx.db)).toEqual([]);
      const { rows } = await ctx.db.query<{ name: string }>(
        'SELECT name FROM schema_migrations ORDER BY version',
      );
      expect(rows.map((row) => row.name)).toEqual(readMigrations().map((m) => m.name));
    });

    it('two starts migrating a fresh database at once apply each migration exactly once', async () => {
      const fresh = await createTestDatabase(ctx.engine, { migrated: false });
      try {
        const [a, b] = await Promise.all([migrate(fresh.db), migrate(fresh.db)]);
        expect([...a, ...b]).toEqual(readMigrations().map((m) => m.name));
        const { rows } = await fresh.db.query('SELECT version FROM schema_migrations');
        expect(rows).toHaveLength(readMigrations().length);
      } finally {
        await fresh.drop();
      }
    });

    it('starts on a database that applied 0007 as it landed at later stops (the same triggers made in a loop)', async () => {
      const loopText = '02a379bd6eef6e7d735ba9ca66ec9808f226e0d3c0c50d526ca5a5fff69d423e';
      const { rows } = await ctx.db.query<{ checksum: string }>(
        'SELECT checksum FROM schema_migrations WHERE version = 7',
      );
      const current = rows[0]?.checksum as string;
      expect(current).not.toBe(loopText);
      await ctx.db.query('UPDATE schema_migrations SET checksum = $1 WHERE version = 7', [loopText]);
      try {
        expect(await migrate(ctx.db)).toEqual([]);
      } finally {
        await ctx.db.query('UPDATE schema_migrations SET checksum = $1 WHERE version = 7', [current]);
      }
    });

    it('no function or trigger of the schema notifies, and no SQL of the server does: writes commit side by side', async () => {
      // A notifying commit takes a cluster-wide lock, so every write of every process would commit one at a
      // time (why 0012 dropped 0008's notifications). Work that must wake up polls an index instead (the
      // recurring runner's next_at), and the server's own SQL never says NOTIFY or LISTEN.
      const { rows } = await ctx.db.query<{ proname: string }>(
        `SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
         WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
           AND p.prosrc ~* '(pg_notify|\\mnotify\\M)'`,
      );
      expect(rows).toEqual([]);
      const sources = readdirSync(SERVER_SRC, { recursive: true, encoding: 'utf8' }).filter((f) =>
        f.endsWith('.ts'),
      );
      const notifying = sources.filter((f) =>
        /\b(NOTIFY|LISTEN|UNLISTEN)\b|pg_notify/.test(readFileSync(join(SERVER_SRC, f), 'utf8')),
      );
      expect(sources.length).toBeGreaterThan(50);
      expect(notifying).toEqual([]);
    });

    it('refuses to start when a landed migration was edited', async () => {
      const edited = readMigrations().map((m, i) => (i === 0 ? { ...m, checksum: 'edited' } : m));
      await expect(migrate(ctx.db, edited)).rejects.toThrow(/changed after it was applied/);
    });
  });

  describe('values read back the same on both engines', () => {
    it('bigint as number, date as YYYY-MM-DD text, numeric as text, jsonb parsed, uuid arrays', async () => {
      const id = await insertUser(ctx, uniqueEmail());
      const { rows } = await ctx.db.query(
        `SELECT 9007199254740991::int8 AS big, '2024-02-29'::date AS day, 12.5::numeric AS pct,
                $1::jsonb AS doc, (SELECT count(*) FROM users WHERE id = ANY($2::uuid[])) AS found`,
        [JSON.stringify({ shares: { a: 2 } }), [id]],
      );
      expect(rows[0]).toEqual({
        big: 9007199254740991,
        day: '2024-02-29',
        pct: '12.5',
        doc: { shares: { a: 2 } },
        found: 1,
      });
    });

    it('a bigint beyond 2^53 is an error, never a silently rounded amount', async () => {
      await expect(ctx.db.query('SELECT 9007199254740993::int8 AS big')).rejects.toThrow(/too large/);
    });
  });

  describe('prepared statements', () => {
    it('a statement used again is prepared on its connection (PostgreSQL), one used once is not', async () => {
      const again = `SELECT count(*)::int AS n FROM users WHERE email = $1 /* ${crypto.randomUUID()} */`;
      const once = `SELECT count(*)::int AS n FROM users WHERE email = $1 /* ${crypto.randomUUID()} */`;
      const answers = [];
      for (let i = 0; i < 3; i++)
        answers.push((await ctx.db.query<{ n: number }>(again, ['x@example.com'])).rows);
      await ctx.db.query(once, ['x@example.com']);
      expect(answers).toEqual([[{ n: 0 }], [{ n: 0 }], [{ n: 0 }]]);
      // Sequential calls reuse the pool's most recently released connection: this query sees its statements.
      const { rows } = await ctx.db.query<{ statement: string }>(
        'SELECT statement FROM pg_prepared_statements',
      );
      const prepared = rows.map((row) => row.statement);
      // PGlite has one connection and no pool: it runs every statement unnamed.
      expect(prepared.includes(again)).toBe(ctx.engine === 'postgres');
      expect(prepared).not.toContain(once);
    });

    it("a prepared statement inside a transaction sees that transaction's own writes", async () => {
      const email = uniqueEmail();
      const sql = 'SELECT count(*)::int AS n FROM users WHERE email = $1';
      await ctx.db.query(sql, [email]);
      await ctx.db.query(sql, [email]);
      const seen = await ctx.db.transaction(async (tx) => {
        await tx.query('INSERT INTO users (email) VALUES ($1)', [email]);
        return (await tx.query<{ n: number }>(sql, [email])).rows[0]?.n;
      });
      expect(seen).toBe(1);
    });
  });

  describe('transactions', () => {
    it('a transaction that throws leaves nothing behind', async () => {
      const email = uniqueEmail();
      await expect(
        ctx.db.transaction(async (tx) => {
          await tx.query('INSERT INTO users (email) VALUES ($1)', [email]);
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      const { rows } = await ctx.db.query('SELECT 1 FROM users WHERE email = $1', [email]);
      expect(rows).toHaveLength(0);
    });

    it('a nested transaction that fails rolls back only its own writes', async () => {
      const [kept, undone] = [uniqueEmail(), uniqueEmail()];
      await ctx.db.transaction(async (tx) => {
        await tx.query('INSERT INTO users (email) VALUES ($1)', [kept]);
        await tx
          .transaction(async (inner) => {
            await inner.query('INSERT INTO users (email) VALUES ($1)', [undone]);
            throw new Error('inner');
          })
          .catch(() => undefined);
      });
      const { rows } = await ctx.db.query<{ email: string }>(
        'SELECT email FROM users WHERE email IN ($1, $2)',
        [kept, undone],
      );
      expect(rows.map((row) => row.email)).toEqual([kept]);
    });

    it('using the outer handle inside a transaction fails loudly instead of escaping it', async () => {
      await expect(ctx.db.transaction(async () => ctx.db.query('SELECT 1'))).rejects.toThrow(/tx handle/);
    });

    it('two transactions that lock the same rows in opposite orders both complete: a deadlock victim runs again', async () => {
      const [a, b] = [await insertUser(ctx, uniqueEmail()), await insertUser(ctx, uniqueEmail())];
      // Each first attempt waits (briefly: PGlite runs one transaction at a time) until the other holds its
      // first row, so on PostgreSQL the two really deadlock and one of them is rolled back.
      let arrived = 0;
      let bothHoldOne = () => {};
      const met = new Promise<void>((resolve) => {
        bothHoldOne = resolve;
      });
      let attempts = 0;
      const bumpBoth = (first: string, second: string) => {
        let tries = 0;
        return ctx.db.transaction(async (tx) => {
          tries++;
          attempts++;
          await tx.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [first]);
          if (tries === 1) {
            if (++arrived === 2) bothHoldOne();
            await Promise.race([met, new Promise((resolve) => setTimeout(resolve, 300))]);
          }
          await tx.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [second]);
        });
      };
      await Promise.all([bumpBoth(a, b), bumpBoth(b, a)]);
      const { rows } = await ctx.db.query<{ v: number }>(
        'SELECT token_version AS v FROM users WHERE id = ANY($1::uuid[])',
        [[a, b]],
      );
      // Each transaction bumped each row once, however many times it ran.
      expect(rows.map((r) => r.v)).toEqual([2, 2]);
      expect(attempts).toBe(ctx.engine === 'postgres' ? 3 : 2);
    });

    it('concurrent transactions never see each other half-done', async () => {
      const email = uniqueEmail();
      const id = await insertUser(ctx, email);
      const bump = () =>
        ctx.db.transaction(async (tx) => {
          const { rows } = await tx.query<{ v: number }>(
            'SELECT token_version AS v FROM users WHERE id = $1 FOR UPDATE',
            [id],
          );
          await new Promise((resolve) => setTimeout(resolve, 5));
          await tx.query('UPDATE users SET token_version = $2 WHERE id = $1', [id, rows[0]!.v + 1]);
        });
      await Promise.all(Array.from({ length: 8 }, bump));
      const { rows } = await ctx.db.query<{ v: number }>(
        'SELECT token_version AS v FROM users WHERE id = $1',
        [id],
      );
      expect(rows[0]!.v).toBe(8);
    });
  });

  describe('the schema protects the money', () => {
    const expenseSql = `INSERT INTO expenses (description, amount_minor, currency, paid_by, split_type, created_by)
                        VALUES ('Dinner', $2, $3, $1, 'equal', $1) RETURNING id`;

    it('e-mail addresses are unique whatever their case', async () => {
      const email = uniqueEmail('Case');
      await insertUser(ctx, email);
      await expect(insertUser(ctx, email.toUpperCase())).rejects.toMatchObject({ code: '23505' });
    });

    it('an expense amount must be positive and its currency three capitals', async () => {
      const id = await insertUser(ctx, uniqueEmail());
      for (const [amount, currency] of [
        [0, 'EUR'],
        [-100, 'EUR'],
        [100, 'eur'],
        [100, 'E1R'],
      ] as const) {
        await expect(ctx.db.query(expenseSql, [id, amount, currency])).rejects.toMatchObject({
          code: '23514',
        });
      }
    });

    it('an expense whose splits do not add up to its amount is never committed', async () => {
      const id = await insertUser(ctx, uniqueEmail());
      const other = await insertUser(ctx, uniqueEmail());
      await expect(
        ctx.db.transaction(async (tx) => {
          const { rows } = await tx.query<{ id: string }>(expenseSql, [id, 1000, 'EUR']);
          await tx.query(
            'INSERT INTO expense_splits (expense_id, user_id, amount_minor) VALUES ($1, $2, 333), ($1, $3, 666)',
            [rows[0]!.id, id, other],
          );
        }),
      ).rejects.toMatchObject({ code: '23514' });

      const saved = await ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(expenseSql, [id, 1000, 'EUR']);
        await tx.query(
          'INSERT INTO expense_splits (expense_id, user_id, amount_minor) VALUES ($1, $2, 334), ($1, $3, 666)',
          [rows[0]!.id, id, other],
        );
        await tx.query(
          'INSERT INTO expense_payers (expense_id, user_id, amount_minor) VALUES ($1, $2, 1000)',
          [rows[0]!.id, id],
        );
        return rows[0]!.id;
      });
      await expect(
        ctx.db.query('UPDATE expenses SET amount_minor = 1001 WHERE id = $1', [saved]),
      ).rejects.toMatchObject({ code: '23514' });
    });

    it('an expense whose payments do not add up to its amount is never committed', async () => {
      const id = await insertUser(ctx, uniqueEmail());
      const other = await insertUser(ctx, uniqueEmail());
      const write = (payers: [string, number][]) =>
        ctx.db.transaction(async (tx) => {
          const { rows } = await tx.query<{ id: string }>(expenseSql, [id, 1000, 'EUR']);
          const expenseId = rows[0]!.id;
          await tx.query(
            'INSERT INTO expense_splits (expense_id, user_id, amount_minor) VALUES ($1, $2, 500), ($1, $3, 500)',
            [expenseId, id, other],
          );
          for (const [userId, amount] of payers) {
            await tx.query(
              'INSERT INTO expense_payers (expense_id, user_id, amount_minor) VALUES ($1, $2, $3)',
              [expenseId, userId, amount],
            );
          }
          return expenseId;
        });
      // No payer at all, too little, too much, a payment of nothing.
      for (const payers of [
        [],
        [
          [id, 600],
          [other, 300],
        ],
        [
          [id, 1000],
          [other, 1],
        ],
        [
          [id, 1000],
          [other, 0],
        ],
      ]) {
        await expect(write(payers as [string, number][]), JSON.stringify(payers)).rejects.toMatchObject({
          code: '23514',
        });
      }
      // Each payer once.
      await expect(
        write([
          [id, 500],
          [id, 500],
        ]),
      ).rejects.toMatchObject({ code: '23505' });

      const saved = await write([
        [id, 700],
        [other, 300],
      ]);
      const { rows } = await ctx.db.query(
        'SELECT user_id, amount_minor FROM expense_payers WHERE expense_id = $1 ORDER BY amount_minor DESC',
        [saved],
      );
      expect(rows).toEqual([
        { user_id: id, amount_minor: 700 },
        { user_id: other, amount_minor: 300 },
      ]);
      // Taking a payment away afterwards is refused too.
      await expect(
        ctx.db.query('DELETE FROM expense_payers WHERE expense_id = $1 AND user_id = $2', [saved, other]),
      ).rejects.toMatchObject({ code: '23514' });
    });

    it('a settlement is positive and between two different people', async () => {
      const a = await insertUser(ctx, uniqueEmail());
      const b = await insertUser(ctx, uniqueEmail());
      const sql = `INSERT INTO settlements (from_user_id, to_user_id, amount_minor, currency, created_by, transaction_id)
                   VALUES ($1, $2, $3, 'EUR', $1, $4)`;
      await expect(ctx.db.query(sql, [a, a, 100, crypto.randomUUID()])).rejects.toMatchObject({
        code: '23514',
      });
      await expect(ctx.db.query(sql, [a, b, 0, crypto.randomUUID()])).rejects.toMatchObject({
        code: '23514',
      });
      const receipt = crypto.randomUUID();
      await ctx.db.query(sql, [a, b, 100, receipt]);
      await expect(ctx.db.query(sql, [a, b, 100, receipt])).rejects.toMatchObject({ code: '23505' });
    });
  });
}
