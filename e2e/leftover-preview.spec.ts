// Issue 20: the Configure Split preview gives the leftover cent to the member the saved expense gives it
// to (the group's rotation of leftover cents), so the figures before Save are the figures after.
import { expect, type Locator, test } from '@playwright/test';
import { accounts, addExpense, createGroup, openAs } from './api';
import { choose, dialog, expectAccessible } from './support';

test('after a 1.00 split gave the first member the extra cent, the preview of the next one gives it to the next member, as saved', async ({
  page,
  request,
}) => {
  const [alice, bob, carol] = await accounts(request, 'Alice', 'Bob', 'Carol');
  const group = await createGroup(request, alice, 'Cab rides', [bob, carol]);
  const people = [
    { id: alice.id, name: 'Alice' },
    { id: bob.id, name: 'Bob' },
    { id: carol.id, name: 'Carol' },
  ];
  await addExpense(request, {
    description: 'First cab',
    amount: 1,
    payer: alice,
    among: people,
    groupId: group.id,
  });
  // Leftover cents go round the members in id order: the first took it, the second is next.
  const [, next] = [...people].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const expected = (name: string) => (name === next?.name ? '€0.34' : '€0.33');

  await openAs(page, alice, `/groups/${group.id}`);
  await page.getByRole('button', { name: 'Add Expense' }).click();
  const form = dialog(page, 'Add New Expense');
  await form.getByLabel('Description').fill('Second cab');
  await form.getByLabel('Amount', { exact: true }).fill('1.00');
  await choose(form, 'Split', 'Split by Shares');
  const split = dialog(page, 'Configure Split');
  if (!(await split.isVisible())) await form.getByRole('button', { name: 'Configure Split' }).click();
  await expect(split).toBeVisible();
  const previewRow = (name: string): Locator => split.getByRole('listitem').filter({ hasText: name });
  for (const { name } of people) {
    await expect(previewRow(name).getByLabel(`${name} shares`)).toHaveValue('1');
    await expect(previewRow(name)).toContainText(`Share: ${expected(name)}`);
  }
  await expectAccessible(page);
  await split.getByRole('button', { name: 'Save' }).click();
  await expect(split).toBeHidden();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);

  await page.getByRole('link', { name: /Second cab/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Second cab' })).toBeVisible();
  const savedRow = (name: string) =>
    page.getByRole('region', { name: 'Split Details' }).getByRole('listitem').filter({ hasText: name });
  for (const { name } of people) await expect(savedRow(name)).toContainText(expected(name));

  // The edit form previews with the expense's own start: the same figures again.
  await page.goto(`${new URL(page.url()).pathname}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Expense' })).toBeVisible();
  await page.getByRole('button', { name: 'Configure split' }).click();
  await expect(split).toBeVisible();
  for (const { name } of people) await expect(previewRow(name)).toContainText(`Share: ${expected(name)}`);
});
