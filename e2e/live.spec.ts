// Live changes through two server processes on one PostgreSQL database: two people, each in their own
// browser context, each served by another process, see each other's new expense and comment within 2 s,
// without a reload (issue 26).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { type Account, account, addExpense, api, createGroup, openAs } from './api';
import { smtpPort } from './mailbox';
import { PASSPHRASE } from './support';

const BASE_PORT = Number(process.env.E2E_PORT ?? 3210);
const PORTS = [BASE_PORT + 1, BASE_PORT + 2] as const;
const ADMIN = process.env.KITTY_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `kitty_e2e_live_${randomBytes(4).toString('hex')}`;
const servers: ChildProcess[] = [];

function psql(sql: string): void {
  execFileSync('psql', [ADMIN, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { stdio: 'pipe' });
}

async function startServer(port: number): Promise<void> {
  const url = new URL(ADMIN);
  url.pathname = `/${database}`;
  const child = spawn('pnpm', ['--filter', '@kitty/server', 'start'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      DATA_DIR: `${process.env.E2E_DATA_DIR}/live-${port}`,
      REGISTRATION_PASSPHRASE: PASSPHRASE,
      JWT_SECRET: 'live-spec-secret-shared-by-both-processes-0123456789',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort()}`,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      RATE_LIMIT_REGISTER_ADDRESS: '10000/1h',
      RATE_LIMIT_LOGIN_ADDRESS: '10000/15m',
    },
    stdio: 'ignore',
    detached: true,
  });
  servers.push(child);
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
        } catch {
          return false;
        }
      },
      { message: `the server on port ${port} answers`, timeout: 60_000, intervals: [250] },
    )
    .toBe(true);
}

test.describe('live changes across two server processes', () => {
  test.setTimeout(180_000);
  let first: APIRequestContext;

  test.beforeAll(async () => {
    psql(`CREATE DATABASE ${database}`);
    // The first migrates the database; the second starts on the migrated one.
    await startServer(PORTS[0]);
    await startServer(PORTS[1]);
    first = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${PORTS[0]}` });
  });

  test.afterAll(async () => {
    await first?.dispose();
    for (const child of servers) if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((done) => setTimeout(done, 1_500));
    try {
      psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    } catch {
      // Left for the next run's cleanup; not the test's outcome.
    }
  });

  test("each sees the other's new expense and comment within 2 s", async ({ browser }) => {
    const alice: Account = await account(first, 'Alice');
    const bob: Account = await account(first, 'Bob');
    const group = await createGroup(first, alice, 'Hut weekend', [bob]);
    await addExpense(first, {
      description: 'Firewood',
      amount: 12,
      payer: alice,
      among: [alice, bob],
      groupId: group.id,
    });

    const contexts: BrowserContext[] = [];
    const open = async (who: Account, port: number, path: string) => {
      const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
      contexts.push(context);
      const page = await context.newPage();
      await openAs(page, who, path);
      return page;
    };
    try {
      // Alice reads through the first process, Bob through the second.
      const alicePage = await open(alice, PORTS[0], `/groups/${group.id}`);
      const bobPage = await open(bob, PORTS[1], `/groups/${group.id}`);
      await expect(alicePage.getByText('Firewood')).toBeVisible();
      await expect(bobPage.getByText('Firewood')).toBeVisible();
      // Both streams are open before anything changes.
      await alicePage.waitForTimeout(1_000);

      // Bob adds an expense (through his process's API): Alice sees it within 2 s, marked as changed.
      const bobs = await addExpense(bobPage.request, {
        description: 'Groceries for the hut',
        amount: 48.6,
        payer: bob,
        among: [alice, bob],
        groupId: group.id,
      });
      await expect(alicePage.getByText('Groceries for the hut')).toBeVisible({ timeout: 2_000 });
      await expect(
        alicePage.locator('[data-live-changed]').filter({ hasText: 'Groceries for the hut' }),
      ).toHaveCount(1, {
        timeout: 2_000,
      });

      // Alice adds one through hers: Bob sees it within 2 s.
      await addExpense(alicePage.request, {
        description: 'Sauna tokens',
        amount: 9,
        payer: alice,
        among: [alice, bob],
        groupId: group.id,
      });
      await expect(bobPage.getByText('Sauna tokens')).toBeVisible({ timeout: 2_000 });

      // Alice opens Bob's expense; Bob comments on it through his process: the comment appears within 2 s.
      await alicePage.goto(`/expenses/${bobs.id}`);
      const comments = alicePage.getByRole('region', { name: /^Comments/ });
      await expect(comments).toBeVisible();
      await alicePage.waitForTimeout(500);
      await api(bobPage.request, 'POST', `/expenses/${bobs.id}/comments`, bob.token, {
        text: 'Receipt is in the box.',
      });
      await expect(comments.getByText('Receipt is in the box.')).toBeVisible({ timeout: 2_000 });
    } finally {
      for (const context of contexts) await context.close();
    }
  });
});
