import { expect, test } from '@playwright/test';
import { accounts, addExpense, createGroup, openAs } from './api';
import { dialog, expectAccessible } from './support';

// "Settled" means settled in every currency: a zero in euros says nothing about dollars or yen owed.
test('a group even in euros but owing in dollars and yen never reads as settled', async ({
  page,
  request,
}) => {
  const [alice, bob, carol] = await accounts(request, 'Alice', 'Bob', 'Carol');
  const group = await createGroup(request, alice, 'Round the world', [bob, carol]);
  const add = (description: string, amount: number, currency: string, among: { id: string }[]) =>
    addExpense(request, { description, amount, currency, payer: alice, among, groupId: group.id });
  await add('Diner in Boston', 12, 'USD', [alice, bob]);
  await add('Paris hotel', 90, 'EUR', [alice, carol]);
  await add('Tokyo metro', 666, 'JPY', [alice, carol]);

  // Bob has nothing in euros, the group's currency, but owes $6.
  await openAs(page, bob, `/groups/${group.id}`);
  await expect(page.getByText('You owe $6.00', { exact: true })).toBeVisible();
  await expect(page.getByText('€0.00 settled')).toHaveCount(0);
  await expect(page.getByText('This group is all settled up!')).toHaveCount(0);

  await page.getByRole('button', { name: 'Balances' }).click();
  const balances = dialog(page, 'Group Balances');
  const bobRow = balances.getByRole('listitem').filter({ hasText: 'Bob (you)' });
  await expect(bobRow).toContainText('-$6.00');
  await expect(bobRow).not.toContainText('€0.00');
  const carolRow = balances.getByRole('listitem').filter({ hasText: 'Carol' });
  await expect(carolRow).toContainText('-€45.00');
  await expect(carolRow).toContainText('-¥333');
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  // Carol's euro transfer clears her euros only: she still owes yen, so it is not her whole debt.
  await page.getByRole('button', { name: 'Settle Up' }).click();
  const settleUp = dialog(page, 'Settle Up');
  const suggestions = settleUp.getByRole('list', { name: 'Suggested settlements' });
  await expect(suggestions.getByRole('button', { name: /Carol to Alice/ }).first()).toBeVisible();
  await expect(suggestions).toContainText(
    "Carol pays Alice €45.00 to settle Carol's debt in EUR; Carol still owes ¥333.",
  );
  await expect(suggestions).toContainText(
    "Carol pays Alice ¥333 to settle Carol's debt in JPY; Carol still owes €45.00.",
  );
  await expect(suggestions).toContainText("Bob pays Alice $6.00 to settle Bob's whole debt.");
  await expect(suggestions).not.toContainText("Carol's whole debt");
});
