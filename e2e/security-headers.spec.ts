// The Content-Security-Policy the server sends must let the real built app work: every screen, dialog
// and popover is opened and the browser must report no violation (no blocked script, style or image).
import { expect, type Page, test } from '@playwright/test';
import { accounts, addExpense, createGroup, openAs } from './api';
import { dialog, person, register } from './support';

/** Every CSP violation the page reports: Chromium's console message and the DOM event, both kept. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`,
      );
    });
  });
  return violations;
}

test('the built app runs under its Content-Security-Policy without a single violation', async ({
  page,
  request,
}) => {
  const violations = await watchCsp(page);
  // The live stream (GET /api/events) stays open with a signed-in page, which would never be idle for the
  // waits below; it has no bearing on the policy (e2e/live.spec.ts tests it), so it is refused here.
  await page.context().route('**/api/events', (route) => route.abort());

  const first = await page.goto('/register');
  const policy = first?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("style-src 'self'");
  expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(first?.headers()['x-frame-options']).toBe('DENY');
  expect(first?.headers()['x-content-type-options']).toBe('nosniff');

  // Registration through the form, then the home screen.
  await register(page, person('Csp'));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  expect(violations).toEqual([]);

  // A group with an expense: the group screen, its dialogs, the expense form with its popovers.
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const trip = await createGroup(request, alice, 'Policy trip', [bob]);
  const dinner = await addExpense(request, {
    description: 'Dinner',
    amount: 40,
    payer: alice,
    among: [alice, bob],
    groupId: trip.id,
  });
  await openAs(page, alice, `/groups/${trip.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Policy trip' })).toBeVisible();
  await page.getByRole('button', { name: 'Settle Up' }).click();
  await expect(dialog(page, 'Settle Up')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Group settings' }).click();
  await expect(page.getByRole('dialog').first()).toBeVisible();
  await page.keyboard.press('Escape');
  expect(violations).toEqual([]);

  await page.goto(`/groups/${trip.id}/expenses/create`);
  await expect(page.getByRole('heading', { level: 1, name: 'Add Expense' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Description' }).fill('Taxi');
  const group = page.getByRole('combobox', { name: 'Group' });
  await group.click();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  expect(violations).toEqual([]);

  for (const path of [`/expenses/${dinner.id}`, '/expenses', '/groups', '/account', '/no/such/page']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(violations, path).toEqual([]);
  }
});

test('on an iPhone, where react-aria also locks scrolling with a style element, a dialog causes no violation', async ({
  page,
  request,
}) => {
  const violations = await watchCsp(page);
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'platform', { get: () => 'iPhone' });
    Object.defineProperty(Navigator.prototype, 'userAgentData', {
      get: () => ({ platform: 'iPhone', mobile: true, brands: [] }),
    });
  });
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const trip = await createGroup(request, alice, 'Phone trip', [bob]);
  await addExpense(request, {
    description: 'Lunch',
    amount: 12,
    payer: alice,
    among: [alice, bob],
    groupId: trip.id,
  });
  await openAs(page, alice, `/groups/${trip.id}`);
  await page.getByRole('button', { name: 'Settle Up' }).click();
  await expect(dialog(page, 'Settle Up')).toBeVisible();
  const styles = await page.evaluate(() =>
    [...document.querySelectorAll('head style')].map((s) => s.textContent),
  );
  expect(styles.some((css) => css?.includes('overscroll-behavior: contain'))).toBe(true);
  expect(violations).toEqual([]);
});

test('the API reference renders under its own policy without a violation', async ({ page }) => {
  const violations = await watchCsp(page);
  const response = await page.goto('/api/docs');
  expect(response?.headers()['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self';");
  await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible();
  await page.locator('.swagger-ui .opblock-summary').first().click();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
