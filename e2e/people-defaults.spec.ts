// Issue 20, items 7 and 10: defaults that follow the person, and a name search that says what it can find.
import { expect, type Page, test } from '@playwright/test';
import { account, api, createGroup, signedIn } from './api';
import { dialog, expectAccessible } from './support';

const NO_PEOPLE = 'No people found. Search by e-mail to find someone new.';

/** axe at the phone and the desktop width the layouts are made for. */
async function accessibleAtBothWidths(page: Page): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await expectAccessible(page);
  }
}

test("a new group's currency starts as the creator's default currency", async ({ page }) => {
  const alice = await signedIn(page, 'Alice', '/account');
  await api(page.request, 'PUT', '/account-settings', alice.token, {
    currency: 'CZK',
    defaultSplit: 'equal',
  });
  await page.goto('/groups/create');
  await expect(page.getByRole('heading', { name: 'Create Group', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /Currency$/ })).toContainText('CZK');
  await page.getByLabel('Group Name').fill('Prague flat');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/groups\/[0-9a-f-]{36}$/);
  const groups = await api<{ groups: { name: string; currency: string }[] }>(
    page.request,
    'GET',
    '/groups',
    alice.token,
  );
  expect(groups.groups.find((g) => g.name === 'Prague flat')?.currency).toBe('CZK');
});

test('a name that finds nobody says to search by e-mail, and is never offered as an address', async ({
  page,
  request,
}) => {
  // Bob is registered, but Alice shares nothing with him: his name finds nobody.
  await account(request, 'Bob');
  const alice = await signedIn(page, 'Alice', '/groups/create');

  await page.getByLabel('Add people').fill('Bob');
  await expect(page.getByText(NO_PEOPLE)).toBeVisible();
  await expect(page.getByRole('button', { name: /as a new person/ })).toHaveCount(0);
  await accessibleAtBothWidths(page);

  await page.goto('/expenses/create');
  const people = page.getByRole('combobox', { name: 'Add people' });
  await people.fill('Bob');
  await expect(page.getByRole('listbox').getByText(NO_PEOPLE)).toBeVisible();
  await expect(page.getByRole('option', { name: /Bob/ })).toHaveCount(0);

  const group = await createGroup(request, alice, 'Flat', []);
  await page.goto(`/groups/${group.id}`);
  await page.getByRole('button', { name: 'Group settings' }).click();
  const settings = dialog(page, 'Group Settings');
  await settings.getByLabel('Add people').fill('Bob');
  await expect(settings.getByText(NO_PEOPLE)).toBeVisible();
  await expect(settings.getByRole('button', { name: /^Add Bob/ })).toHaveCount(0);
  await accessibleAtBothWidths(page);
});
