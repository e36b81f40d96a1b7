import { expect, type Page, test } from '@playwright/test';
import { type Account, accounts, api, createGroup, openAs } from './api';
import { expectAccessible, expectNoClippedText, screenshotPage } from './support';

// The periods are counted in the browser's zone: fixed here so the days below fall where the test expects.
test.use({ timezoneId: 'UTC' });

const pad = (n: number) => String(n).padStart(2, '0');

/** Noon (UTC) of day `day` of the month `back` months before this one. */
function noon(back: number, day: number): string {
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return `${month.getUTCFullYear()}-${pad(month.getUTCMonth() + 1)}-${pad(day)}T12:00:00.000Z`;
}

const monthName = (back: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
};

async function spend(
  request: Parameters<typeof api>[0],
  groupId: string,
  payer: Account,
  among: Account[],
  description: string,
  amount: number,
  category: string,
  date: string,
  currency = 'EUR',
) {
  await api(request, 'POST', '/expenses', payer.token, {
    description,
    amount,
    currency,
    category,
    group_id: groupId,
    split_type: 'equal',
    paid_by: payer.id,
    participants: among.map((m) => m.id),
    split_with: among.filter((m) => m.id !== payer.id).map((m) => m.id),
    date,
  });
}

/** The row of `table` whose header cell is `name`. */
const row = (page: Page, table: string, name: string) =>
  page.getByRole('table', { name: table }).getByRole('row', { name: new RegExp(`^${name}\\b`) });

