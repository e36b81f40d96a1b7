import { expect, type Page, test } from '@playwright/test';
import { openVerificationLink } from './mailbox';
import { choose, dialog, expectAccessible, person, register, uniqueEmail } from './support';

// Issue 5, "Done when": someone who has never seen the app signs up, shares a trip's costs with two friends
// and settles up, all through the screens (no API shortcuts).
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('two newcomers register, share a trip with an invited friend, agree on the balances and settle up', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const alice = person('Alice');
  const bob = person('Bob');
  const carolEmail = uniqueEmail('carol');
  const bobContext = await browser.newContext();
  const bobPage = await bobContext.newPage();

  await test.step('Alice and Bob each register with the passphrase', async () => {
    await register(page, alice);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ahoj Alice!' })).toBeVisible();
    await register(bobPage, bob);
    await expect(bobPage).toHaveURL(/\/dashboard$/);
    await expect(bobPage.getByRole('heading', { level: 1, name: 'Ahoj Bob!' })).toBeVisible();
  });

  await test.step('Each opens the link e-mailed to them (only then do they see what others share)', async () => {
    for (const [who, on] of [
      [alice, page],
      [bob, bobPage],
    ] as const) {
      await openVerificationLink(on, who.email);
      await on.getByRole('link', { name: 'Continue to Kitty' }).click();
      await expect(on).toHaveURL(/\/dashboard$/);
    }
  });

  await test.step('Alice creates a group with Bob and invites Carol, who has no account', async () => {
    await nav(page).getByRole('link', { name: 'Groups' }).click();
    await page.getByRole('link', { name: 'New Group' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Group' })).toBeVisible();
    await page.getByLabel('Group Name').fill('Tatras trip');
    const addPeople = page.getByLabel('Add people');
    await addPeople.fill(bob.email);
    await page.getByRole('button', { name: 'Add Bob' }).click();
    await addPeople.fill(carolEmail);
    await page.getByRole('button', { name: `Add "${carolEmail}" as a new person` }).click();
    const newPerson = dialog(page, 'Add New Person');
    await newPerson.getByLabel('Name (Optional)').fill('Carol Novak');
    await newPerson.getByRole('button', { name: 'Add Person' }).click();
    await expect(newPerson).toHaveCount(0);
    const members = page.getByRole('list', { name: 'Members' }).getByRole('listitem');
    await expect(members).toHaveCount(3);
    await expect(members.filter({ hasText: 'Carol Novak' })).toContainText('Not Registered');
    await choose(page, 'Currency', 'EUR - Euro');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(/\/groups\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tatras trip' })).toBeVisible();
    await expect(page.getByText('No expenses in this group yet.')).toBeVisible();
  });

  await test.step('Alice pays 90.00 for the cabin, split equally among the three', async () => {
    await page.getByRole('button', { name: 'Add Expense' }).click();
    const form = dialog(page, 'Add New Expense');
    await form.getByLabel('Description').fill('Cabin');
    await form.getByLabel('Amount', { exact: true }).fill('90.00');
    await expect(form.getByRole('checkbox', { name: 'Bob' })).toBeChecked();
    await expect(form.getByRole('checkbox', { name: 'Carol Novak' })).toBeChecked();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Cabin/ })).toContainText('€90.00');
    await expect(page.getByText('You are owed €60.00', { exact: true })).toBeVisible();
  });

  await test.step('Bob finds the group on Home and pays 30.00 of groceries, split 2 : 1 by shares with Alice', async () => {
    await bobPage.reload();
    await expect(
      bobPage
        .getByRole('region', { name: 'Balance Summary' })
        .getByText('Overall, you owe €30.00', { exact: true }),
    ).toBeVisible();
    const row = bobPage.getByRole('region', { name: 'Groups with Balance' }).getByRole('link', {
      name: /Tatras trip/,
    });
    await expect(row).toContainText('-€30.00');
    await row.click();
    await expect(bobPage.getByRole('heading', { level: 1, name: 'Tatras trip' })).toBeVisible();
    await expect(bobPage.getByText('You owe €30.00', { exact: true })).toBeVisible();

    await bobPage.getByRole('button', { name: 'Add Expense' }).click();
    const form = dialog(bobPage, 'Add New Expense');
    await form.getByLabel('Description').fill('Groceries');
    await form.getByLabel('Amount', { exact: true }).fill('30.00');
    // Carol was not shopping.
    await form.getByRole('group', { name: 'Participants' }).getByText('Carol Novak').click();
    await expect(form.getByRole('checkbox', { name: 'Carol Novak' })).not.toBeChecked();
    await choose(form, 'Split', 'Split by Shares');
    const split = dialog(bobPage, 'Configure Split');
    await split.getByLabel('Alice shares').fill('2');
    await split.getByLabel('Bob shares').fill('1');
    await split.getByRole('button', { name: 'Save' }).click();
    await expect(split).toHaveCount(0);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toHaveCount(0);
    // Bob paid 30.00 and owes 30.00 + 10.00: he is 10.00 short.
    await expect(bobPage.getByRole('link', { name: /Groceries/ })).toContainText('€30.00');
    await expect(bobPage.getByText('You owe €10.00', { exact: true })).toBeVisible();
  });

  await test.step("Home, Your Groups and the group page agree on Alice's balance", async () => {
    // Alice paid 90.00 and owes 30.00 + 20.00.
    await nav(page).getByRole('link', { name: 'Home' }).click();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Ahoj Alice!' })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Balance Summary' })
        .getByText('Overall, you are owed €40.00', { exact: true }),
    ).toBeVisible();
    const homeRow = page
      .getByRole('region', { name: 'Groups with Balance' })
      .getByRole('link', { name: /Tatras trip/ });
    await expect(homeRow).toContainText('3 members');
    await expect(homeRow).toContainText('+€40.00');
    await expect(homeRow).toContainText('you are owed');

    await nav(page).getByRole('link', { name: 'Groups' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your Groups' })).toBeVisible();
    const groupsRow = page.getByRole('link', { name: /Tatras trip/ });
    await expect(groupsRow).toContainText('+€40.00');
    await expect(groupsRow).toContainText('you are owed');
    await groupsRow.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tatras trip' })).toBeVisible();
    await expect(page.getByText('You are owed €40.00', { exact: true })).toBeVisible();
  });

  await test.step('Bob settles up through the suggestion for him', async () => {
    await bobPage.getByRole('button', { name: 'Settle Up' }).click();
    const settleUp = dialog(bobPage, 'Settle Up');
    const suggestions = settleUp.getByRole('list', { name: 'Suggested settlements' }).getByRole('button');
    await expect(suggestions).toHaveCount(2);
    const bobPays = suggestions.filter({ hasText: /Bob to Alice/ });
    await expect(bobPays).toContainText('€10.00');
    await expect(suggestions.filter({ hasText: /Carol Novak to Alice/ })).toContainText('€30.00');
    await bobPays.click();
    await expect(settleUp.getByRole('heading', { name: 'Confirm Settlement' })).toBeVisible();
    await expect(settleUp).toContainText('€10.00');
    await settleUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(bobPage.getByText('Settlement recorded successfully')).toBeVisible();
    await expect(settleUp).toHaveCount(0);
    await expect(bobPage.getByText('€0.00 settled', { exact: true })).toBeVisible();
  });

  await test.step('History shows the settlement under Today; Alice is now owed only what Carol owes', async () => {
    await bobPage.getByRole('button', { name: 'Settle Up' }).click();
    const settleUp = dialog(bobPage, 'Settle Up');
    await settleUp.getByRole('tab', { name: 'History' }).click();
    const today = settleUp.getByRole('region', { name: 'Today' });
    await expect(today.getByRole('heading', { name: 'Today' })).toBeVisible();
    const entries = today.getByRole('listitem');
    await expect(entries).toHaveCount(1);
    await expect(entries).toContainText('Bob');
    await expect(entries).toContainText('Alice');
    await expect(entries).toContainText('€10.00');
    await expectAccessible(bobPage);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText('You are owed €30.00', { exact: true })).toBeVisible();
  });

  await bobContext.close();
});
