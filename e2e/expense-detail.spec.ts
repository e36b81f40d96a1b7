import { expect, test } from '@playwright/test';
import { accounts, addExpense, api, createGroup, openAs } from './api';
import { expectAccessible, screenshotPage } from './support';

/** A gate a routed request waits at until the test releases it. */
function hold(): { promise: Promise<void>; release: () => void } {
  let release = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

test('the detail shows the expense and its splits; someone who did not pay cannot delete it', async ({
  page,
  request,
}) => {
  const [alice, bob, carol] = await accounts(request, 'Alice', 'Bob', 'Carol');
  const trip = await createGroup(request, alice, 'Road trip', [bob, carol]);
  const fuel = await addExpense(request, {
    description: 'Fuel',
    amount: 95,
    payer: alice,
    among: [alice, bob, carol],
    groupId: trip.id,
  });

  await openAs(page, bob, `/expenses/${fuel.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Detail' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Fuel' })).toBeVisible();
  await expect(page.getByText('Dining Out')).toBeVisible();
  await expect(page.getByText('€95.00').first()).toBeVisible();
  await expect(page.locator('dd', { hasText: /^Alice$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Road trip' })).toHaveAttribute('href', `/groups/${trip.id}`);
  const splits = page.getByRole('region', { name: 'Split Details' });
  await expect(splits.getByText('Split Equally')).toBeVisible();
  const amounts = (await splits.getByRole('listitem').allInnerTexts()).map((t) => /€[\d.]+/.exec(t)?.[0]);
  expect(amounts.sort()).toEqual(['€31.66', '€31.67', '€31.67']);
  await expect(splits).toContainText('Total€95.00');
  await expectAccessible(page);
  await screenshotPage(page, 'docs/screenshots/expense-detail.png');

  const remove = page.getByRole('button', { name: 'Delete expense' });
  await expect(remove).toHaveAttribute('aria-disabled', 'true');
  // react-aria shows hover tooltips once the pointer is in use (a click anywhere), as for a mouse user.
  await page.getByRole('heading', { level: 2, name: 'Fuel' }).click();
  await remove.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Only the person who paid can delete this expense');
  // aria-disabled, not disabled: it still takes the press (Playwright's own check would refuse to click).
  await remove.click({ force: true });
  await expect(
    page.getByText(
      "You can't delete this expense because you didn't pay for it. Only the person who paid can delete it.",
    ),
  ).toBeVisible();
  await expect(page.getByRole('alertdialog', { name: 'Delete Expense' })).toHaveCount(0);
  const still = await api<{ id: string }>(request, 'GET', `/expenses/${fuel.id}`, bob.token);
  expect(still.id).toBe(fuel.id);
});

test('the payer confirms the delete: the optimistic view, a toast, then the dashboard; the expense is gone', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const lunch = await addExpense(request, {
    description: 'Lunch',
    amount: 20,
    payer: alice,
    among: [alice, bob],
  });

  await openAs(page, alice, `/expenses/${lunch.id}`);
  const remove = page.getByRole('button', { name: 'Delete expense' });
  await expect(remove).not.toHaveAttribute('aria-disabled', 'true');
  await remove.click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Expense' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  // The answer is held back until the deleting view has been checked; the request itself is real. Home's
  // screen, fetched on the way to /dashboard, is held too, so the success view stays until it is checked.
  const deleteHeld = hold();
  const homeHeld = hold();
  await page.route('**/api/expenses/*', async (route) => {
    if (route.request().method() === 'DELETE') await deleteHeld.promise;
    await route.fallback();
  });
  await page.route('**/assets/DashboardScreen-*.js', async (route) => {
    await homeHeld.promise;
    await route.fallback();
  });
  // The one-second "Deleting expense..." toast slides in (half transparent meanwhile) and closes during the
  // deleting view: watched every frame from before the click, the view is scanned once the toast has gone.
  const deletingToastGone = page.waitForFunction(
    () => {
      const w = window as { sawDeletingToast?: boolean };
      const shown = document.body.textContent?.includes('Deleting expense...') ?? false;
      if (shown) w.sawDeletingToast = true;
      return w.sawDeletingToast === true && !shown;
    },
    undefined,
    { polling: 'raf' },
  );
  await remove.click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleting Expense', { exact: true })).toBeVisible();
  await expect(page.getByText('Please wait while we delete this expense...')).toBeVisible();
  await deletingToastGone;
  await expect(page.getByText('Deleting Expense', { exact: true })).toBeVisible();
  await expectAccessible(page);
  deleteHeld.release();
  await expect(page.getByText('Expense Deleted Successfully', { exact: true })).toBeVisible();
  await expect(page.getByText('Redirecting you to the dashboard...')).toBeVisible();
  // The success toast comes with it; the pointer on it holds it (toasts pause on hover) for the scan.
  const deletedToast = page.getByText('Expense deleted successfully', { exact: true });
  await deletedToast.hover();
  await expectAccessible(page);
  homeHeld.release();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Expense deleted successfully', { exact: true })).toBeVisible();

  const gone = await request.get(`/api/expenses/${lunch.id}`, {
    headers: { Authorization: `Bearer ${alice.token}` },
  });
  expect(gone.status()).toBe(404);
});

test('a failed delete undoes the hide and shows the message in a toast and an "Operation failed" banner', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const museum = await addExpense(request, {
    description: 'Museum',
    amount: 24,
    payer: alice,
    among: [alice, bob],
  });

  await openAs(page, alice, `/expenses/${museum.id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Museum' })).toBeVisible();
  // Deleted elsewhere in the meantime: this delete gets the server's 404.
  await api(request, 'DELETE', `/expenses/${museum.id}`, alice.token);

  await page.getByRole('button', { name: 'Delete expense' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete Expense' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const banner = page.getByRole('alert').filter({ hasText: 'Operation failed' });
  await expect(banner).toBeVisible();
  // The server's own message, in the banner and in a toast.
  const answer = await request.delete(`/api/expenses/${museum.id}`, {
    headers: { Authorization: `Bearer ${alice.token}` },
  });
  const { message } = (await answer.json()) as { message: string };
  await expect(banner).toContainText(message);
  await expect(page.getByText(message, { exact: true })).toHaveCount(2);
  await expect(page.getByRole('heading', { level: 2, name: 'Museum' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/expenses/${museum.id}$`));
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();
});

test('an unknown expense reads "Expense Not Found"; a failed load offers Go Back and Retry', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const bus = await addExpense(request, { description: 'Bus', amount: 3, payer: alice, among: [alice, bob] });

  await openAs(page, alice, '/expenses/01900000-0000-7000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Expense Not Found' })).toBeVisible();
  await expect(
    page.getByText("The expense you're looking for doesn't exist or has been deleted."),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The connection drops on the first attempt only: Retry loads the expense. Only this expense's URL is
  // cut, so Home's own calls (still under way after Go Back) cannot use up the one failure.
  await page.route(`**/api/expenses/${bus.id}`, (route) => route.abort('internetdisconnected'), { times: 1 });
  await page.goto(`/expenses/${bus.id}`);
  await expect(page.getByRole('alert')).toContainText('No response from server');
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Bus' })).toBeVisible();
});
