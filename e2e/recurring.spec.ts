// Issue 24, feature 1: recurring expenses in the browser. A monthly rent started on a past 31st creates
// its occurrences right away, each with its own day and the month-end rule (31st, 30th, 31st); the group's
// Recurring expenses list pauses, resumes, edits (the expenses still to come) and stops it.
import { expect, type Page, test } from '@playwright/test';
import { accounts, createGroup, openAs } from './api';
import { dialog, expectAccessible, screenshotPage, tabTo } from './support';

test.use({ timezoneId: 'Europe/Paris', locale: 'en-US' });

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The latest 31st whose next month has 30 days and from which three months have passed by today (in
 * Paris): its first three occurrences are the 31st, the 30th and the 31st, all due already.
 */
type Month = { y: number; m: number };

/** Three months in a row that start on a past 31st: 31 days, then 30, then 31. */
function pastThirtyFirst(): [Month, Month, Month] {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  for (let back = 2; back < 12; back++) {
    const index = ty * 12 + (tm - 1) - back;
    const y = Math.floor(index / 12);
    const m = (index % 12) + 1;
    // March, May, August, October: 31 days, the next month 30, the one after 31 again.
    if (![3, 5, 8, 10].includes(m)) continue;
    const third = { y: Math.floor((index + 2) / 12), m: ((index + 2) % 12) + 1 };
    const thirdDay = `${third.y}-${pad(third.m)}-31`;
    if (thirdDay < today || (thirdDay === today && td === 31))
      return [{ y, m }, { y: Math.floor((index + 1) / 12), m: ((index + 1) % 12) + 1 }, third];
  }
  throw new Error('no past 31st found');
}

async function chooseByKeyboard(page: Page, label: string, option: string) {
  const select = page.getByRole('button', { name: new RegExp(` ${label}$`) });
  await tabTo(page, select, 60);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: option, exact: true })).toBeVisible();
  await page.keyboard.type(option);
  await page.keyboard.press('Enter');
  await expect(select).toContainText(option);
}

test('a monthly rent from a past 31st: its occurrences at each month end, then paused, resumed, edited for the future and stopped, by keyboard', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const flat = await createGroup(request, alice, 'Flat', [bob]);
  const [first, second, third] = pastThirtyFirst();
  const startInput = `${pad(first.m)}31${first.y}`;

  await openAs(page, alice, `/groups/${flat.id}/expenses/create`);
  await tabTo(page, page.getByLabel('Description'), 60);
  await page.keyboard.type('Rent');
  await tabTo(page, page.getByLabel('Amount', { exact: true }));
  await page.keyboard.type('900');
  // Never repeats until asked: the spec's form.
  await expect(page.getByRole('button', { name: /Never Repeat$/ })).toBeVisible();
  await chooseByKeyboard(page, 'Repeat', 'Every month');
  const firstDate = page.getByLabel('First date', { exact: true });
  await tabTo(page, firstDate);
  await page.keyboard.type(startInput);
  await expect(firstDate).toHaveValue(`${first.y}-${pad(first.m)}-31`);
  await expect(page.getByText('Every month on the 31st (the last day in shorter months)')).toBeVisible();

  // Ends: after a number of times, checked on the field; then never.
  await chooseByKeyboard(page, 'Ends', 'After a number of times');
  await tabTo(page, page.getByRole('textbox', { name: 'Number of times' }));
  await page.keyboard.type('0');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Enter a whole number of times from 1 to 1000')).toBeVisible();
  await chooseByKeyboard(page, 'Ends', 'Never');

  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await screenshotPage(page, 'docs/screenshots/recurring-390.png');
  await page.setViewportSize({ width: 1280, height: 800 });

  const save = page.getByRole('button', { name: 'Save', exact: true });
  await tabTo(page, save, 80);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/groups/${flat.id}$`));

  // Three rents already, each on its own day: the 31st, the last day of the 30-day month, the 31st.
  for (const { y, m } of [first, second, third]) {
    const day = m === second.m && y === second.y ? 30 : 31;
    await expect(page.getByText(`Alice paid · ${MONTHS[m - 1]} ${day}, ${y}`)).toBeVisible();
  }
  // Alice paid 3 × €900 and owes half: Bob owes her at least €1,350.00 (more if later months are due).
  await expect(page.getByText(/You are owed €1,350\.00|You are owed €1,8|You are owed €2,/)).toBeVisible();

  // The occurrence says it repeats.
  await page.getByRole('link', { name: /Rent/ }).first().click();
  await expect(page.getByText('Every month')).toBeVisible();
  const manage = page.getByRole('link', { name: 'Manage the recurring expenses' });
  await tabTo(page, manage, 80);
  await page.keyboard.press('Enter');

  const list = dialog(page, 'Recurring expenses');
  await expect(list).toBeVisible();
  const rent = list.getByRole('listitem', { name: 'Rent' });
  await expect(rent).toContainText('€900.00');
  await expect(rent).toContainText('Every month on the 31st (the last day in shorter months)');
  await expect(rent).toContainText(/Next: \d+ \w+ \d{4}/);
  await expectAccessible(page);
  await screenshotPage(page, 'docs/screenshots/recurring-1280.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Pause and resume, by keyboard.
  const pause = rent.getByRole('button', { name: 'Pause Rent' });
  await tabTo(page, pause);
  await page.keyboard.press('Enter');
  await expect(rent).toContainText('Paused');
  const resume = rent.getByRole('button', { name: 'Resume Rent' });
  await tabTo(page, resume);
  await page.keyboard.press('Enter');
  await expect(rent).toContainText(/Next: /);

  // Edit: the amount of the rents still to come.
  const edit = rent.getByRole('link', { name: 'Edit Rent' });
  await tabTo(page, edit);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Edit Recurring Expense' })).toBeVisible();
  await expect(page.getByText('Changes apply to the expenses still to come')).toBeVisible();
  await expect(page.getByRole('button', { name: /Every month Repeat$/ })).toBeVisible();
  const amount = page.getByLabel('Amount', { exact: true });
  await expect(amount).toHaveValue('900.00');
  await tabTo(page, amount, 60);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('950');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/groups/${flat.id}$`));
  // The rents already added stay at €900.
  await expect(page.getByRole('link', { name: /Rent/ }).first()).toContainText('€900.00');

  const open = page.getByRole('button', { name: 'Recurring expenses' });
  await tabTo(page, open, 80);
  await page.keyboard.press('Enter');
  await expect(rent).toContainText('€950.00');

  // Stop asks first; then it is over for good.
  const stop = rent.getByRole('button', { name: 'Stop Rent' });
  await tabTo(page, stop);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Stop repeating?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Stop', exact: true }).press('Enter');
  await expect(rent).toContainText('Stopped');
  await expect(rent.getByRole('button')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The history tells it, under its own kind.
  await page.getByRole('button', { name: 'Group History' }).click();
  const history = dialog(page, 'Group History');
  await history.getByRole('button', { name: /Kind of change$/ }).click();
  await page.getByRole('option', { name: 'Recurring expense changed', exact: true }).click();
  for (const words of ['set up', 'paused', 'resumed', 'changed', 'stopped'])
    await expect(history.getByText(`Alice ${words} the recurring expense Rent`)).toBeVisible();
});
