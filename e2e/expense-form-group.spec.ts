// Issue 20, item 2: the full expense form takes the group's currency and default split, as the quick
// dialog does, and "More options" carries every field already typed over to it.
import { expect, type Page, test } from '@playwright/test';
import { accounts, api, openAs } from './api';
import { choose, dialog, expectAccessible } from './support';

async function accessibleAtBothWidths(page: Page): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await expectAccessible(page);
  }
}

test('the full form for a CZK group split by shares starts in CZK, split by shares', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const group = await api<{ id: string }>(request, 'POST', '/groups', alice.token, {
    name: 'Praha flat',
    currency: 'CZK',
    default_split_type: 'shares',
    members: [{ email: bob.email }],
  });

  await openAs(page, alice, `/groups/${group.id}/expenses/create`);
  await expect(page.getByRole('heading', { name: 'Add Expense', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: / Currency$/ })).toContainText('CZK');
  await expect(page.getByRole('button', { name: 'Split by Shares Split' })).toBeVisible();
  await accessibleAtBothWidths(page);

  await page.getByLabel('Description').fill('Rent');
  await page.getByLabel('Amount', { exact: true }).fill('12000');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const { expenses } = await api<{
    expenses: { description: string; currency: string; split_type: string }[];
  }>(request, 'GET', `/expenses/group/${group.id}`, alice.token);
  expect(expenses.map((e) => [e.description, e.currency, e.split_type])).toEqual([['Rent', 'CZK', 'shares']]);
});

test('"More options" carries description, amount, payer, category and participants to the full form', async ({
  page,
  request,
}) => {
  const [alice, bob, carol] = await accounts(request, 'Alice', 'Bob', 'Carol');
  const group = await api<{ id: string }>(request, 'POST', '/groups', alice.token, {
    name: 'Ski trip',
    currency: 'CZK',
    default_split_type: 'shares',
    members: [{ email: bob.email }, { email: carol.email }],
  });

  await openAs(page, alice, `/groups/${group.id}`);
  await page.getByRole('button', { name: 'Add Expense' }).click();
  const quick = dialog(page, 'Add New Expense');
  await expect(quick.getByRole('button', { name: 'Split by Shares Split' })).toBeVisible();
  await quick.getByLabel('Description').fill('Lift passes');
  await quick.getByLabel('Amount', { exact: true }).fill('900.50');
  await choose(quick, 'Category', 'Entertainment');
  await choose(quick, 'Who paid\\?', 'Bob');
  await quick.getByRole('group', { name: 'Participants' }).getByText('Carol').click();
  await accessibleAtBothWidths(page);
  await quick.getByRole('link', { name: 'More options' }).click();

  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}/expenses/create$`));
  await expect(page.getByLabel('Description')).toHaveValue('Lift passes');
  await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('900.50');
  await expect(page.getByRole('button', { name: / Currency$/ })).toContainText('CZK');
  await expect(page.getByRole('button', { name: 'Split by Shares Split' })).toBeVisible();
  await expect(page.getByRole('button', { name: / Category$/ })).toContainText('Entertainment');
  await expect(page.getByRole('button', { name: / Who paid\?$/ })).toContainText('Bob');
  const participants = page.getByRole('group', { name: 'Participants' });
  await expect(participants).toContainText('Bob');
  await expect(participants).not.toContainText('Carol');
  await expect(page.getByRole('combobox', { name: 'Group' })).toHaveValue('Ski trip');
  await accessibleAtBothWidths(page);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const { expenses } = await api<{
    expenses: {
      description: string;
      amount: number;
      currency: string;
      category: string;
      paid_by: string;
      split_type: string;
      participants: string[];
    }[];
  }>(request, 'GET', `/expenses/group/${group.id}`, alice.token);
  expect(expenses).toHaveLength(1);
  expect(expenses[0]).toMatchObject({
    description: 'Lift passes',
    amount: 900.5,
    currency: 'CZK',
    category: 'entertainment',
    paid_by: bob.id,
    split_type: 'shares',
  });
  expect([...(expenses[0]?.participants ?? [])].sort()).toEqual([alice.id, bob.id].sort());
});