test('a group Statistics shows its totals by category, month and person; the period changes them; the person sees their share', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const group = await createGroup(request, alice, 'Flat', [bob]);
  // Today's day of the month keeps both this month's expenses in the past, whatever today is.
  const today = new Date().getUTCDate();
  await spend(request, group.id, alice, [alice, bob], 'Market', 60, 'groceries', noon(0, today));
  await spend(request, group.id, bob, [alice, bob], 'Pizza', 40, 'dining', noon(0, today));
  await spend(request, group.id, alice, [alice, bob], 'Birthday dinner', 100, 'dining', noon(1, 15));
  await spend(request, group.id, bob, [alice, bob], 'Airport taxi', 30, 'transport', noon(0, today), 'USD');

  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, alice, `/groups/${group.id}`);
  await page.getByRole('link', { name: 'Statistics' }).click();
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}/statistics$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
  await expect(page.getByText('Flat', { exact: true })).toBeVisible();

  // This month (the default): the two expenses of this month.
  await expect(page.getByLabel('Period')).toHaveValue('this_month');
  await expect(page.getByText('Total spent: €100.00 (2 expenses)')).toBeVisible();
  await expect(row(page, 'Spending by category (EUR)', 'Groceries')).toHaveText(/€60\.00\s*60%/);
  await expect(row(page, 'Spending by category (EUR)', 'Dining Out')).toHaveText(/€40\.00\s*40%/);
  await expect(row(page, 'Spending by category (EUR)', 'Total')).toHaveText(/€100\.00\s*100%/);
  await expect(row(page, `Spending by month (EUR)`, monthName(0))).toHaveText(/€100\.00\s*100%/);
  await expect(row(page, 'Paid and share by person (EUR)', 'Alice')).toHaveText(/€60\.00\s*€50\.00/);
  await expect(row(page, 'Paid and share by person (EUR)', 'Bob')).toHaveText(/€40\.00\s*€50\.00/);

  // Last 3 months: last month's dinner joins them.
  await page.getByLabel('Period').selectOption('last_3_months');
  await expect(page.getByText('Total spent: €200.00 (3 expenses)')).toBeVisible();
  await expect(row(page, 'Spending by category (EUR)', 'Dining Out')).toHaveText(/€140\.00\s*70%/);
  await expect(row(page, 'Spending by category (EUR)', 'Groceries')).toHaveText(/€60\.00\s*30%/);
  await expect(row(page, 'Spending by month (EUR)', monthName(1))).toHaveText(/€100\.00\s*50%/);
  await expect(row(page, 'Spending by month (EUR)', monthName(0))).toHaveText(/€100\.00\s*50%/);
  await expect(row(page, 'Paid and share by person (EUR)', 'Alice')).toHaveText(/€160\.00\s*€100\.00/);
  await expect(row(page, 'Paid and share by person (EUR)', 'Bob')).toHaveText(/€40\.00\s*€100\.00/);
  // Dollars are never added to euros: they have a table of their own, one currency at a time.
  await expect(page.getByLabel('Currency')).toHaveValue('EUR');
  await page.getByLabel('Currency').selectOption('USD');
  await expect(page.getByText('Total spent: $30.00 (1 expense)')).toBeVisible();
  await expect(row(page, 'Spending by category (USD)', 'Transport')).toHaveText(/\$30\.00\s*100%/);
  await expect(row(page, 'Paid and share by person (USD)', 'Bob')).toHaveText(/\$30\.00\s*\$15\.00/);
  await page.getByLabel('Currency').selectOption('EUR');
  await expect(page.getByText('Total spent: €200.00 (3 expenses)')).toBeVisible();
  // The charts are pictures for the eye; the tables say the same to everyone.
  await expect(page.locator('canvas')).toHaveCount(3);
  await expectAccessible(page);
  await expectNoClippedText(page, 'group statistics at 1280 px');
  await screenshotPage(page, 'docs/screenshots/statistics-1280.png');

  // A custom period with its end before its start is refused, in words, before anything is asked.
  await page.getByLabel('Period').selectOption('custom');
  await page.getByLabel('From').fill(noon(0, today).slice(0, 10));
  await page.getByLabel('To').fill(noon(1, 15).slice(0, 10));
  await expect(page.getByText('The end of the period cannot be before its start')).toBeVisible();
  await page.getByLabel('To').fill('');
  await page.getByLabel('From').fill(noon(1, 1).slice(0, 10));
  await page.getByLabel('To').fill(noon(1, 28).slice(0, 10));
  await expect(page.getByText('Total spent: €100.00 (1 expense)')).toBeVisible();

  // A period without expenses says so.
  await page.getByLabel('From').fill('2001-01-01');
  await page.getByLabel('To').fill('2001-12-31');
  await expect(page.getByText('No expenses in this period')).toBeVisible();

  // Bob's own statistics, from Home: his share of each expense, and the group's line.
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, bob, '/dashboard');
  await page.getByRole('link', { name: 'Statistics' }).click();
  await expect(page).toHaveURL(/\/statistics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your statistics' })).toBeVisible();
  await page.getByLabel('Period').selectOption('last_3_months');
  await expect(page.getByText('Your share: €100.00 (3 expenses)')).toBeVisible();
  await expect(row(page, 'Your share by category (EUR)', 'Dining Out')).toHaveText(/€70\.00\s*70%/);
  await expect(row(page, 'Your share by category (EUR)', 'Groceries')).toHaveText(/€30\.00\s*30%/);
  await expect(row(page, 'Your share by month (EUR)', monthName(1))).toHaveText(/€50\.00\s*50%/);
  await expect(row(page, 'What you paid and your share by group (EUR)', 'Flat')).toHaveText(
    /€40\.00\s*€100\.00/,
  );
  await expectAccessible(page);
  await expectNoClippedText(page, 'your statistics at 390 px');

  // The group's statistics on a phone, for the screenshot and the scan.
  await page.goto(`/groups/${group.id}/statistics`);
  await page.getByLabel('Period').selectOption('last_3_months');
  await expect(page.getByText('Total spent: €200.00 (3 expenses)')).toBeVisible();
  await expectAccessible(page);
  await expectNoClippedText(page, 'group statistics at 390 px');
  await screenshotPage(page, 'docs/screenshots/statistics-390.png');
});

test('the statistics of a group the person is not in say there is no such group', async ({
  page,
  request,
}) => {
  const [alice, eve] = await accounts(request, 'Alice', 'Eve');
  const group = await createGroup(request, alice, 'Private', []);
  await openAs(page, eve, `/groups/${group.id}/statistics`);
  await expect(page.getByText('No group found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your Groups' })).toBeVisible();
});

test('signed out, both Statistics routes send the person to sign in', async ({ page }) => {
  for (const path of ['/statistics', '/groups/g-123/statistics']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login$/);
  }
});
