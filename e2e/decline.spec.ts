import { expect, type Page, test } from '@playwright/test';
import { accounts, addExpense, api, openAs } from './api';
import { expectAccessible } from './support';

/** Presses Tab until `name`'s button has the focus (a keyboard user's way there). */
async function tabTo(page: Page, name: string): Promise<void> {
  const target = page.getByRole('button', { name, exact: true });
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the ${name} button`);
}

test('a person someone else put in a personal expense declines it by keyboard: it is marked declined and counts for nobody', async ({
  page,
  request,
}) => {
  const [ana, val] = await accounts(request, 'Ana', 'Val');
  const dinner = await addExpense(request, {
    description: 'Dinner',
    amount: 80,
    payer: ana,
    among: [ana, val],
  });

  // The payer (who recorded it) is not offered Decline.
  await openAs(page, ana, `/expenses/${dinner.id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Dinner' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Decline expense' })).toHaveCount(0);

  await openAs(page, val, `/expenses/${dinner.id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Dinner' })).toBeVisible();
  const offer = page.getByRole('region', { name: 'Not yours?' });
  await expect(offer).toContainText('Ana');
  await expectAccessible(page);
  // A phone's width: the offer fits without scrolling sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(offer.getByRole('button', { name: 'Decline expense' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });

  await tabTo(page, 'Decline expense');
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Decline Expense' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  // Escape changes nothing.
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  const before = await api<{ balances: unknown[] }>(request, 'GET', '/financial/balance', val.token);
  expect(before.balances).toEqual([{ currency: 'EUR', amount: -40 }]);

  await tabTo(page, 'Decline expense');
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await tabTo(page, 'Decline');
  await page.keyboard.press('Enter');

  await expect(page.getByText(/^Declined by Val/)).toBeVisible();
  // The button pressed is gone: the focus is on what happened, not lost.
  await expect(page.locator(':focus')).toContainText('Declined by Val');
  await expect(page.getByText("This expense counts for nobody: it is in no one's balance.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Decline expense' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit expense' })).toHaveCount(0);
  await expectAccessible(page);

  for (const who of [val, ana]) {
    const balance = await api<{ balances: unknown[] }>(request, 'GET', '/financial/balance', who.token);
    expect(balance.balances).toEqual([]);
  }

  // The payer sees it marked too, in the detail and in the list, with no amount owed.
  await openAs(page, ana, `/expenses/${dinner.id}`);
  await expect(page.getByText(/^Declined by Val/)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  await expect(page.getByText(/Declined by Val/).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openAs(page, ana, '/expenses');
  const row = page.getByRole('link', { name: /Dinner/ });
  await expect(row).toContainText(/Declined by Val/);
  await expect(row).not.toContainText('you are owed');
  await expectAccessible(page);
});
