import { expect, test } from '@playwright/test';
import { expectAccessible, login, logout, person, register } from './support';

test('a new person registers with the passphrase, is greeted, stays signed in on reload and logs out', async ({
  page,
}) => {
  const alice = person('Alice');
  await register(page, alice);

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Ahoj Alice!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Expense' })).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ahoj Alice!' })).toBeVisible();

  await logout(page);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();

  // Signed out: a protected route sends the person to /login and back after signing in.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(alice.email);
  await page.getByLabel('Password').fill(alice.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Ahoj Alice!' })).toBeVisible();

  // Signed in: the sign-in screens send the person home.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a wrong password shows the server's message and signs nobody in", async ({ page }) => {
  const bob = person('Bob');
  await register(page, bob);
  await expect(page.getByRole('heading', { name: 'Ahoj Bob!' })).toBeVisible();
  await logout(page);

  await login(page, bob.email, 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a wrong registration passphrase is refused with the server message', async ({ page }) => {
  await register(page, person('Carol'), 'not the passphrase');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The registration passphrase is incorrect.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('the sign-in screens show the spec validation messages and pass an accessibility scan', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByText('Please sign in to your account')).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/login.png', fullPage: true });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is invalid')).toBeVisible();

  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByText('Join us to start managing your expenses')).toBeVisible();
  await expect(page.getByText('Enter the registration passphrase')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create Account' }).click();
  for (const message of [
    'Email is required',
    'First name is required',
    'Last name is required',
    'Password is required',
    'Please confirm your password',
    'Passphrase is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('First name').fill('A');
  await page.getByLabel('Last name').fill('B');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Create Account' }).click();
  for (const message of [
    'First name must be at least 2 characters',
    'Last name must be at least 2 characters',
    'Password must be at least 8 characters',
    'Passwords do not match',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.screenshot({ path: 'docs/screenshots/register-errors.png', fullPage: true });
});

test('with human verification on and its script unavailable, the sign-in forms say so and send nothing', async ({
  page,
}) => {
  // This server runs without a reCAPTCHA site key: the client configuration is answered with one here.
  // Google's script cannot load (the route refuses it, as does the page's script policy): verification fails.
  await page.route('**/api/client-config', (route) =>
    route.fulfill({ json: { recaptcha: { enabled: true, siteKey: 'e2e-site-key' } } }),
  );
  await page.route('https://www.google.com/recaptcha/**', (route) => route.abort('blockedbyclient'));
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/users/')) sent.push(r.url());
  });

  await login(page, 'nobody@example.com', 'a-long-password-1');
  await expect(
    page.getByRole('alert').filter({ hasText: 'reCAPTCHA verification failed. Please try again.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page);

  await register(page, person('Vera'));
  await expect(
    page.getByRole('alert').filter({ hasText: 'reCAPTCHA verification failed. Please try again.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  expect(sent).toEqual([]);
});
