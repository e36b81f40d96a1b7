// Issue 20, item 8: "Add User" in the expense form invites nobody until the expense is saved, as its
// dialog says; a form left without saving leaves no invitation behind.
import { expect, type Page, test } from '@playwright/test';
import { account, api, openAs } from './api';
import { dialog, expectAccessible } from './support';

async function accessibleAtBothWidths(page: Page): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await expectAccessible(page);
  }
}

async function addNewUser(page: Page, email: string, name: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Add people' }).fill(email);
  await page.getByRole('option', { name: `Add ${email}` }).click();
  const newUser = dialog(page, 'Add New User');
  await expect(
    newUser.getByText(
      'This person is not registered yet. They will be invited to join when the expense is created.',
    ),
  ).toBeVisible();
  await newUser.getByRole('textbox', { name: 'Name (optional)' }).fill(name);
  await newUser.getByRole('button', { name: 'Add User' }).click();
  await expect(newUser).toBeHidden();
}

test('Add User invites nobody; leaving the form sends nothing, saving the expense sends the invitation', async ({
  page,
  request,
}) => {
  const alice = await account(request, 'Alice');
  const email = `zoe.${Date.now().toString(36)}@example.com`;
  const invites: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/users/invite')) invites.push(r.postData() ?? '');
  });
  const known = async () =>
    (
      await api<{ exists: boolean; user: { registered: boolean } | null }>(
        request,
        'GET',
        `/users/check-email?email=${encodeURIComponent(email)}`,
        alice.token,
      )
    ).exists;

  await openAs(page, alice, '/expenses/create');
  await addNewUser(page, email, 'Zoe Quinn');
  const zoe = page
    .getByRole('list', { name: 'Participants' })
    .getByRole('listitem')
    .filter({ hasText: 'Zoe Quinn' });
  await expect(zoe).toContainText('Pending');
  await accessibleAtBothWidths(page);
  expect(invites).toEqual([]);

  // Closed without saving: nobody was invited, no person was made.
  // The form's own Close: the toast "Added … to the expense" has a Close button too while it shows.
  await page.getByRole('main').getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(invites).toEqual([]);
  expect(await known()).toBe(false);

  await page.goto('/expenses/create');
  await addNewUser(page, email, 'Zoe Quinn');
  await page.getByRole('textbox', { name: 'Description' }).fill('Concert tickets');
  await page.getByRole('spinbutton', { name: 'Amount' }).fill('80');
  expect(invites).toEqual([]);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(invites.map((body) => JSON.parse(body))).toEqual([{ email, name: 'Zoe Quinn' }]);
  expect(await known()).toBe(true);

  const { expenses } = await api<{
    expenses: { description: string; ExpenseSplits: { email: string; amount: number }[] }[];
  }>(request, 'GET', '/expenses/user', alice.token);
  expect(expenses[0]?.description).toBe('Concert tickets');
  expect(expenses[0]?.ExpenseSplits.find((s) => s.email === email)?.amount).toBe(40);
});
