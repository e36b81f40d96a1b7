import { expect, type Page, test } from '@playwright/test';
import { account } from './api';
import { mailedLink } from './mailbox';
import { expectAccessible, login, person, register } from './support';

// Issue 19 item 4: addresses are proven by a link; forgotten passwords are reset by one.
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

async function accessibleAtBothWidths(page: Page): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expectAccessible(page);
  }
}

test('a new account is asked to confirm its address until it opens the e-mailed link', async ({ page }) => {
  const dana = person('Dana');
  await register(page, dana);
  await expect(page).toHaveURL(/\/dashboard$/);
  const banner = page.getByRole('region', { name: 'Confirm your e-mail address' });
  await expect(banner).toContainText(`Please check your mail: open the link we sent to ${dana.email}`);
  await accessibleAtBothWidths(page);

  await banner.getByRole('button', { name: 'Resend' }).click();
  await expect(banner).toContainText(`We sent a new link to ${dana.email}.`);

  await page.goto(await mailedLink(dana.email, '/verify-email'));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm e-mail' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your e-mail address is confirmed.' }),
  ).toBeVisible();
  await accessibleAtBothWidths(page);
  await page.getByRole('link', { name: 'Continue to Kitty' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ahoj Dana!' })).toBeVisible();
  await expect(banner).toHaveCount(0);

  // The link works once.
  await page.goto(await mailedLink(dana.email, '/verify-email'));
  await expect(page.getByRole('alert')).toContainText('This link is invalid or has expired.');
});

test('forgot password: a link by e-mail sets a new password, then the person signs in with it', async ({
  page,
  request,
}) => {
  const erik = await account(request, 'Erik');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password?' })).toBeVisible();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(/Email is required|valid/i);
  await accessibleAtBothWidths(page);
  await page.getByLabel('Email').fill(erik.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account uses ${erik.email}`);

  await page.goto(await mailedLink(erik.email, '/reset-password'));
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('the-new-password-2');
  await page.getByLabel('Confirm new password').fill('something-else');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByLabel('Confirm new password')).toHaveAccessibleDescription('Passwords do not match');
  await accessibleAtBothWidths(page);
  await page.getByLabel('Confirm new password').fill('the-new-password-2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is changed.');
  await page.getByRole('link', { name: 'Sign in' }).click();

  await login(page, erik.email, erik.password);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await login(page, erik.email, 'the-new-password-2');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ahoj Erik!' })).toBeVisible();
});
