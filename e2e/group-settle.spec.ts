import { expect, test } from '@playwright/test';
import { account, accounts, addExpense, createGroup, openAs, settle } from './api';
import { choose, dialog, expectAccessible } from './support';

test('Settle Up records a picked suggestion and a custom settlement; Back keeps the form; History groups by day', async ({
  page,
  request,
}) => {
  const [alice, bob, carol] = await accounts(request, 'Alice', 'Bob', 'Carol');
  const group = await createGroup(request, alice, 'Road trip', [bob, carol]);
  await addExpense(request, {
    description: 'Fuel',
    amount: 90,
    payer: alice,
    among: [alice, bob, carol],
    groupId: group.id,
  });

  await openAs(page, alice, `/groups/${group.id}`);
  await expect(page.getByText('You are owed €60.00', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Settle Up' }).click();
  const settleUp = dialog(page, 'Settle Up');
  const suggestions = settleUp.getByRole('list', { name: 'Suggested settlements' });
  await expect(suggestions.getByRole('button')).toHaveCount(2);
  const bobPays = suggestions.getByRole('button', { name: /Bob to Alice/ });
  await expect(bobPays).toContainText('€30.00');
  await expect(bobPays).toContainText("Bob pays Alice €30.00 to settle Bob's whole debt.");
  await expectAccessible(page);
  await page.screenshot({ path: 'docs/screenshots/settle-up.png', fullPage: true });

  // A suggestion goes straight to the confirmation.
  await bobPays.click();
  await expect(settleUp.getByRole('heading', { name: 'Confirm Settlement' })).toBeVisible();
  await expect(settleUp).toContainText('€30.00');
  await expectAccessible(page);
  await settleUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Settlement recorded successfully')).toBeVisible();
  await expect(settleUp).toHaveCount(0);
  await expect(page.getByText('You are owed €30.00', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Activity Since Settlement' })).toBeVisible();

  // A custom settlement: the form's own messages, then confirm, back, and confirm again.
  await page.getByRole('button', { name: 'Settle Up' }).click();
  await settleUp.getByRole('tab', { name: 'Custom Settlement' }).click();
  await settleUp.getByRole('button', { name: 'Continue' }).click();
  await expect(settleUp.getByText('Please select who is receiving')).toBeVisible();
  await expect(settleUp.getByText('Amount is required')).toBeVisible();
  await expectAccessible(page);

  await choose(settleUp, 'Payer', 'Carol');
  // The receiver list leaves out the payer.
  await settleUp.getByRole('button', { name: /Receiver$/ }).click();
  await expect(page.getByRole('option', { name: 'Carol' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Alice', exact: true }).click();
  await settleUp.getByLabel('Amount', { exact: true }).fill('0');
  await settleUp.getByRole('button', { name: 'Continue' }).click();
  await expect(settleUp.getByText('Amount must be at least 0.01')).toBeVisible();
  await settleUp.getByLabel('Amount', { exact: true }).fill('12.50');
  await settleUp.getByLabel('Description').fill('Cash at the station');
  await settleUp.getByRole('button', { name: 'Continue' }).click();
  await expect(settleUp.getByRole('heading', { name: 'Confirm Settlement' })).toBeVisible();
  await expect(settleUp).toContainText('Carol');
  await expect(settleUp).toContainText('€12.50');

  await settleUp.getByRole('button', { name: 'Back' }).click();
  await expect(settleUp.getByLabel('Amount', { exact: true })).toHaveValue('12.50');
  await expect(settleUp.getByLabel('Description')).toHaveValue('Cash at the station');
  await expect(settleUp.getByRole('button', { name: /Payer$/ })).toContainText('Carol');
  await settleUp.getByRole('button', { name: 'Continue' }).click();
  await settleUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(settleUp).toHaveCount(0);
  await expect(page.getByText('You are owed €17.50', { exact: true })).toBeVisible();

  // History: today's settlements, newest first, with their receipt numbers.
  await page.getByRole('button', { name: 'Settle Up' }).click();
  await settleUp.getByRole('tab', { name: 'History' }).click();
  const today = settleUp.getByRole('region', { name: 'Today' });
  await expect(today.getByRole('heading', { name: 'Today' })).toBeVisible();
  const entries = today.getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Carol');
  await expect(entries.nth(0)).toContainText('Cash at the station');
  await expect(entries.nth(0)).toContainText(/Receipt #\S+/);
  await expect(entries.nth(1)).toContainText('Bob');
  await expect(entries.nth(1)).toContainText('€30.00');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(settleUp).toHaveCount(0);

  // Nothing left to settle.
  await settle(request, group.id, carol, alice, 17.5);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText('This group is all settled up!')).toBeVisible();
  await page.getByRole('button', { name: 'Settle Up' }).click();
  await expect(settleUp.getByText('No settlement suggestions available.')).toBeVisible();
  await expect(settleUp.getByText('All balances might be settled or too small to suggest.')).toBeVisible();
});

test('a group without settlements has an empty history', async ({ page, request }) => {
  const alice = await account(request, 'Alice');
  const group = await createGroup(request, alice, 'Solo', []);
  await openAs(page, alice, `/groups/${group.id}`);
  await page.getByRole('button', { name: 'Settle Up' }).click();
  const settleUp = dialog(page, 'Settle Up');
  await settleUp.getByRole('tab', { name: 'History' }).click();
  await expect(settleUp.getByText('No settlements recorded yet.')).toBeVisible();
  // The overlay closes it too.
  await page.mouse.click(5, 5);
  await expect(settleUp).toHaveCount(0);
});
