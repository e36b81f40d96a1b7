import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { account, accounts, addExpense, createGroup, openAs, settle } from './api';
import { dialog, expectAccessible } from './support';

test('the activity title and banners follow the settlements: none, unsettled after one, all settled', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const group = await createGroup(request, alice, 'Weekend in Brno', [bob]);

  await openAs(page, alice, `/groups/${group.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Weekend in Brno' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Group Activity' })).toBeVisible();
  await expect(page.getByText('No expenses in this group yet.')).toBeVisible();

  const dinner = await addExpense(request, {
    description: 'Dinner',
    amount: 30,
    payer: alice,
    among: [alice, bob],
    groupId: group.id,
  });
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText('You are owed €15.00', { exact: true })).toBeVisible();
  const row = page.getByRole('link', { name: /Dinner/ });
  await expect(row).toHaveAttribute('href', `/expenses/${dinner.id}`);
  await expect(page.getByRole('button', { name: 'Show previous expenses' })).toHaveCount(0);
  await expect(page.getByText('Updating activity...')).toHaveCount(0);
  await expectAccessible(page);

  // A partial settlement: only what came after it is shown, the older expenses behind the toggle.
  await settle(request, group.id, bob, alice, 5);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('heading', { name: 'Activity Since Settlement' })).toBeVisible();
  await expect(page.getByText('Recent activity since last settlement')).toBeVisible();
  await expect(page.getByText('Showing expenses after the most recent settlement.')).toBeVisible();
  await expect(page.getByText('You are owed €10.00', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Dinner/ })).toHaveCount(0);
  await expect(page.getByText('Bob paid Alice')).toBeVisible();
  await page.getByRole('button', { name: 'Show previous expenses' }).click();
  await expect(page.getByRole('link', { name: /Dinner/ })).toBeVisible();
  await page.getByRole('button', { name: 'Hide previous expenses' }).click();
  await expect(page.getByRole('link', { name: /Dinner/ })).toHaveCount(0);

  const taxi = await addExpense(request, {
    description: 'Taxi',
    amount: 8,
    payer: bob,
    among: [alice, bob],
    groupId: group.id,
  });
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('link', { name: /Taxi/ })).toHaveAttribute('href', `/expenses/${taxi.id}`);
  await page.getByRole('button', { name: 'Show previous expenses' }).click();
  await expect(page.getByRole('link', { name: /Dinner/ })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'docs/screenshots/group.png', fullPage: true });
  await page.getByRole('button', { name: 'Hide previous expenses' }).click();

  // Everything paid back: the settled view.
  await settle(request, group.id, bob, alice, 6);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
  await expect(page.getByText('This group is all settled up!')).toBeVisible();
  await expect(
    page.getByText('All balances are zero. Only recent settlements are shown below.'),
  ).toBeVisible();
  await expect(page.getByText('€0.00 settled')).toBeVisible();
  await expectAccessible(page);

  // What the settlements covered stays behind the toggle.
  await expect(page.getByRole('link', { name: /Taxi/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show previous expenses' }).click();
  await page.getByRole('link', { name: /Taxi/ }).click();
  await expect(page).toHaveURL(new RegExp(`/expenses/${taxi.id}$`));
});

test('the expenses come a page at a time: Load more brings the rest', async ({ page, request }) => {
  const alice = await account(request, 'Alice');
  const group = await createGroup(request, alice, 'Long list', []);
  for (let i = 1; i <= 22; i += 1)
    await addExpense(request, {
      description: `Item ${i}`,
      amount: i,
      payer: alice,
      among: [alice],
      groupId: group.id,
    });

  await openAs(page, alice, `/groups/${group.id}`);
  const rows = page.getByRole('link', { name: /^Item \d+/ });
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText('Item 22');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(22);
  await expect(rows.last()).toContainText('Item 1');
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

test('a group the person is not in reads "No group found"', async ({ page, request }) => {
  const [alice, eve] = await accounts(request, 'Alice', 'Eve');
  const group = await createGroup(request, alice, 'Private', []);
  await openAs(page, eve, `/groups/${group.id}`);
  await expect(page.getByText('No group found')).toBeVisible();
});

test('Group Balances lists members highest net first with paid and owed per currency', async ({
  page,
  request,
}) => {
  const [alice, bob, carol] = await accounts(request, 'Alice', 'Bob', 'Carol');
  const group = await createGroup(request, alice, 'Flat', [bob, carol]);
  await addExpense(request, {
    description: 'Groceries',
    amount: 90,
    payer: alice,
    among: [alice, bob, carol],
    groupId: group.id,
  });
  await addExpense(request, {
    description: 'Cinema',
    amount: 12,
    payer: bob,
    among: [bob, carol],
    groupId: group.id,
  });
  await addExpense(request, {
    description: 'Coffee',
    amount: 4,
    payer: carol,
    among: [alice, carol],
    groupId: group.id,
    currency: 'GBP',
  });

  await openAs(page, bob, `/groups/${group.id}`);
  await page.getByRole('button', { name: 'Balances' }).click();
  const balances = dialog(page, 'Group Balances');
  const rows = balances.getByRole('list', { name: 'Member balances' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  // Alice +58.00 (60 in EUR, owes 2 GBP), Bob -24.00, Carol -36.00, by the EUR net.
  await expect(rows.nth(0)).toContainText('Alice');
  await expect(rows.nth(0)).toContainText('+€60.00');
  await expect(rows.nth(1)).toContainText('Bob (you)');
  await expect(rows.nth(1)).toContainText('-€24.00');
  await expect(rows.nth(2)).toContainText('Carol');
  await expect(rows.nth(2)).toContainText('-€36.00');
  const carolGbp = rows.nth(2).getByRole('row', { name: /GBP/ });
  await expect(carolGbp).toContainText('£4.00');
  await expect(carolGbp).toContainText('+£2.00');
  await expectAccessible(page);
  await page.screenshot({ path: 'docs/screenshots/group-balances.png', fullPage: true });

  await page.keyboard.press('Escape');
  await expect(balances).toHaveCount(0);
});

test('Export downloads the domain CSV named {name}_export_{date}.csv and says so', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const group = await createGroup(request, alice, 'Trip to Prague!', [bob]);
  await addExpense(request, {
    description: 'Dinner, with wine',
    amount: 30,
    payer: alice,
    among: [alice, bob],
    groupId: group.id,
  });
  await settle(request, group.id, bob, alice, 15);

  await openAs(page, alice, `/groups/${group.id}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  // The file is named for the day where the person is (the browser's local date), not the UTC date.
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  expect(file.suggestedFilename()).toBe(`Trip_to_Prague__export_${today}.csv`);
  const text = readFileSync(await file.path(), 'utf8');
  expect(text.startsWith('\uFEFF# Group: Trip to Prague!\r\n')).toBe(true);
  expect(text).toContain('# Total Expenses: 1\r\n# Total Settlements: 1\r\n');
  expect(text).toContain(
    'Type,Date,Description,Amount,Currency,Category,Payer Name,Payer Email,Split Type,Participants,Is Settled,Notes,Created At,Updated At\r\n',
  );
  expect(text).toContain(`Expense,`);
  expect(text).toContain(
    `"Dinner, with wine",30.00,EUR,dining,Alice,${alice.email},equal,"Alice: 15.00; Bob: 15.00",No`,
  );
  expect(text).toContain(`Paid back,15.00,EUR,,Bob,${bob.email},,Alice,Yes`);
  await expect(page.getByText('Export completed successfully')).toBeVisible();
});

