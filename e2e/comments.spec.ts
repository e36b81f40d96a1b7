import { expect, test } from '@playwright/test';
import { accounts, addExpense, api, createGroup, openAs } from './api';
import { expectAccessible, screenshotPage } from './support';

interface CommentJson {
  id: string;
  author: { id: string };
  text: string;
}

test('comments on an expense: write one, see it, the count on the rows, delete your own, not another’s', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const group = await createGroup(request, alice, 'Ski week', [bob]);
  const lift = await addExpense(request, {
    description: 'Lift passes',
    amount: 120,
    payer: alice,
    among: [alice, bob],
    groupId: group.id,
  });
  await api(request, 'POST', `/expenses/${lift.id}/comments`, bob.token, {
    text: 'I will pay you back on Friday.',
  });

  await openAs(page, alice, `/expenses/${lift.id}`);
  const section = page.getByRole('region', { name: /^Comments/ });
  const items = section.getByRole('listitem');
  await expect(items).toHaveCount(1);
  const bobs = items.filter({ hasText: 'I will pay you back on Friday.' });
  await expect(bobs).toContainText('Bob');
  await expect(bobs).toContainText(/Today at \d{1,2}:\d{2} [AP]M/);
  // Someone else's comment offers no Delete.
  await expect(bobs.getByRole('button')).toHaveCount(0);

  // A blank comment is refused before anything is sent.
  const box = section.getByRole('textbox', { name: 'Add a comment' });
  await section.getByRole('button', { name: 'Add comment' }).click();
  await expect(section.getByText('Please write a comment', { exact: true })).toBeVisible();
  await expect(items).toHaveCount(1);

  await box.fill('  The receipt is in the glovebox.  ');
  await section.getByRole('button', { name: 'Add comment' }).click();
  await expect(items).toHaveCount(2);
  // Newest last, trimmed, shown as the reader's own.
  await expect(items.last()).toContainText('You');
  await expect(items.last().getByText('The receipt is in the glovebox.', { exact: true })).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();

  // Keyboard only: type, then Ctrl+Enter sends.
  await box.pressSequentially('Thanks, Bob!');
  await page.keyboard.press('Control+Enter');
  await expect(items).toHaveCount(3);
  await expect(items.last()).toContainText('Thanks, Bob!');
  await expect(section.getByRole('heading', { name: 'Comments (3)' })).toBeVisible();
  await expectAccessible(page);
  await screenshotPage(page, 'docs/screenshots/expense-comments.png');

  // Deleting one's own asks first; Cancel keeps it.
  const mine = items.filter({ hasText: 'Thanks, Bob!' });
  const deleteMine = mine.getByRole('button', { name: /^Delete your comment from Today at/ });
  await deleteMine.click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Comment' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(items).toHaveCount(3);
  // By keyboard this time: focus Delete, Enter, then Delete in the confirmation.
  await deleteMine.focus();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).press('Enter');
  await expect(items).toHaveCount(2);
  await expect(section).not.toContainText('Thanks, Bob!');
  await expect(page.getByRole('heading', { name: 'Comments (2)' })).toBeFocused();

  // Another's comment: the server refuses Alice too, whatever a client offers.
  const { comments } = await api<{ comments: CommentJson[] }>(
    request,
    'GET',
    `/expenses/${lift.id}/comments`,
    alice.token,
  );
  const bobsComment = comments.find((c) => c.author.id === bob.id);
  const refused = await request.delete(`/api/expenses/${lift.id}/comments/${bobsComment?.id}`, {
    headers: { Authorization: `Bearer ${alice.token}` },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'FORBIDDEN_NOT_AUTHOR' });

  // The count on the rows: the group's list and All Expenses.
  await page.goto(`/groups/${group.id}`);
  const groupRow = page.getByRole('link', { name: /Lift passes/ });
  await expect(groupRow.getByRole('img', { name: '2 comments' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/expenses');
  const allRow = page.getByRole('link', { name: /Lift passes/ });
  await expect(allRow.getByRole('img', { name: '2 comments' })).toBeVisible();
  await expectAccessible(page);
});

test('a comment on an expense deleted meanwhile is refused in words, and nothing is lost from the box', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const dinner = await addExpense(request, {
    description: 'Dinner',
    amount: 30,
    payer: alice,
    among: [alice, bob],
  });

  await openAs(page, bob, `/expenses/${dinner.id}`);
  const section = page.getByRole('region', { name: /^Comments/ });
  await expect(section.getByText('No comments yet.')).toBeVisible();
  await api(request, 'DELETE', `/expenses/${dinner.id}`, alice.token);
  const box = section.getByRole('textbox', { name: 'Add a comment' });
  await box.fill('See you next week');
  await section.getByRole('button', { name: 'Add comment' }).click();
  await expect(section.getByRole('alert')).toContainText(
    'This expense was deleted, or you can no longer see it.',
  );
  await expect(box).toHaveValue('See you next week');
  await expectAccessible(page);
});
