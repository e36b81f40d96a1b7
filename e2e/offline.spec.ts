// Installable and offline (issue 26): the app shell from the service worker, the last answers from the
// device, writes made offline queued and sent once the connection is back, exactly once.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { type Account, accounts, addExpense, api, createGroup, openAs } from './api';
import { dialog } from './support';

// The other specs block service workers (playwright.config.ts); these are about it.
test.use({ serviceWorkers: 'allow' });

/** The service worker controls the page and has kept the app shell (index.html among the build's files). */
async function shellKept(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return false;
          return Boolean(await caches.match('/index.html'));
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** The answers the app kept on the device so far (src/offline/answers.ts). */
async function keptAnswers(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('kitty-offline');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('answers')) return resolve([]);
          const keys = db.transaction('answers').objectStore('answers').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
        };
        open.onerror = () => resolve([]);
      }),
  );
}

/** Waits until an answer whose address contains `path` has been kept. */
async function answerKept(page: Page, path: string): Promise<void> {
  await expect.poll(async () => (await keptAnswers(page)).some((key) => key.includes(path))).toBe(true);
}

async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

async function groupExpenses(request: Parameters<typeof api>[0], who: Account, groupId: string) {
  const page = await api<{ expenses: { description: string }[] }>(
    request,
    'GET',
    `/expenses/group/${groupId}`,
    who.token,
  );
  return page.expenses.map((e) => e.description);
}

test('the dashboard and a group opened before read without a connection, with the time of the data', async ({
  page,
  context,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const group = await createGroup(request, alice, 'Mountain hut', [bob]);
  await addExpense(request, {
    description: 'Firewood',
    amount: 30,
    payer: alice,
    among: [alice, bob],
    groupId: group.id,
  });

  await openAs(page, alice, '/dashboard');
  await expect(page.getByRole('link', { name: /Mountain hut/ }).first()).toBeVisible();
  await shellKept(page);
  await page.goto(`/groups/${group.id}`);
  await expect(page.getByRole('link', { name: /Firewood/ })).toBeVisible();
  await answerKept(page, `/api/groups/${group.id}`);
  await answerKept(page, '/api/users/profile');

  await goOffline(context, page);
  // A fresh start with no connection: the page from the service worker, the data from the device.
  await page.reload();
  await expect(page.getByRole('link', { name: /Firewood/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mountain hut' })).toBeVisible();
  const bar = page.getByTestId('offline-bar');
  await expect(bar).toHaveText(/^Offline - showing data from \d{1,2}:\d{2} [AP]M$/);

  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: /Mountain hut/ }).first()).toBeVisible();
  await expect(bar).toHaveText(/^Offline - showing data from /);

  // Back online: the next answer comes from the server and the bar goes.
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('link', { name: /Mountain hut/ }).first()).toBeVisible();
  await expect(bar).toHaveCount(0);
});

test('an expense added offline waits, survives a reload, and is sent once when online even if the answer is lost', async ({
  page,
  context,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const group = await createGroup(request, alice, 'Train to Brno', [bob]);

  await openAs(page, alice, `/groups/${group.id}`);
  await expect(page.getByRole('heading', { name: 'Train to Brno' })).toBeVisible();
  await shellKept(page);
  await answerKept(page, `/api/groups/${group.id}`);

  await goOffline(context, page);
  await page.getByRole('button', { name: 'Add Expense' }).click();
  const form = dialog(page, 'Add New Expense');
  await form.getByLabel('Description').fill('Sandwiches');
  await form.getByLabel('Amount', { exact: true }).fill('18.40');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);

  const waiting = page.getByRole('list', { name: 'Waiting to sync' });
  await expect(waiting.getByRole('listitem')).toHaveText(['Sandwiches: €18.40Waiting to sync']);
  expect(await groupExpenses(request, alice, group.id)).toEqual([]);

  // Still there after a reload without a connection (kept in IndexedDB).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Train to Brno' })).toBeVisible();
  await expect(waiting.getByRole('listitem')).toHaveText(['Sandwiches: €18.40Waiting to sync']);

  // The first attempt reaches the server, but its answer is lost on the way back.
  let posts = 0;
  await page.route('**/api/expenses', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    posts++;
    expect(route.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    if (posts === 1) {
      await route.fetch();
      return route.abort('connectionreset');
    }
    return route.fallback();
  });
  await context.setOffline(false);

  await expect(waiting).toHaveCount(0, { timeout: 15_000 });
  expect(posts).toBe(2);
  await expect(page.getByRole('link', { name: /Sandwiches/ })).toHaveCount(1);
  expect(await groupExpenses(request, alice, group.id)).toEqual(['Sandwiches']);
});

test('a write the server refuses after the sync is shown with Retry and Discard, never dropped silently', async ({
  page,
  context,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const group = await createGroup(request, alice, 'Cabin', [bob]);
  await openAs(page, alice, `/groups/${group.id}`);
  await expect(page.getByRole('heading', { name: 'Cabin' })).toBeVisible();
  await shellKept(page);

  await goOffline(context, page);
  await page.getByRole('button', { name: 'Add Expense' }).click();
  const form = dialog(page, 'Add New Expense');
  await form.getByLabel('Description').fill('Boat rental');
  await form.getByLabel('Amount', { exact: true }).fill('60');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('list', { name: 'Waiting to sync' })).toContainText('Boat rental');

  // Meanwhile the group is deleted by its owner (from another device).
  await api(request, 'DELETE', `/groups/${group.id}`, alice.token);
  await context.setOffline(false);

  const refused = page.getByRole('region', { name: '1 change could not be synced' });
  await expect(refused).toContainText('Boat rental: €60.00');
  await expect(refused).toContainText('The group or expense no longer exists, or you have left the group.');
  await refused.getByRole('button', { name: 'Retry' }).click();
  await expect(refused).toContainText('The group or expense no longer exists');
  await refused.getByRole('button', { name: 'Discard' }).click();
  await expect(refused).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: /could not be synced/ })).toHaveCount(0);
});

