// Every screen and dialog, at a phone's 390 px and a laptop's 1280 px, with the long names, long descriptions
// and several currencies real groups have: no text cut off, no sideways scrolling, axe clean.
import { expect, type Page, test } from '@playwright/test';
import { type Account, account, addExpense, createGroup, openAs, settle } from './api';
import { choose, dialog, expectAccessible, expectNoClippedText, person } from './support';

const LONG_GROUP = 'Flatshare at Vinohradská 1234 with everyone from the summer semester abroad';
const LONG_DESCRIPTION =
  'Weekly groceries from the farmers market on the square, with the extra cheese everyone wanted';

/** The screen as it is now: nothing cut off, no sideways scroll, no accessibility violation. */
async function check(page: Page, where: string): Promise<void> {
  await expectNoClippedText(page, where);
  await expectAccessible(page);
}

interface World {
  alice: Account;
  bob: Account;
  groupId: string;
  expenseId: string;
}

async function world(page: Page): Promise<World> {
  const { request } = page;
  const alice = await account(request, person('Maximiliana-Alexandrina', 'Wolfeschlegelsteinhausen'));
  const bob = await account(request, person('Bartholomew-Christopher', 'Featherstonehaugh-Smythe'));
  const carol = await account(request, person('Konstantinos', 'Papadopoulos-Georgiou'));
  const stranger = {
    email: `someone.with.a.very.long.address.${Date.now().toString(36)}@example-company.co.uk`,
  };
  const group = await createGroup(request, alice, LONG_GROUP, [bob, carol, stranger]);
  const everyone = [alice, bob, carol];
  const add = (description: string, amount: number, currency: string, payer = alice) =>
    addExpense(request, { description, amount, currency, payer, among: everyone, groupId: group.id });
  await add('Deposit for the flat, first and last month', 123456.78, 'EUR');
  await add('Shinkansen tickets Tokyo to Kyoto and back', 1234567, 'JPY');
  await settle(request, group.id, carol, alice, 5);
  const groceries = await add(LONG_DESCRIPTION, 2453.5, 'CZK');
  await add('Diner breakfast', 45, 'USD', bob);
  const settledGroup = await createGroup(request, alice, 'Weekend in the mountains with the climbing club', [
    bob,
  ]);
  await addExpense(request, {
    description: 'Hut',
    amount: 20,
    payer: alice,
    among: [alice, bob],
    groupId: settledGroup.id,
  });
  await settle(request, settledGroup.id, bob, alice, 10);
  await addExpense(request, {
    description: 'Concert tickets for the whole evening',
    amount: 99.99,
    payer: alice,
    among: [alice, bob],
  });
  return { alice, bob, groupId: group.id, expenseId: groceries.id };
}

