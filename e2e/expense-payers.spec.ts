import { expect, type Locator, type Page, test } from '@playwright/test';
import { accounts, api, createGroup, openAs } from './api';
import { dialog, expectAccessible, screenshotPage, tabTo } from './support';

/** Replaces what the focused field holds with `text`, by keyboard. */
async function retype(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

interface SavedExpense {
  id: string;
  description: string;
  amount: number;
  paid_by: string;
  payers: { user_id: string; amount: number }[];
}

test('two people pay one expense, by keyboard alone: the balances, suggestions and detail show what it implies', async ({
  page,
  request,
}) => {
  const [alice, bob, carol] = await accounts(request, 'Alice', 'Bob', 'Carol');
  const chalet = await createGroup(request, alice, 'Ski trip', [bob, carol]);
  await openAs(page, alice, '/expenses/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Expense' })).toBeVisible();

  // Group by keyboard: its three members join, split equally.
  const groupBox = page.getByRole('combobox', { name: 'Group' });
  await tabTo(page, groupBox);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: /Ski trip/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(groupBox).toHaveValue('Ski trip');
  await expect(page.getByRole('list', { name: 'Participants' }).getByRole('listitem')).toHaveCount(3);
  await page.keyboard.press('Escape');

  // One payer is the spec's "Who paid?" select; "Several people paid" turns it into ticks.
  await expect(page.getByRole('button', { name: 'Alice (you) Who paid?' })).toBeVisible();
  const several = page.getByRole('checkbox', { name: 'Several people paid' });
  await tabTo(page, several);
  await page.keyboard.press('Space');
  await expect(several).toBeChecked();
  const whoPaid = page.getByRole('group', { name: 'Who paid?' });
  await expect(whoPaid.getByRole('checkbox', { name: 'Alice (you)' })).toBeChecked();
  // Alone, the one who pays cannot be unticked; nobody enters an amount yet.
  await expect(whoPaid.getByRole('checkbox', { name: 'Alice (you)' })).toBeDisabled();
  await expect(page.getByRole('group', { name: 'How much each paid' })).toHaveCount(0);
  const bobPaid = whoPaid.getByRole('checkbox', { name: 'Bob' });
  await tabTo(page, bobPaid);
  await page.keyboard.press('Space');
  await expect(bobPaid).toBeChecked();

  const each = page.getByRole('group', { name: 'How much each paid' });
  const aliceAmount = each.getByRole('spinbutton', { name: 'Alice (you) paid' });
  const bobAmount = each.getByRole('spinbutton', { name: 'Bob paid' });
  await expect(aliceAmount).toBeVisible();
  await expect(bobAmount).toBeVisible();
  // Before a total there is nothing to remain of: the sum entered.
  await expect(each.getByText('Total entered: €0.00')).toBeVisible();

  await tabTo(page, page.getByRole('textbox', { name: 'Description' }));
  await page.keyboard.type('Chalet');
  await tabTo(page, page.getByRole('spinbutton', { name: 'Amount' }));
  await page.keyboard.type('80');
  await expect(each.getByText('Remaining: €80.00')).toBeVisible();

  // "Split the payment equally" fills them; the amounts typed then stay when the total changes.
  await tabTo(page, each.getByRole('button', { name: 'Split the payment equally' }));
  await page.keyboard.press('Enter');
  await expect(aliceAmount).toHaveValue('40.00');
  await expect(bobAmount).toHaveValue('40.00');
  await expect(each.getByText('Remaining: €0.00')).toBeVisible();
  await retype(page, aliceAmount, '50');
  await expect(each.getByText('Remaining: -€10.00')).toBeVisible();
  await expectAccessible(page);

  // Saving while they do not add up says so, in the domain's words, and nothing is sent.
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The payments must add up to the total' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/expenses\/create$/);

  await retype(page, page.getByRole('spinbutton', { name: 'Amount' }), '90');
  await expect(aliceAmount).toHaveValue('50');
  await expect(bobAmount).toHaveValue('40.00');
  await expect(each.getByText('Remaining: €0.00')).toBeVisible();
  await expect(page.getByText('The payments must add up to the total')).toHaveCount(0);
  await expectAccessible(page);

  // The two-payer form at a phone's width and a desktop's, for the README.
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshotPage(page, 'docs/screenshots/expense-payers-390.png');
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshotPage(page, 'docs/screenshots/expense-payers-1280.png');

  await tabTo(page, aliceAmount);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);

  // Saved with both payers, the principal (who paid most) as paid_by.
  const { expenses } = await api<{ expenses: SavedExpense[] }>(request, 'GET', '/expenses/user', alice.token);
  const saved = expenses.find((e) => e.description === 'Chalet');
  expect(saved?.amount).toBe(90);
  expect(saved?.paid_by).toBe(alice.id);
  expect(saved?.payers.map((p) => [p.user_id, p.amount])).toEqual([
    [alice.id, 50],
    [bob.id, 40],
  ]);

  // 90 split three ways, 30 each: Alice paid 50 (+20), Bob 40 (+10), Carol nothing (-30).
  const recent = page.getByRole('region', { name: 'Recent Expenses' }).getByRole('link', { name: /Chalet/ });
  await expect(recent).toContainText('+€20.00');

  await openAs(page, carol, `/groups/${chalet.id}`);
  await page.getByRole('button', { name: 'Balances' }).click();
  const balances = dialog(page, 'Group Balances');
  const rows = balances.getByRole('list', { name: 'Member balances' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Alice');
  await expect(rows.nth(0)).toContainText('+€20.00');
  await expect(rows.nth(1)).toContainText('Bob');
  await expect(rows.nth(1)).toContainText('+€10.00');
  await expect(rows.nth(2)).toContainText('Carol (you)');
  await expect(rows.nth(2)).toContainText('-€30.00');
  await page.keyboard.press('Escape');
  await expect(balances).toHaveCount(0);

  // Carol's debt goes to both payers, each what they are owed.
  await page.getByRole('button', { name: 'Settle Up' }).click();
  const suggestions = dialog(page, 'Settle Up').getByRole('list', { name: 'Suggested settlements' });
  await expect(suggestions.getByRole('button')).toHaveCount(2);
  await expect(suggestions.getByRole('button', { name: /Carol to Alice/ })).toContainText('€20.00');
  await expect(suggestions.getByRole('button', { name: /Carol to Bob/ })).toContainText('€10.00');
  await page.keyboard.press('Escape');

  // The detail shows every payer with what they paid; Carol did not pay, so she cannot delete it.
  await page.goto(`/expenses/${saved?.id}`);
  const paidBy = page.locator('dd').filter({ has: page.getByRole('listitem') });
  await expect(paidBy.getByRole('listitem')).toHaveText(['Alice €50.00', 'Bob €40.00']);
  await expect(page.getByRole('button', { name: 'Delete expense' })).toHaveAttribute('aria-disabled', 'true');
  await expectAccessible(page);

  // Bob paid part of it: he may delete it, as any payer may.
  await openAs(page, bob, `/expenses/${saved?.id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Chalet' })).toBeVisible();
  const remove = page.getByRole('button', { name: 'Delete expense' });
  await expect(remove).not.toHaveAttribute('aria-disabled', 'true');
  await remove.click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Expense' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const left = await api<{ expenses: SavedExpense[] }>(request, 'GET', '/expenses/user', alice.token);
  expect(left.expenses.map((e) => e.description)).not.toContain('Chalet');
});

test('editing a two-payer expense fills both payers back; the group dialog offers several payers too', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const flat = await createGroup(request, alice, 'Flat', [bob]);
  const created = await api<{ id: string }>(request, 'POST', '/expenses', alice.token, {
    description: 'Sofa',
    amount: 300,
    currency: 'EUR',
    category: 'other',
    group_id: flat.id,
    split_type: 'equal',
    paid_by: bob.id,
    payers: [
      { user_id: bob.id, amount: 200 },
      { user_id: alice.id, amount: 100 },
    ],
    participants: [alice.id, bob.id],
    split_with: [alice.id],
  });

  await openAs(page, alice, `/expenses/${created.id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Expense' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Several people paid' })).toBeChecked();
  const each = page.getByRole('group', { name: 'How much each paid' });
  await expect(each.getByRole('spinbutton', { name: 'Alice (you) paid' })).toHaveValue('100.00');
  await expect(each.getByRole('spinbutton', { name: 'Bob paid' })).toHaveValue('200.00');
  await expect(each.getByText('Remaining: €0.00')).toBeVisible();
  await expectAccessible(page);

  // Back to one payer: the spec's select again, with who paid the most; saved, they paid all of it.
  await page.getByText('Several people paid').click();
  await expect(page.getByRole('button', { name: 'Bob Who paid?' })).toBeVisible();
  await expect(each).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/expenses/${created.id}$`));
  const sofa = await api<SavedExpense>(request, 'GET', `/expenses/${created.id}`, alice.token);
  expect(sofa.paid_by).toBe(bob.id);
  expect(sofa.payers.map((p) => [p.user_id, p.amount])).toEqual([[bob.id, 300]]);
  await expect(page.locator('dd', { hasText: /^Bob$/ })).toBeVisible();

  await openAs(page, alice, `/groups/${flat.id}`);
  await page.getByRole('button', { name: 'Add Expense' }).click();
  const add = dialog(page, 'Add New Expense');
  await add.getByText('Several people paid').click();
  await add.getByRole('group', { name: 'Who paid?' }).getByText(/Bob/).click();
  const each2 = add.getByRole('group', { name: 'How much each paid' });
  await expect(each2).toBeVisible();
  await add.getByLabel('Description').fill('Rent');
  await add.getByLabel('Amount', { exact: true }).fill('100.01');
  await each2.getByRole('button', { name: 'Split the payment equally' }).click();
  await expect(each2.getByText('Remaining: €0.00')).toBeVisible();
  await expectAccessible(page);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toHaveCount(0);
  const { expenses } = await api<{ expenses: SavedExpense[] }>(request, 'GET', '/expenses/user', bob.token);
  const rent = expenses.find((e) => e.description === 'Rent');
  // The leftover cent goes by id order (the domain's equalPayments); paid_by is who paid the most.
  const [first, second] = [alice.id, bob.id].sort();
  expect(rent?.payers.map((p) => [p.user_id, p.amount])).toEqual([
    [first, 50.01],
    [second, 50],
  ]);
  expect(rent?.paid_by).toBe(first);
});
