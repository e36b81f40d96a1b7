import { expect, test } from '@playwright/test';
import { accounts, addExpense, api, createGroup, openAs, settle } from './api';
import { dialog, expectAccessible, screenshotPage, tabTo } from './support';

test('the group history tells every change in words, a deleted expense too; filters and "Load more" work by keyboard', async ({
  page,
  request,
}) => {
  const [alice, bob, carol] = await accounts(request, 'Alice', 'Bob', 'Carol');
  const group = await createGroup(request, alice, 'Lake house', [bob, carol]);
  const among = [alice, bob, carol];
  const dinner = await addExpense(request, {
    description: 'Dinner',
    amount: 90,
    payer: alice,
    among,
    groupId: group.id,
  });
  await api(request, 'PUT', `/expenses/${dinner.id}`, alice.token, {
    description: 'Dinner',
    amount: 95,
    currency: 'EUR',
    category: 'dining',
    group_id: group.id,
    split_type: 'equal',
    paid_by: alice.id,
    participants: among.map((m) => m.id),
    split_with: [bob.id, carol.id],
    version: dinner.version,
  });
  const taxi = await addExpense(request, {
    description: 'Taxi',
    amount: 30,
    payer: bob,
    among,
    groupId: group.id,
  });
  await api(request, 'DELETE', `/expenses/${taxi.id}`, bob.token);
  await settle(request, group.id, carol, alice, 10);
  // Enough changes for a second page: 4 (creation, three members) + 5 above + 12 = 21.
  for (let i = 1; i <= 12; i++) {
    await addExpense(request, { description: `Snack ${i}`, amount: i, payer: bob, among, groupId: group.id });
  }

  await openAs(page, alice, `/groups/${group.id}`);
  const open = page.getByRole('button', { name: 'Group History' });
  await tabTo(page, open, 80);
  await page.keyboard.press('Enter');
  const history = dialog(page, 'Group History');
  await expect(history).toBeVisible();
  const items = history.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem');
  await expect(items).toHaveCount(20);
  await expect(items.first()).toContainText('Bob added Snack 12: €12.00, paid by Bob €12.00');

  // "Load more" brings the oldest: the group's creation.
  const more = history.getByRole('button', { name: 'Load more' });
  await tabTo(page, more, 80);
  await page.keyboard.press('Enter');
  await expect(items).toHaveCount(21);
  await expect(items.last()).toContainText('Alice created the group Lake house');
  await expect(more).toHaveCount(0);
  await expect(history.getByText('Alice edited Dinner: amount €90.00 -> €95.00')).toBeVisible();
  await expect(history.getByText('Carol paid Alice €10.00')).toBeVisible();
  // The deleted expense stays readable in its event.
  await expect(history.getByText('Bob deleted Taxi: €30.00, paid by Bob €30.00')).toBeVisible();

  // Only deletions, by keyboard.
  const kind = history.getByRole('button', { name: /Kind of change$/ });
  await tabTo(page, kind);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'Expense deleted', exact: true })).toBeVisible();
  await page.keyboard.type('Expense d');
  await page.keyboard.press('Enter');
  await expect(kind).toContainText('Expense deleted');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Bob deleted Taxi');

  // Everything Carol did or that happened to her.
  const kindAgain = history.getByRole('button', { name: /Kind of change$/ });
  await kindAgain.click();
  await page.getByRole('option', { name: 'All changes', exact: true }).click();
  const personSelect = history.getByRole('button', { name: /Person$/ });
  await personSelect.click();
  await page.getByRole('option', { name: 'Carol', exact: true }).click();
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Carol recorded a payment: Carol paid Alice €10.00');
  await expect(items.nth(1)).toContainText('Alice added Carol to the group');
  await expectAccessible(page);

  await personSelect.click();
  await page.getByRole('option', { name: 'Everyone', exact: true }).click();
  await expect(items).toHaveCount(20);
  await expectAccessible(page);
  await screenshotPage(page, 'docs/screenshots/group-history.png');
});
