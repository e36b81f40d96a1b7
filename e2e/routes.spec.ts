import { type APIRequestContext, expect, test } from '@playwright/test';
import { type Account, account, addExpense, createGroup, openAs, signedIn } from './api';
import { expectAccessible } from './support';

// Spec section 2, the route table: every route, signed out and signed in.
const PROTECTED = [
  '/dashboard',
  '/groups',
  '/groups/create',
  '/groups/:groupId',
  '/account',
  '/expenses',
  '/expenses/create',
  '/groups/:groupId/expenses/create',
  '/expenses/:expenseId',
  '/expenses/:expenseId/edit',
] as const;

test('signed out, every route except login and register sends the person to /login', async ({ page }) => {
  for (const route of PROTECTED) {
    const path = route.replace(':groupId', 'g-123').replace(':expenseId', 'e-123');
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  }
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
});

test.describe('signed in', () => {
  let rita: Account;
  let groupId: string;
  let expenseId: string;
  let request: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    rita = await account(request, 'Rita');
    groupId = (await createGroup(request, rita, 'Weekend in Brno', [])).id;
    const expense = await addExpense(request, {
      description: 'Train tickets',
      amount: 42.5,
      payer: rita,
      among: [rita],
      groupId,
    });
    expenseId = expense.id;
  });
  test.afterAll(async () => {
    await request.dispose();
  });

  // Each route of the table: its screen (known by its heading, once the lazily loaded screen is in and
  // nothing is still loading), then an accessibility scan of that screen.
  const screens: [route: string, heading: string][] = [
    ['/', 'Ahoj Rita!'],
    ['/dashboard', 'Ahoj Rita!'],
    ['/groups', 'Your Groups'],
    ['/groups/create', 'Create Group'],
    ['/groups/:groupId', 'Weekend in Brno'],
    ['/account', 'Account'],
    ['/expenses', 'All Expenses'],
    ['/expenses/create', 'Add Expense'],
    ['/groups/:groupId/expenses/create', 'Add Expense'],
    ['/expenses/:expenseId', 'Detail'],
    ['/expenses/:expenseId/edit', 'Edit Expense'],
  ];
  for (const [route, heading] of screens) {
    test(`${route} shows its own screen, which passes an accessibility scan`, async ({ page }) => {
      const path = route.replace(':groupId', groupId).replace(':expenseId', expenseId);
      await openAs(page, rita, path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      if (route === '/') await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      await expectAccessible(page);
    });
  }

  test('the sign-in screens send the person home; an unknown path has a page of its own', async ({
    page,
  }) => {
    await openAs(page, rita, '/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Ahoj Rita!' })).toBeVisible();
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }

    // Unknown paths get a page of their own, not an error.
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expectAccessible(page);
  });
});

test('a route that fails to load shows "Unexpected Application Error!", which passes a scan and reloads', async ({
  page,
}) => {
  // The Home screen's own chunk cannot be fetched (a deploy replaced it, the connection dropped): the
  // router's lazy load fails and its error element takes over.
  await page.route('**/assets/DashboardScreen-*.js', (route) => route.abort('internetdisconnected'));
  await signedIn(page, 'Uma');
  await expect(page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByText('Something went wrong while showing this page.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ahoj Uma!' })).toHaveCount(0);
  await expectAccessible(page);
  await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/dashboard');

  // Back online, Reload brings the screen.
  await page.unroute('**/assets/DashboardScreen-*.js');
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ahoj Uma!' })).toBeVisible();
});
