import { expect, test } from '@playwright/test';
import { account, accounts, addExpense, createGroup, openAs } from './api';
import { expectAccessible, screenshotPage } from './support';

test('All Expenses: signed amounts for you, search by description or group, count texts and empty states', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const ski = await createGroup(request, alice, 'Ski trip', [bob]);
  await addExpense(request, { description: 'Taxi', amount: 20, payer: bob, among: [alice, bob] });
  await addExpense(request, {
    description: 'Hotel',
    amount: 100,
    payer: alice,
    among: [alice, bob],
    groupId: ski.id,
  });

  await openAs(page, alice, '/expenses');
  await expect(page.getByRole('heading', { level: 1, name: 'All Expenses' })).toBeVisible();
  await expect(page.getByText('2 expenses', { exact: true })).toBeVisible();
  const taxi = page.getByRole('link', { name: /Taxi/ });
  await expect(taxi).toContainText('Personal');
  await expect(taxi).toContainText('Paid by Bob');
  await expect(taxi).toContainText('-€10.00');
  await expect(taxi).toContainText('you owe');
  await expect(taxi).toContainText('Total €20.00');
  const hotel = page.getByRole('link', { name: /Hotel/ });
  await expect(hotel).toContainText('Ski trip');
  await expect(hotel).toContainText('Paid by Alice');
  await expect(hotel).toContainText('+€50.00');
  await expect(hotel).toContainText('you are owed');
  await expectAccessible(page);
  await screenshotPage(page, 'docs/screenshots/expenses.png');

  const search = page.getByRole('searchbox', { name: 'Search expenses' });
  await expect(search).toHaveAttribute('placeholder', 'Search expenses...');
  await search.fill('TAXI');
  await expect(page.getByText('1 expense found for "TAXI"')).toBeVisible();
  await expect(page.getByRole('link', { name: /Hotel/ })).toHaveCount(0);
  await search.fill('ski');
  await expect(page.getByText('1 expense found for "ski"')).toBeVisible();
  await expect(page.getByRole('link', { name: /Hotel/ })).toBeVisible();
  await search.fill('zzz');
  await expect(page.getByText('0 expenses found for "zzz"')).toBeVisible();
  await expect(page.getByText('No expenses found', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Clear search', exact: true }).click();
  await expect(search).toHaveValue('');
  await expect(page.getByText('2 expenses', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: /Taxi/ }).click();
  await expect(page).toHaveURL(/\/expenses\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Taxi' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/expenses$/);
  await page.getByRole('link', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/expenses\/create$/);
});

test('All Expenses with none yet offers to create the first; a failed load shows the error banner', async ({
  page,
  request,
}) => {
  const alice = await account(request, 'Alice');
  await page.route('**/api/expenses/user*', (route) => route.abort('internetdisconnected'), { times: 1 });
  await openAs(page, alice, '/expenses');
  await expect(page.getByRole('alert')).toHaveText('Error loading expenses: No response from server');

  await page.reload();
  await expect(page.getByText('No expenses yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create your first expense' })).toHaveAttribute(
    'href',
    '/expenses/create',
  );
  await expectAccessible(page);
});

test('All Expenses loads the server pages: 20 first, the rest with Load more', async ({ page, request }) => {
  const alice = await account(request, 'Alice');
  for (let i = 1; i <= 22; i++) {
    await addExpense(request, { description: `Snack ${i}`, amount: i, payer: alice, among: [alice] });
  }
  await openAs(page, alice, '/expenses');
  // The count is the true total from the start, not the rows loaded so far.
  await expect(page.getByText('22 expenses', { exact: true })).toBeVisible();
  const rows = page.getByRole('list', { name: 'Expenses' }).getByRole('listitem');
  await expect(rows).toHaveCount(20);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(22);
  await expect(page.getByText('22 expenses', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Snack 1\b/ })).toBeVisible();
});
