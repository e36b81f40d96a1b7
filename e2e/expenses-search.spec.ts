// Issue 20, item 1: All Expenses searches every expense of the person, not the rows already loaded, and
// its count is the true total.
import { expect, type Page, test } from '@playwright/test';
import { account, addExpense, createGroup, openAs } from './api';
import { expectAccessible } from './support';

async function accessibleAtBothWidths(page: Page): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await expectAccessible(page);
  }
}

test('search and count cover all 28 expenses, the oldest beyond the first page too', async ({
  page,
  request,
}) => {
  const alice = await account(request, 'Alice');
  const bob = await account(request, 'Bob');
  const ski = await createGroup(request, alice, 'Ski trip', [bob]);
  // The Dinner is recorded first: the oldest of 28, far past the first page of 20.
  await addExpense(request, { description: 'Dinner', amount: 45, payer: alice, among: [alice, bob] });
  for (let i = 0; i < 27; i++) {
    await addExpense(request, {
      description: `Coffee ${i}`,
      amount: 3,
      payer: i % 2 ? alice : bob,
      among: ski.Members,
      groupId: ski.id,
    });
  }
  await openAs(page, alice, '/expenses');

  const list = page.getByRole('list', { name: 'Expenses' });
  await expect(list.getByRole('listitem')).toHaveCount(20);
  await expect(page.getByText('28 expenses', { exact: true })).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search expenses' });
  await search.fill('dinner');
  await expect(page.getByText('1 expense found for "dinner"')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Dinner');
  await accessibleAtBothWidths(page);

  // By group name, in any case: every expense of the group, however many pages it takes.
  await search.fill('SKI');
  await expect(page.getByText('27 expenses found for "SKI"')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(20);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(27);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  await search.fill('paella');
  await expect(page.getByText('0 expenses found for "paella"')).toBeVisible();
  await expect(page.getByText('No expenses found')).toBeVisible();
  await accessibleAtBothWidths(page);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByText('28 expenses', { exact: true })).toBeVisible();
});
