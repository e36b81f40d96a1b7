import { expect, test } from '@playwright/test';
import { accounts, addExpense, createGroup, openAs, settle } from './api';
import { expectAccessible } from './support';

// The spec's "activity since settlement" hides what came before the latest settlement; after a partial
// payment most of it is still owed, and the page says so with a way to see it.
test('earlier expenses still owed are announced under the header, with Show; not once repaid', async ({
  page,
  request,
}) => {
  const [alice, bob, carol, dave] = await accounts(request, 'Alice', 'Bob', 'Carol', 'Dave');
  const group = await createGroup(request, alice, 'Summer house', [bob, carol, dave]);
  const add = (description: string, amount: number, payer: typeof alice, among: { id: string }[]) =>
    addExpense(request, { description, amount, payer, among, groupId: group.id });
  await add('Dinner', 30, alice, [alice, bob]);
  await add('Taxi', 8, carol, [carol, dave]);
  await add('Groceries', 12, alice, [alice, bob]);
  await settle(request, group.id, dave, carol, 4);
  await settle(request, group.id, bob, alice, 5);

  await openAs(page, alice, `/groups/${group.id}`);
  await expect(page.getByRole('heading', { name: 'Activity Since Settlement' })).toBeVisible();
  await expect(page.getByText('You are owed €16.00')).toBeVisible();
  // Dinner and Groceries are still owed in part; Taxi was repaid in full.
  const line = page.getByText('2 earlier expenses still count toward balances');
  await expect(line).toBeVisible();
  await expect(page.getByRole('link', { name: /Dinner/ })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page.getByRole('link', { name: /Dinner/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Groceries/ })).toBeVisible();
  await expect(line).toHaveCount(0);
  await page.getByRole('button', { name: 'Hide previous expenses' }).click();
  await expect(line).toBeVisible();

  // Bob pays the rest: nothing before the latest settlement is owed any more.
  await settle(request, group.id, bob, alice, 16);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
  await expect(page.getByText(/earlier expenses? still counts? toward balances/)).toHaveCount(0);
});