test('installable: the manifest and service worker pass Chromium’s checks and the PWA audits’ conditions', async ({
  playwright,
  baseURL,
}) => {
  // Chromium offers no installation in an incognito profile (Playwright's usual context): a profile on disk.
  const context = await playwright.chromium.launchPersistentContext(
    mkdtempSync(join(tmpdir(), 'kitty-pwa-')),
    {
      ...(baseURL ? { baseURL } : {}),
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    },
  );
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/login');
  await shellKept(page);
  const cdp = await context.newCDPSession(page);
  const installability = await cdp.send('Page.getInstallabilityErrors');
  expect(installability.installabilityErrors).toEqual([]);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);

  const fields = JSON.parse(manifest.data ?? '{}') as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(fields).toMatchObject({
    name: 'Kitty: shared expenses',
    short_name: 'Kitty',
    start_url: '/',
    display: 'standalone',
  });
  expect(fields.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(fields.background_color).toMatch(/^#[0-9a-f]{6}$/);
  const sizes = (purpose: string) => fields.icons.filter((i) => i.purpose === purpose).map((i) => i.sizes);
  expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(sizes('maskable')).toEqual(['512x512']);
  for (const icon of fields.icons) {
    const answer = await page.request.get(icon.src);
    expect(answer.status(), icon.src).toBe(200);
    expect(answer.headers()['content-type']).toBe('image/png');
  }

  // The page: a viewport, a theme colour, an apple-touch-icon that loads.
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', /width=device-width/);
  await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute('content', /^#/);
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect((await page.request.get(touchIcon ?? '')).status()).toBe(200);

  // The start address answers 200 with no connection (from the service worker) and the app starts.
  await context.setOffline(true);
  const start = await page.goto(fields.start_url);
  expect(start?.status()).toBe(200);
  expect(start?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await context.close();
});

test('a new version is offered with Reload, not forced while the person is typing', async ({
  page,
  request,
}) => {
  const [alice] = await accounts(request, 'Alice');
  const group = await createGroup(request, alice, 'Weekend', []);
  await openAs(page, alice, `/groups/${group.id}`);
  await expect(page.getByRole('heading', { name: 'Weekend' })).toBeVisible();
  await shellKept(page);

  await page.getByRole('button', { name: 'Add Expense' }).click();
  const form = dialog(page, 'Add New Expense');
  await form.getByLabel('Description').fill('Half-typed');
  await page.evaluate(() => {
    (window as { stillThisPage?: boolean }).stillThisPage = true;
  });

  // A new build is deployed: the worker's script changes and the browser installs it beside the running one.
  const worker = join(process.env.WEB_DIST ?? join(import.meta.dirname, '../packages/web/dist'), 'sw.js');
  const original = readFileSync(worker, 'utf8');
  try {
    writeFileSync(
      worker,
      original.replace(/const CACHE = 'kitty-([\w-]+)'/, "const CACHE = 'kitty-$1-next'"),
    );
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    const offer = page.getByRole('status').filter({ hasText: 'A new version is ready' });
    await expect(offer).toBeVisible({ timeout: 20_000 });
    // Nothing reloads under the person: the dialog and what was typed stay.
    await expect(form.getByLabel('Description')).toHaveValue('Half-typed');
    expect(await page.evaluate(() => (window as { stillThisPage?: boolean }).stillThisPage)).toBe(true);

    await form.getByRole('button', { name: 'Cancel' }).click();
    const reloaded = page.waitForEvent('load');
    await offer.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    expect(await page.evaluate(() => (window as { stillThisPage?: boolean }).stillThisPage)).toBeUndefined();
    await expect(page.getByRole('heading', { name: 'Weekend' })).toBeVisible();
    await expect(offer).toHaveCount(0);
    expect(
      await page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('kitty-'))),
    ).toEqual([expect.stringMatching(/-next$/)]);
  } finally {
    writeFileSync(worker, original);
  }
});

test('a comment written offline waits under the comments and joins them once online', async ({
  page,
  context,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const group = await createGroup(request, alice, 'Lake', [bob]);
  const boat = await addExpense(request, {
    description: 'Boat',
    amount: 40,
    payer: alice,
    among: [alice, bob],
    groupId: group.id,
  });
  await openAs(page, alice, `/expenses/${boat.id}`);
  const section = page.getByRole('region', { name: /^Comments/ });
  await expect(section.getByText('No comments yet.')).toBeVisible();
  await shellKept(page);

  await goOffline(context, page);
  await section.getByRole('textbox', { name: 'Add a comment' }).fill('Paid in cash at the pier.');
  await section.getByRole('button', { name: 'Add comment' }).click();
  const waiting = section.getByRole('list', { name: 'Waiting to sync' });
  await expect(waiting.getByRole('listitem')).toHaveText([
    'Comment: Paid in cash at the pier.Waiting to sync',
  ]);
  await expect(section.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('');

  await context.setOffline(false);
  await expect(waiting).toHaveCount(0);
  await expect(section.getByText('Paid in cash at the pier.', { exact: true })).toHaveCount(1);
  const stored = await api<{ comments: { text: string }[] }>(
    request,
    'GET',
    `/expenses/${boat.id}/comments`,
    alice.token,
  );
  expect(stored.comments.map((c) => c.text)).toEqual(['Paid in cash at the pier.']);
});
