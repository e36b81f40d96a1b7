import { expect, type Locator, type Page, test } from '@playwright/test';
import { accounts, createGroup, openAs } from './api';
import { choose, dialog, expectAccessible } from './support';

const TOO_MANY_DECIMALS = 'Amount can have at most 2 decimal places';
const WHOLE_YEN = 'Amounts in JPY must be whole numbers';
const TOO_LARGE = 'Amount cannot be more than 1,000,000,000';

/** Counts the expense writes the page sends: a refused amount must send none. */
function countPosts(page: Page): () => number {
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/expenses')) posts++;
  });
  return () => posts;
}

/** Types `amount`, presses Save, and expects `message` at the amount field (its accessible description). */
async function expectRefusedAtField(
  scope: Locator | Page,
  amountField: Locator,
  amount: string,
  message: string,
) {
  await amountField.fill(amount);
  await scope.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(scope.getByText(message)).toBeVisible();
  await expect(amountField).toHaveAttribute('aria-invalid', 'true');
  await expect(amountField).toHaveAccessibleDescription(message);
}

test('Add New Expense in a EUR group says why 100.005 and an amount above the maximum are refused', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const group = await createGroup(request, alice, 'Euro trip', [bob], 'EUR');
  const posts = countPosts(page);

  await openAs(page, alice, `/groups/${group.id}`);
  await page.getByRole('button', { name: 'Add Expense' }).click();
  const form = dialog(page, 'Add New Expense');
  await form.getByLabel('Description').fill('Museum');
  const amount = form.getByLabel('Amount', { exact: true });
  await expectRefusedAtField(form, amount, '100.005', TOO_MANY_DECIMALS);
  await expectAccessible(page);
  await expectRefusedAtField(form, amount, '1000000000.01', TOO_LARGE);
  await expect(form).toBeVisible();
  expect(posts()).toBe(0);

  await amount.fill('100.05');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Museum/ })).toBeVisible();
  expect(posts()).toBe(1);
});

test('Add New Expense in a JPY group says why ¥1000.50 is refused', async ({ page, request }) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const group = await createGroup(request, alice, 'Tokyo', [bob], 'JPY');
  const posts = countPosts(page);

  await openAs(page, alice, `/groups/${group.id}`);
  await page.getByRole('button', { name: 'Add Expense' }).click();
  const form = dialog(page, 'Add New Expense');
  await expect(form.getByRole('button', { name: /Currency/ })).toContainText('JPY');
  await form.getByLabel('Description').fill('Ramen');
  await expectRefusedAtField(form, form.getByLabel('Amount', { exact: true }), '1000.50', WHOLE_YEN);
  expect(posts()).toBe(0);
});

test('the full expense form says why 100.005 EUR, ¥1000.50 and an amount above the maximum are refused', async ({
  page,
  request,
}) => {
  const [alice] = await accounts(request, 'Alice');
  const posts = countPosts(page);

  await openAs(page, alice, '/expenses/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Expense' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Description' }).fill('Books');
  await choose(page, 'Currency', 'EUR - Euro');
  const amount = page.getByRole('spinbutton', { name: 'Amount' });
  await expectRefusedAtField(page, amount, '100.005', TOO_MANY_DECIMALS);
  await expectAccessible(page);
  await expectRefusedAtField(page, amount, '1000000000.01', TOO_LARGE);
  await choose(page, 'Currency', 'JPY - Japanese Yen');
  await expectRefusedAtField(page, amount, '1000.50', WHOLE_YEN);
  await expect(page).toHaveURL(/\/expenses\/create$/);
  expect(posts()).toBe(0);
});
