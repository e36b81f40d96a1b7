import { expect, test } from '@playwright/test';
import { accounts, api, createGroup, openAs } from './api';
import { tabTo } from './support';

test('an expense is added with the keyboard alone: group, description, amount, split by shares, save', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const lake = await createGroup(request, alice, 'Lake house', [bob]);
  await openAs(page, alice, '/expenses/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Expense' })).toBeVisible();

  // Group: arrows move through the list, Enter picks; the members join the expense.
  const groupBox = page.getByRole('combobox', { name: 'Group' });
  await tabTo(page, groupBox);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: /Lake house/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(groupBox).toHaveValue('Lake house');
  await expect(page.getByRole('list', { name: 'Participants' }).getByRole('listitem')).toHaveCount(2);
  await page.keyboard.press('Escape');

  await tabTo(page, page.getByRole('textbox', { name: 'Description' }));
  await page.keyboard.type('Boat tour');
  await tabTo(page, page.getByRole('spinbutton', { name: 'Amount' }));
  await page.keyboard.type('60');

  // Split: open the select with Enter, arrow down to Split by Shares, Enter opens Configure Split.
  await tabTo(page, page.getByRole('button', { name: 'Split Equally Split' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'Split by Shares' })).toBeVisible();
  for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Split by Shares' })).toBeFocused();
  await page.keyboard.press('Enter');
  const split = page.getByRole('dialog', { name: 'Configure Split' });
  await expect(split).toBeVisible();
  const aliceShares = split.getByLabel('Alice shares');
  await tabTo(page, aliceShares);
  await page.keyboard.press('ArrowUp');
  await expect(aliceShares).toHaveValue('2');
  await expect(split.getByText('Share: €40.00')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(split).toBeHidden();

  // Enter in a field submits the expense.
  await tabTo(page, page.getByRole('spinbutton', { name: 'Amount' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);

  const { expenses } = await api<{
    expenses: {
      description: string;
      group_id: string;
      split_type: string;
      ExpenseSplits: { user_id: string; amount: number }[];
    }[];
  }>(request, 'GET', '/expenses/user', alice.token);
  const saved = expenses.find((e) => e.description === 'Boat tour');
  expect(saved?.group_id).toBe(lake.id);
  expect(saved?.split_type).toBe('shares');
  const byUser = Object.fromEntries(saved?.ExpenseSplits.map((s) => [s.user_id, s.amount]) ?? []);
  expect(byUser).toEqual({ [alice.id]: 40, [bob.id]: 20 });
});
