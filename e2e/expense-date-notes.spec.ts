// Issue 23, feature 1: the date an expense happened (today by default, any past day, not more than a year
// ahead) and its notes, in the full form and the group's dialog; shown on the detail and in the list order.
// West of UTC on purpose: a day saved as its UTC midnight would show here as the day before.
import { expect, test } from '@playwright/test';
import { accounts, addExpense, api, createGroup, openAs } from './api';
import { dialog, expectAccessible, tabTo } from './support';

test.use({ timezoneId: 'America/Los_Angeles', locale: 'en-US' });

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date()); // 2026-11-26

test('a past date and notes typed by keyboard show on the detail and in the list order; an edit keeps the date; more than a year ahead is refused', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const trip = await createGroup(request, alice, 'Lisbon', [bob]);
  const among = [alice, bob];
  await addExpense(request, {
    description: 'Museum',
    amount: 20,
    payer: alice,
    among,
    groupId: trip.id,
    date: '2025-11-10T20:00:00.000Z',
  });
  await addExpense(request, { description: 'Lunch', amount: 20, payer: alice, among, groupId: trip.id });

  await openAs(page, alice, `/groups/${trip.id}/expenses/create`);
  const date = page.getByLabel('Date', { exact: true });
  await expect(date).toHaveValue(today());
  await page.getByLabel('Description').fill('Dinner');
  await page.getByLabel('Amount', { exact: true }).fill('45');
  await tabTo(page, date);
  await page.keyboard.type('11202025');
  await expect(date).toHaveValue('2025-11-20');
  await tabTo(page, page.getByLabel('Notes'), 5);
  await page.keyboard.type('Table 4, by the window');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Tip <b>included</b>');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/expenses');
  const links = page.getByRole('link', { name: /Lunch|Dinner|Museum/ });
  await expect(links).toHaveCount(3);
  expect((await links.allInnerTexts()).map((t) => /Lunch|Dinner|Museum/.exec(t)?.[0])).toEqual([
    'Lunch',
    'Dinner',
    'Museum',
  ]);
  await expect(page.getByRole('link', { name: /Dinner/ })).toContainText('Nov 20, 2025');
  await page.getByRole('link', { name: /Dinner/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Dinner' })).toBeVisible();
  await expect(page.getByText('Thursday, November 20, 2025 at 12:00 PM')).toBeVisible();
  // Multi-line, as text: the line break kept, the markup shown as typed.
  const shown = page.getByText('Table 4, by the window');
  await expect(shown).toHaveText('Table 4, by the window\nTip <b>included</b>');
  // Shown on two lines: the break is kept (pre-wrap), so the box is two lines high.
  await expect(shown).toHaveCSS('white-space', 'pre-wrap');
  const fontSize = await shown.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
  expect((await shown.boundingBox())?.height).toBeGreaterThan(2 * fontSize);
  await expect(shown.locator('b')).toHaveCount(0);
  await expectAccessible(page);

  // An edit that leaves the day alone keeps the date, time of day and all.
  await page.getByRole('button', { name: 'Edit expense' }).click();
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue('2025-11-20');
  await expect(page.getByLabel('Notes')).toHaveValue('Table 4, by the window\nTip <b>included</b>');
  await page.getByLabel('Description').fill('Dinner by the river');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Dinner by the river' })).toBeVisible();
  await expect(page.getByText('Thursday, November 20, 2025 at 12:00 PM')).toBeVisible();

  // More than a year ahead: the domain's message at the field, nothing saved.
  await page.getByRole('button', { name: 'Edit expense' }).click();
  const later = page.getByLabel('Date', { exact: true });
  await tabTo(page, later);
  await page.keyboard.type(`0101${new Date().getFullYear() + 2}`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The date cannot be more than a year from today')).toBeVisible();
  await expect(later).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/edit$/);
  await expectAccessible(page);
});

test('the group dialog takes a date and notes, with a counter near 1,000 characters', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const flat = await createGroup(request, alice, 'Flat', [bob]);
  await openAs(page, alice, `/groups/${flat.id}`);
  await page.getByRole('button', { name: 'Add Expense' }).click();
  const quick = dialog(page, 'Add New Expense');
  await expect(quick.getByLabel('Date', { exact: true })).toHaveValue(today());
  await quick.getByLabel('Description').fill('Internet');
  await quick.getByLabel('Amount', { exact: true }).fill('30');
  await quick.getByLabel('Date', { exact: true }).fill('2026-01-31');
  const notes = quick.getByLabel('Notes');
  await notes.fill('x'.repeat(799));
  await expect(quick.getByText(/characters$/)).toHaveCount(0);
  await notes.fill('y'.repeat(950));
  await expect(quick.getByText('950 of 1000 characters')).toBeVisible();
  await notes.fill('z'.repeat(1200));
  await expect(notes).toHaveValue('z'.repeat(1000));
  await expect(quick.getByText('1000 of 1000 characters')).toBeVisible();
  await expectAccessible(page);
  await quick.getByRole('button', { name: 'Save' }).click();
  await expect(quick).toBeHidden();

  const { expenses } = await api<{ expenses: { description: string; date: string; notes: string }[] }>(
    request,
    'GET',
    `/expenses/group/${flat.id}`,
    alice.token,
  );
  const saved = expenses.find((e) => e.description === 'Internet');
  expect(saved?.notes).toBe('z'.repeat(1000));
  // Saved as that day's noon in Los Angeles: 31 January wherever between UTC-11 and UTC+11 it is read.
  expect(saved?.date).toBe('2026-01-31T20:00:00.000Z');
});
