import { expect, test } from '@playwright/test';
import { accounts, addExpense, api, createGroup, openAs } from './api';
import { choose, expectAccessible } from './support';

test('editing an expense keeps its group read-only, saves the changes and returns to the detail', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const trip = await createGroup(request, alice, 'Lisbon', [bob]);
  const dinner = await addExpense(request, {
    description: 'Dinner',
    amount: 40,
    payer: alice,
    among: [alice, bob],
    groupId: trip.id,
  });

  await openAs(page, alice, `/expenses/${dinner.id}`);
  await page.getByRole('button', { name: 'Edit expense' }).click();
  await expect(page).toHaveURL(new RegExp(`/expenses/${dinner.id}/edit$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Expense' })).toBeVisible();
  const groupField = page.getByRole('textbox', { name: 'Group' });
  await expect(groupField).toHaveValue('Lisbon');
  await expect(groupField).toHaveAttribute('readonly', '');
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('Dinner');
  await expect(page.getByRole('spinbutton', { name: 'Amount' })).toHaveValue('40.00');
  await expect(page.getByRole('list', { name: 'Participants' }).getByRole('listitem')).toHaveCount(2);
  await expectAccessible(page);

  await page.getByRole('textbox', { name: 'Description' }).fill('Dinner at the harbour');
  await page.getByRole('spinbutton', { name: 'Amount' }).fill('45.10');
  await choose(page, 'Category', 'Dining Out');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/expenses/${dinner.id}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Dinner at the harbour' })).toBeVisible();
  await expect(page.getByText('€45.10').first()).toBeVisible();
  await expect(page.getByText('Dining Out')).toBeVisible();
  const rows = page.getByRole('region', { name: 'Split Details' }).getByRole('listitem');
  expect((await rows.allInnerTexts()).map((t) => /€[\d.]+/.exec(t)?.[0]).sort()).toEqual([
    '€22.55',
    '€22.55',
  ]);
});

test('a stale save is refused with "Error: " and the message in a dismissible alert; the form reloads and then saves', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const trip = await createGroup(request, alice, 'Vienna', [bob]);
  const tickets = await addExpense(request, {
    description: 'Tickets',
    amount: 30,
    payer: alice,
    among: [alice, bob],
    groupId: trip.id,
  });

  await openAs(page, alice, `/expenses/${tickets.id}/edit`);
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('Tickets');
  // Bob changes the expense meanwhile: Alice's edit is based on a stale version.
  await api(request, 'PUT', `/expenses/${tickets.id}`, bob.token, {
    description: 'Opera tickets',
    amount: 30,
    currency: 'EUR',
    category: 'entertainment',
    group_id: trip.id,
    split_type: 'equal',
    paid_by: alice.id,
    participants: [alice.id, bob.id],
    split_with: [bob.id],
  });

  await page.getByRole('textbox', { name: 'Description' }).fill('Train tickets');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: /^Error: / });
  await expect(alert).toHaveText('Error: This expense was changed by someone else. Reload and try again.');
  await expect(page).toHaveURL(new RegExp(`/expenses/${tickets.id}/edit$`));
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toBeHidden();

  const saved = await api<{ description: string }>(request, 'GET', `/expenses/${tickets.id}`, alice.token);
  expect(saved.description).toBe('Opera tickets');

  // The form now holds the current expense and its version: Alice sees Bob's change, and saving again works.
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('Opera tickets');
  await page.getByRole('textbox', { name: 'Description' }).fill('Opera tickets and wine');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/expenses/${tickets.id}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Opera tickets and wine' })).toBeVisible();
});

test('the Group combobox lists groups with member counts, says when nothing matches, adds the members and clears', async ({
  page,
  request,
}) => {
  const [alice, bob, carol] = await accounts(request, 'Alice', 'Bob', 'Carol');
  await createGroup(request, alice, 'Climbing club', [bob, carol]);
  await createGroup(request, alice, 'Book club', [bob]);

  await openAs(page, alice, '/expenses/create');
  const box = page.getByRole('combobox', { name: 'Group' });
  await box.fill('zzz');
  await expect(page.getByText('No groups match "zzz".')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create a group' })).toHaveAttribute('href', '/groups/create');

  await box.fill('club');
  await expect(page.getByRole('option')).toHaveCount(2);
  await expect(page.getByRole('option', { name: /Climbing club/ })).toContainText('3 members');
  await expect(page.getByRole('listbox')).toHaveCSS('max-height', '200px');
  await page.getByRole('option', { name: /Climbing club/ }).click();
  await expect(box).toHaveValue('Climbing club');
  const chips = page.getByRole('list', { name: 'Participants' }).getByRole('listitem');
  await expect(chips).toHaveCount(3);
  await expectAccessible(page);

  // Editing the text so it no longer matches clears the selection; Clear group empties the box.
  await box.fill('Climbing');
  await box.press('Escape');
  await expect(box).toHaveValue('Climbing');
  await page.getByRole('button', { name: /Clear group/ }).click();
  await expect(box).toHaveValue('');
  await expect(chips).toHaveCount(3);

  await page.getByRole('textbox', { name: 'Description' }).fill('Chalk');
  await page.getByRole('spinbutton', { name: 'Amount' }).fill('9');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/expenses');
  await expect(page.getByRole('link', { name: /Chalk/ })).toContainText('Personal');
});
