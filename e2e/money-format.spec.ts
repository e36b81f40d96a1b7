import { expect, test } from '@playwright/test';
import { accounts, addExpense, createGroup, openAs } from './api';

// Every amount goes through Intl for its currency: yen have no minor unit, koruna are grouped by thousands.
test('yen show without decimals and koruna grouped, on every screen that shows them', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const tokyo = await createGroup(request, alice, 'Tokyo', [bob], 'JPY');
  const ramen = await addExpense(request, {
    description: 'Ramen',
    amount: 2000,
    payer: alice,
    among: [alice, bob],
    groupId: tokyo.id,
    currency: 'JPY',
  });
  const prague = await createGroup(request, alice, 'Prague', [bob], 'CZK');
  await addExpense(request, {
    description: 'Hotel',
    amount: 2453,
    payer: alice,
    among: [alice, bob],
    groupId: prague.id,
    currency: 'CZK',
  });

  await openAs(page, alice, `/groups/${tokyo.id}`);
  await expect(page.getByText('You are owed ¥1,000', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Ramen/ })).toContainText('¥2,000');
  await expect(page.locator('body')).not.toContainText('.00');

  await openAs(page, alice, `/groups/${prague.id}`);
  await expect(page.getByText(/^You are owed Kč\s1,226\.50$/)).toBeVisible();
  await expect(page.getByRole('link', { name: /Hotel/ })).toContainText(/Kč\s2,453\.00/);

  await openAs(page, alice, '/groups');
  await expect(page.getByRole('link', { name: /Tokyo/ })).toContainText('+¥1,000');
  await expect(page.getByRole('link', { name: /Prague/ })).toContainText(/\+Kč\s1,226\.50/);

  await openAs(page, alice, `/expenses/${ramen.id}`);
  await expect(page.getByRole('region', { name: 'Ramen' })).toContainText('¥2,000');
  await expect(page.getByRole('region', { name: 'Split Details' })).toContainText('¥1,000');
  await expect(page.getByRole('region', { name: 'Split Details' })).not.toContainText('.00');

  await openAs(page, alice, '/expenses');
  const row = page.getByRole('link', { name: /Ramen/ });
  await expect(row).toContainText('+¥1,000');
  await expect(row).toContainText('Total ¥2,000');
  await expect(page.getByRole('link', { name: /Hotel/ })).toContainText(/Total Kč\s2,453\.00/);
});
