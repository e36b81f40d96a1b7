import { expect, test } from '@playwright/test';
import { accounts, addExpense, createGroup, openAs, settle } from './api';
import { dialog, expectAccessible, expectNoClippedText } from './support';

test.use({ viewport: { width: 390, height: 844 } });

test('badges beside long activity titles and the History tab are shown whole at 390 px', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const group = await createGroup(request, alice, 'Flatshare', [bob]);
  const long =
    'Weekly groceries from the farmers market on the square, with the extra cheese everyone wanted';
  await addExpense(request, {
    description: 'Rent',
    amount: 40,
    payer: alice,
    among: [alice, bob],
    groupId: group.id,
  });
  await settle(request, group.id, bob, alice, 5);
  await addExpense(request, {
    description: long,
    amount: 30,
    payer: alice,
    among: [alice, bob],
    groupId: group.id,
  });

  await openAs(page, alice, `/groups/${group.id}`);
  const row = page.getByRole('link', { name: /Weekly groceries/ });
  await expect(row).toContainText(long);
  for (const badge of [
    row.getByText('New', { exact: true }),
    page.getByText('Latest settlement', { exact: true }),
  ]) {
    await badge.scrollIntoViewIfNeeded();
    await expect(badge).toBeInViewport({ ratio: 1 });
  }
  await expectNoClippedText(page, 'Group activity');

  await page.getByRole('button', { name: 'Settle Up' }).click();
  const settleUp = dialog(page, 'Settle Up');
  for (const name of ['Suggestions', 'Custom Settlement', 'History']) {
    await expect(settleUp.getByRole('tab', { name })).toBeInViewport({ ratio: 1 });
  }
  await settleUp.getByRole('tab', { name: 'History' }).click();
  await expect(settleUp.getByRole('region', { name: 'Today' })).toContainText('Paid back');
  await expectNoClippedText(page, 'Settle Up history');
});

test('the edit route of a missing expense says "Expense Not Found" in the app frame, without Retry', async ({
  page,
  request,
}) => {
  const [alice] = await accounts(request, 'Alice');
  await openAs(page, alice, '/expenses/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/edit');
  await expect(page.getByRole('heading', { name: 'Expense Not Found' })).toBeVisible();
  await expect(
    page.getByText("The expense you're looking for doesn't exist or has been deleted."),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(page.getByText('Not found', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
});

test('Leave Group is disabled with its reason while the member owes, and enabled once settled', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const group = await createGroup(request, alice, 'Book club', [bob]);
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
  const reason = 'You cannot leave because you either have an outstanding balance or are the group admin.';
  await expect(settings.getByRole('button', { name: 'Leave Group' })).toBeDisabled();
  await expect(settings.getByText(reason)).toBeVisible();
  await expect(settings.getByText('You can leave when your balance in this group is zero.')).toHaveCount(0);
  await expectAccessible(page);

  await settle(request, group.id, bob, alice, 10);
  await openAs(page, bob, `/groups/${group.id}`);
  await page.getByRole('button', { name: 'Group settings' }).click();
  await expect(settings.getByRole('button', { name: 'Leave Group' })).toBeEnabled();
  await expect(settings.getByText(reason)).toHaveCount(0);
});