for (const width of [390, 1280]) {
  test(`every screen and dialog at ${width} px: no text cut off, no sideways scroll, axe clean`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    const { alice, bob, groupId, expenseId } = await world(page);

    await openAs(page, alice, '/dashboard');
    await expect(page.getByRole('heading', { name: /Ahoj/ })).toBeVisible();
    await check(page, 'Home');

    await page.goto('/groups');
    await page.getByRole('button', { name: 'Show Settled Groups' }).click();
    await expect(page.getByRole('region', { name: 'Settled Groups' })).toBeVisible();
    await check(page, 'Your Groups');

    await page.goto('/groups/create');
    await page.getByLabel('Group Name').fill(LONG_GROUP);
    await check(page, 'Create Group');
    await choose(page, 'Default Split Method', 'Split by Percentage');
    await expect(dialog(page, 'Configure Split')).toBeVisible();
    await check(page, 'Create Group: Configure Split');
    await page.keyboard.press('Escape');

    await page.goto(`/groups/${groupId}`);
    await expect(page.getByRole('heading', { level: 1, name: LONG_GROUP })).toBeVisible();
    await expect(page.getByText('Latest settlement')).toBeVisible();
    await check(page, 'Group');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await check(page, 'Group with earlier expenses');

    await page.getByRole('button', { name: 'Add Expense' }).click();
    await expect(dialog(page, 'Add New Expense')).toBeVisible();
    await check(page, 'Add New Expense');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Settle Up' }).click();
    const settleUp = dialog(page, 'Settle Up');
    await expect(settleUp.getByRole('list', { name: 'Suggested settlements' })).toBeVisible();
    await check(page, 'Settle Up: Suggestions');
    await settleUp.getByRole('tab', { name: 'Custom Settlement' }).click();
    await check(page, 'Settle Up: Custom Settlement');
    await settleUp.getByRole('tab', { name: 'History' }).click();
    await expect(settleUp.getByRole('tabpanel', { name: 'History' })).toContainText('€5.00');
    await check(page, 'Settle Up: History');
    await settleUp.getByRole('tab', { name: 'Suggestions' }).click();
    await settleUp.getByRole('list', { name: 'Suggested settlements' }).getByRole('button').first().click();
    await expect(settleUp.getByRole('heading', { name: 'Confirm Settlement' })).toBeVisible();
    await check(page, 'Settle Up: Confirm Settlement');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Balances' }).click();
    await expect(dialog(page, 'Group Balances').getByRole('list', { name: 'Member balances' })).toBeVisible();
    await check(page, 'Group Balances');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Group History' }).click();
    await expect(
      dialog(page, 'Group History').getByRole('list', { name: 'Changes, newest first' }),
    ).toContainText('Shinkansen tickets');
    await check(page, 'Group History');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Group settings' }).click();
    await expect(dialog(page, 'Group Settings')).toBeVisible();
    await check(page, 'Group Settings');
    await page.keyboard.press('Escape');

    await page.goto(`/groups/${groupId}/expenses/create`);
    await expect(page.getByRole('heading', { name: 'Add Expense' })).toBeVisible();
    await check(page, 'Add Expense in a group');

    await page.goto('/expenses/create');
    await page.getByLabel('Description').fill(LONG_DESCRIPTION);
    await check(page, 'Add Expense');
    await page.getByRole('combobox', { name: 'Add people' }).fill('newcomer@example.com');
    await page.getByRole('option', { name: 'Add newcomer@example.com' }).click();
    await expect(dialog(page, 'Add New User')).toBeVisible();
    await check(page, 'Add New User');
    await dialog(page, 'Add New User').getByRole('button', { name: 'Cancel' }).click();
    await page.getByLabel('Amount', { exact: true }).fill('2453.50');
    await choose(page, 'Split', 'Split by Shares');
    await expect(dialog(page, 'Configure Split')).toBeVisible();
    await check(page, 'Add Expense: Configure Split');
    await page.keyboard.press('Escape');

    await page.goto('/expenses');
    await expect(page.getByRole('link', { name: /Weekly groceries/ })).toBeVisible();
    await check(page, 'All Expenses');

    await page.goto(`/expenses/${expenseId}`);
    await expect(page.getByRole('heading', { name: 'Split Details' })).toBeVisible();
    await check(page, 'Expense detail');
    await page.getByRole('button', { name: 'Delete expense' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Delete Expense' })).toBeVisible();
    await check(page, 'Delete Expense');
    await page.keyboard.press('Escape');

    await page.goto(`/expenses/${expenseId}/edit`);
    await expect(page.getByRole('heading', { name: 'Edit Expense' })).toBeVisible();
    await check(page, 'Edit Expense');

    await page.goto('/account');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await check(page, 'Account');

    await page.goto('/no-such-page');
    await check(page, 'Page not found');

    // A member who owes sees Leave Group, disabled with its reason.
    await openAs(page, bob, `/groups/${groupId}`);
    await page.getByRole('button', { name: 'Group settings' }).click();
    await expect(dialog(page, 'Group Settings').getByRole('button', { name: 'Leave Group' })).toBeDisabled();
    await check(page, 'Group Settings of a member');

    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await check(page, 'Sign in');
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await check(page, 'Register');
  });
}