test('Add New Expense in the group: every member by default, saved once, the activity and balance follow', async ({
  page,
  request,
}) => {
  const [alice, bob, carol] = await accounts(request, 'Alice', 'Bob', 'Carol');
  const group = await createGroup(request, alice, 'Ski trip', [bob, carol], 'CZK');

  await openAs(page, alice, `/groups/${group.id}`);
  await page.getByRole('button', { name: 'Add Expense' }).click();
  const form = dialog(page, 'Add New Expense');
  await expect(form.getByRole('link', { name: 'More options' })).toHaveAttribute(
    'href',
    `/groups/${group.id}/expenses/create`,
  );
  await expect(form.getByRole('checkbox', { name: 'Bob' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Carol' })).toBeChecked();
  await expect(form.getByRole('button', { name: /Currency/ })).toContainText('CZK');
  await expectAccessible(page);

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Please enter a description for this expense')).toBeVisible();
  await form.getByLabel('Description').fill('Lift passes');
  await form.getByLabel('Amount', { exact: true }).fill('900');
  await form.getByRole('group', { name: 'Participants' }).getByText('Carol').click();
  await expect(form.getByRole('checkbox', { name: 'Carol' })).not.toBeChecked();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);

  await expect(page.getByRole('link', { name: /Lift passes/ })).toBeVisible();
  await expect(page.getByText('You are owed Kč 450.00', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Lift passes/ })).toHaveCount(1);
});

test('an expense is added to the group with the keyboard alone', async ({ page, request }) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const group = await createGroup(request, alice, 'Keyboard', [bob]);
  await openAs(page, alice, `/groups/${group.id}`);

  await page.getByRole('button', { name: 'Add Expense' }).focus();
  await page.keyboard.press('Enter');
  const form = dialog(page, 'Add New Expense');
  await expect(form.getByLabel('Description')).toBeFocused();
  await page.keyboard.type('Train tickets');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Amount', { exact: true })).toBeFocused();
  await page.keyboard.type('42.50');
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Train tickets/ })).toContainText('€42.50');
  await expect(page.getByText('You are owed €21.25', { exact: true })).toBeVisible();
});
