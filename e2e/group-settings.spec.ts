import { expect, test } from '@playwright/test';
import { accounts, addExpense, createGroup, openAs } from './api';
import { dialog, expectAccessible, uniqueEmail } from './support';

test('Group Settings: refusals for the creator and a member with a balance, a new person by e-mail, save', async ({
  page,
  request,
}) => {
  const [alice, bob, carol, erin] = await accounts(request, 'Alice', 'Bob', 'Carol', 'Erin');
  const group = await createGroup(request, alice, 'Climbing club', [bob, carol]);
  await addExpense(request, {
    description: 'Ropes',
    amount: 40,
    payer: alice,
    among: [alice, bob],
    groupId: group.id,
  });
  // Erin shares another group with Alice: she is found by name, tagged Connected.
  await createGroup(request, alice, 'Running', [erin]);

  await openAs(page, alice, `/groups/${group.id}`);
  await page.getByRole('button', { name: 'Group settings' }).click();
  const settings = dialog(page, 'Group Settings');
  const members = settings.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('listitem')).toHaveCount(3);
  await expect(members.getByRole('listitem').filter({ hasText: 'Alice' })).toContainText('Group Creator');
  // The creator sees no Leave Group section.
  await expect(settings.getByRole('heading', { name: 'Leave Group' })).toHaveCount(0);
  await expectAccessible(page);

  await settings.getByRole('button', { name: 'Remove Alice' }).click();
  await expect(settings.getByText('The group creator cannot be removed.')).toBeVisible();
  await settings.getByRole('button', { name: 'Has Unsettled Balance: Bob' }).click();
  await expect(
    settings.getByText(
      'This member has an unsettled balance and cannot be removed until all expenses are settled.',
    ),
  ).toBeVisible();

  // Carol has no balance: removing her asks first.
  await settings.getByRole('button', { name: 'Remove Carol' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove member' });
  await expect(confirm).toContainText('Remove Carol from this group?');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(members.getByRole('listitem')).toHaveCount(3);
  await settings.getByRole('button', { name: 'Remove Carol' }).click();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(members.getByRole('listitem')).toHaveCount(2);

  const addPeople = settings.getByLabel('Add people');
  await addPeople.fill('Eri');
  const found = settings.getByRole('list', { name: 'People found' }).getByRole('listitem');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText('Erin');
  await expect(found).toContainText('Connected');
  await found.getByRole('button', { name: 'Add Erin' }).click();
  await expect(members.getByRole('listitem').filter({ hasText: 'Erin' })).toBeVisible();
  await expect(addPeople).toHaveValue('');

  // A new person by e-mail: an invalid address first, then the small form.
  await addPeople.fill('dana@nowhere');
  await settings.getByRole('button', { name: 'Add dana@nowhere' }).click();
  await expect(settings.getByText('Please enter a valid email address')).toBeVisible();
  const dana = uniqueEmail('dana');
  await addPeople.fill(dana);
  await settings.getByRole('button', { name: `Add ${dana}` }).click();
  const newPerson = settings.getByRole('region', { name: 'Add a new person' });
  await expect(newPerson.getByLabel('Email')).toHaveValue(dana);
  await newPerson.getByLabel('Name (optional)').fill('Dana Novak');
  await newPerson.getByRole('button', { name: 'Add Person' }).click();
  const danaRow = members.getByRole('listitem').filter({ hasText: 'Dana Novak' });
  await expect(danaRow).toContainText('Not Registered');
  await expectAccessible(page);
  await page.screenshot({ path: 'docs/screenshots/group-settings.png', fullPage: true });

  // Another currency and a default split by percentage (opens Configure Split).
  await settings.getByRole('button', { name: /Currency$/ }).click();
  await page.getByRole('option', { name: /^GBP/ }).click();
  await settings.getByRole('button', { name: /Default Split Method$/ }).click();
  await page.getByRole('option', { name: 'Split by Percentage' }).click();
  const split = dialog(page, 'Configure Split');
  await expect(split).toBeVisible();
  await expectAccessible(page);
  await split.getByLabel('Alice percentage').fill('60');
  await split.getByLabel('Bob percentage').fill('40');
  await split.getByRole('button', { name: 'Save' }).click();
  await expect(split).toHaveCount(0);

  await settings.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(settings.getByText('Group settings updated successfully!')).toBeVisible();
  await expect(members.getByRole('listitem')).toHaveCount(4);
  await expect(members.getByRole('listitem').filter({ hasText: 'Carol' })).toHaveCount(0);

  // What was saved is what the server now holds.
  await page.reload();
  await page.getByRole('button', { name: 'Group settings' }).click();
  await expect(settings.getByRole('button', { name: /Currency$/ })).toContainText('GBP');
  await expect(settings.getByRole('button', { name: /Default Split Method$/ })).toContainText(
    'Split by Percentage',
  );
  await expect(members.getByRole('listitem').filter({ hasText: 'Dana Novak' })).toContainText(
    'Not Registered',
  );
  await settings.getByRole('button', { name: 'Configure Split' }).click();
  await expect(dialog(page, 'Configure Split').getByLabel('Alice percentage')).toHaveValue('60');
});

test('Leave Group: a member with a balance is refused, a settled member leaves after confirming', async ({
  page,
  request,
}) => {
  const [alice, bob, carol] = await accounts(request, 'Alice', 'Bob', 'Carol');
  const group = await createGroup(request, alice, 'Book club', [bob, carol]);
  await addExpense(request, {
    description: 'Books',
    amount: 20,
    payer: alice,
    among: [alice, bob],
    groupId: group.id,
  });

  await openAs(page, bob, `/groups/${group.id}`);
  await page.getByRole('button', { name: 'Group settings' }).click();
  const settings = dialog(page, 'Group Settings');
  // Refused before the click: the button is disabled with the reason beside it.
  await expect(settings.getByRole('button', { name: 'Leave Group' })).toBeDisabled();
  await expect(
    settings.getByText(
      'You cannot leave because you either have an outstanding balance or are the group admin.',
    ),
  ).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Leave Group' })).toHaveAccessibleDescription(
    'You cannot leave because you either have an outstanding balance or are the group admin.',
  );
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await openAs(page, carol, `/groups/${group.id}`);
  await page.getByRole('button', { name: 'Group settings' }).click();
  await settings.getByRole('button', { name: 'Leave Group' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Leave Group' });
  await expect(confirm).toContainText('Are you sure you want to leave this group?');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/groups$/);

  // Carol is no longer a member: the group is gone for her.
  await page.goto(`/groups/${group.id}`);
  await expect(page.getByText('No group found')).toBeVisible();
});

test('Group Settings refuses to save without a currency, a default split method or any member', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const group = await createGroup(request, alice, 'Choir', [bob]);
  // The selects always hold a value and the creator can never be removed, so the form only meets these
  // rules with a group the server answers without a currency, with an unknown split method and no members.
  await page.route(
    (url) => url.pathname === `/api/groups/${group.id}`,
    async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      const json = await response.json();
      await route.fulfill({
        response,
        json: { ...json, currency: '', default_split_type: 'by-mood', Members: [], members: [] },
      });
    },
  );
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT') puts.push(r.url());
  });

  await openAs(page, alice, `/groups/${group.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Choir' })).toBeVisible();
  await page.getByRole('button', { name: 'Group settings' }).click();
  const settings = dialog(page, 'Group Settings');
  await expect(settings.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(0);
  await settings.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(settings.getByText('Please select a currency', { exact: true })).toBeVisible();
  await expect(settings.getByText('Please select a default split method', { exact: true })).toBeVisible();
  await expect(settings.getByText('A group must have at least one member', { exact: true })).toBeVisible();
  await expectAccessible(page);
  expect(puts).toEqual([]);
});

test('Group Settings: the creator renames the group and describes it; the others see both, read-only', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const group = await createGroup(request, alice, 'Flatshare', [bob]);

  await openAs(page, alice, `/groups/${group.id}`);
  await page.getByRole('button', { name: 'Group settings' }).click();
  const settings = dialog(page, 'Group Settings');
  const name = settings.getByRole('textbox', { name: 'Name' });
  await expect(name).toHaveValue('Flatshare');
  await name.fill('   ');
  await settings.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(settings.getByText('Please enter a group name', { exact: true })).toBeVisible();
  await name.fill('Flat 4B');
  await settings.getByRole('textbox', { name: 'Description' }).fill('Rent, bills and the cleaner');
  await expectAccessible(page);
  await page.screenshot({ path: 'docs/screenshots/group-settings-details.png' });
  await settings.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(settings.getByText('Group settings updated successfully!')).toBeVisible();
  await settings.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Flat 4B' })).toBeVisible();
  await expect(page.getByText('Rent, bills and the cleaner')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'docs/screenshots/group-description.png', fullPage: true });

  // Bob sees the new name and description, and in the settings only as text, with who may change them.
  await openAs(page, bob, `/groups/${group.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Flat 4B' })).toBeVisible();
  await expect(page.getByText('Rent, bills and the cleaner')).toBeVisible();
  await page.getByRole('button', { name: 'Group settings' }).click();
  await expect(settings.getByRole('textbox', { name: 'Name' })).toHaveCount(0);
  await expect(settings.getByRole('textbox', { name: 'Description' })).toHaveCount(0);
  await expect(settings.getByRole('definition').filter({ hasText: 'Flat 4B' })).toBeVisible();
  await expect(
    settings.getByText("Only the group creator can change the group's name and description."),
  ).toBeVisible();
  await expectAccessible(page);
  // The rest of the settings are still his to change.
  await settings.getByRole('button', { name: /Currency$/ }).click();
  await page.getByRole('option', { name: /^GBP/ }).click();
  await settings.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(settings.getByText('Group settings updated successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Flat 4B' })).toBeVisible();
});
