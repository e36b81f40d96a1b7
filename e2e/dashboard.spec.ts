import { expect, type Page, test } from '@playwright/test';
import { account, addExpense, createGroup, signedIn } from './api';
import { expectAccessible, screenshotPage } from './support';

const section = (page: Page, name: string) => page.getByRole('region', { name });

test('a new person sees "All settled!", no group balances and no recent expenses on Home', async ({
  page,
}) => {
  await signedIn(page, 'Nina');
  await expect(page.getByRole('heading', { name: 'Ahoj Nina!', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Expense' })).toHaveAttribute('href', '/expenses/create');
  await expect(section(page, 'Balance Summary').getByText('All settled!')).toBeVisible();
  await expect(
    section(page, 'Groups with Balance').getByText('No outstanding balances in your groups.'),
  ).toBeVisible();
  await expect(section(page, 'Recent Expenses').getByText('No recent expenses.')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }),
  ).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);

  await section(page, 'Groups with Balance').getByRole('link', { name: 'View All Groups' }).click();
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByRole('heading', { name: 'Your Groups', level: 1 })).toBeVisible();
});

test('Home shows what the person is owed or owes, per currency, the groups with a balance and signed recent expenses', async ({
  page,
  request,
}) => {
  const bob = await account(request, 'Bob');
  const alice = await signedIn(page, 'Alice');
  await expect(page.getByRole('heading', { name: 'Ahoj Alice!' })).toBeVisible();

  const trip = await createGroup(request, alice, 'Trip to Prague', [bob]);
  const quiet = await createGroup(request, alice, 'Book club', [bob]);
  await addExpense(request, {
    description: 'Dinner',
    amount: 30,
    payer: alice,
    among: trip.Members,
    groupId: trip.id,
  });

  await page.reload();
  await expect(section(page, 'Balance Summary').getByText('Overall, you are owed €15.00')).toBeVisible();
  const groups = section(page, 'Groups with Balance');
  const tripRow = groups.getByRole('link', { name: /Trip to Prague/ });
  await expect(tripRow).toHaveAttribute('href', `/groups/${trip.id}`);
  await expect(tripRow).toContainText('2 members');
  await expect(tripRow).toContainText('+€15.00');
  await expect(tripRow).toContainText('you are owed');
  // A group without a balance is not listed on Home.
  await expect(groups.getByRole('link', { name: /Book club/ })).toHaveCount(0);
  expect(quiet.id).toBeTruthy();
  const dinner = section(page, 'Recent Expenses').getByRole('link', { name: /Dinner/ });
  await expect(dinner).toContainText('Trip to Prague');
  await expect(dinner).toContainText('+€15.00');

  // Bob pays more: Alice now owes, and Bob's expense is red with a minus on her Home.
  await addExpense(request, {
    description: 'Museum tickets',
    amount: 50,
    payer: bob,
    among: trip.Members,
    groupId: trip.id,
  });
  // A personal expense in another currency is shown on its own line, never converted.
  await addExpense(request, {
    description: 'Taxi',
    amount: 12,
    currency: 'USD',
    payer: alice,
    among: [alice, bob],
  });
  await page.reload();
  const summary = section(page, 'Balance Summary');
  await expect(summary.getByText('Overall, you owe €10.00')).toBeVisible();
  await expect(summary.getByText('Overall, you are owed $6.00')).toBeVisible();
  await expect(tripRow).toContainText('-€10.00');
  await expect(tripRow).toContainText('you owe');
  const museum = section(page, 'Recent Expenses').getByRole('link', { name: /Museum tickets/ });
  await expect(museum).toContainText('-€25.00');
  await expect(section(page, 'Recent Expenses').getByRole('link', { name: /Taxi/ })).toContainText(
    'Personal',
  );
  await expect(section(page, 'Recent Expenses').getByRole('link', { name: 'View all' })).toHaveAttribute(
    'href',
    '/expenses',
  );
  await expectAccessible(page);
  await screenshotPage(page, 'docs/screenshots/dashboard.png');

  await museum.click();
  await expect(page).toHaveURL(/\/expenses\/[^/]+$/);
});

async function personWithExpenses(page: Page, count: number) {
  const max = await signedIn(page, 'Max');
  await expect(page.getByRole('heading', { name: 'Ahoj Max!' })).toBeVisible();
  for (let i = 1; i <= count; i += 1) {
    await addExpense(page.request, { description: `Coffee ${i}`, amount: i, payer: max, among: [max] });
  }
  await page.reload();
}

test('Recent Expenses shows 10 of 12, and Load More shows all 12 without "See all expenses"', async ({
  page,
}) => {
  await personWithExpenses(page, 12);
  const recent = section(page, 'Recent Expenses');
  await expect(recent.getByRole('listitem')).toHaveCount(10);
  await recent.getByRole('button', { name: 'Load More' }).click();
  await expect(recent.getByRole('listitem')).toHaveCount(12);
  await expect(recent.getByRole('button', { name: 'Load More' })).toHaveCount(0);
  await expect(recent.getByRole('link', { name: 'See all expenses' })).toHaveCount(0);
  // Newest first; Load More keeps keyboard focus in the list, on the first row it revealed.
  await expect(recent.getByRole('listitem').first()).toContainText('Coffee 12');
  await expect(recent.getByRole('link', { name: /Coffee 2\b/ })).toBeFocused();
});

test('Recent Expenses with 25: Load More raises it to 20 and then offers "See all expenses"', async ({
  page,
}) => {
  await personWithExpenses(page, 25);
  const recent = section(page, 'Recent Expenses');
  await expect(recent.getByRole('listitem')).toHaveCount(10);
  await expect(recent.getByRole('link', { name: 'See all expenses' })).toHaveCount(0);
  await recent.getByRole('button', { name: 'Load More' }).click();
  await expect(recent.getByRole('listitem')).toHaveCount(20);
  await expect(recent.getByRole('button', { name: 'Load More' })).toHaveCount(0);
  await recent.getByRole('link', { name: 'See all expenses' }).click();
  await expect(page).toHaveURL(/\/expenses$/);
});
