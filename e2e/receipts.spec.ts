import { expect, type Page, test } from '@playwright/test';
import { accounts, addExpense, createGroup, openAs } from './api';
import { expectAccessible, expectNoClippedText, screenshotPage } from './support';

/** A real PNG of `width` x `height` drawn by the browser: a warm gradient, like a till slip in poor light. */
async function png(page: Page, width: number, height: number): Promise<Buffer> {
  const url = await page.evaluate(
    ({ w, h }) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const g = canvas.getContext('2d') as CanvasRenderingContext2D;
      const gradient = g.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, '#c8a060');
      gradient.addColorStop(1, '#ffd070');
      g.fillStyle = gradient;
      g.fillRect(0, 0, w, h);
      return canvas.toDataURL('image/png');
    },
    { w: width, h: height },
  );
  return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Opens the picker from "Attach receipt" by keyboard (Enter) and picks `files` in it. */
async function attachByKeyboard(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const receipts = page.getByRole('region', { name: /^Receipts/ });
  const attach = receipts.getByRole('button', { name: 'Attach receipt' });
  await attach.focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(files);
}

test('receipts on an expense: attach a photo and a PDF, view them, a refusal by its bytes, only the uploader removes', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alice', 'Bob');
  const group = await createGroup(request, alice, 'Lisbon trip', [bob]);
  const dinner = await addExpense(request, {
    description: 'Dinner at Ramiro',
    amount: 86.4,
    payer: alice,
    among: [alice, bob],
    groupId: group.id,
  });

  await openAs(page, alice, `/expenses/${dinner.id}`);
  const receipts = page.getByRole('region', { name: /^Receipts/ });
  await expect(receipts.getByText('No receipts yet.')).toBeVisible();
  // Said where a photo is chosen: what the server strips from it before anyone else sees it.
  await expect(receipts.getByText('Location and camera details are removed from photos.')).toBeVisible();
  const tiles = receipts.getByRole('listitem');

  await attachByKeyboard(page, [
    { name: 'ramiro-bill.png', mimeType: 'image/png', buffer: await png(page, 480, 640) },
  ]);
  await expect(tiles).toHaveCount(1);
  // The thumbnail is read with the token into an object URL: the server's address alone shows nothing.
  const thumbnail = receipts.getByRole('img', { name: 'ramiro-bill.png' });
  await expect(thumbnail).toBeVisible();
  await expect(thumbnail).toHaveAttribute('src', /^blob:/);
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  await attachByKeyboard(page, [{ name: 'card-slip.pdf', mimeType: 'application/pdf', buffer: PDF }]);
  await expect(tiles).toHaveCount(2);
  const pdfTile = tiles.filter({ hasText: 'card-slip.pdf' });
  await expect(pdfTile.getByRole('button', { name: 'Open card-slip.pdf (PDF)' })).toBeVisible();
  await expect(receipts.getByRole('heading', { name: 'Receipts (2)' })).toBeVisible();

  // The image full-size, in a dialog named by the file, closed with Escape.
  await receipts.getByRole('button', { name: 'Open ramiro-bill.png' }).press('Enter');
  const viewer = page.getByRole('dialog', { name: 'ramiro-bill.png' });
  const full = viewer.getByRole('img', { name: 'ramiro-bill.png' });
  await expect(full).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  // The PDF opens in a new tab from its object URL.
  const tab = page.waitForEvent('popup');
  await pdfTile.getByRole('button', { name: 'Open card-slip.pdf (PDF)' }).click();
  const opened = await tab;
  expect(opened.url()).toMatch(/^blob:http:\/\/127\.0\.0\.1:\d+\//);
  await opened.waitForLoadState();
  expect(await opened.evaluate(() => document.contentType)).toBe('application/pdf');
  await opened.close();

  // A text file calling itself a JPEG passes the browser's look at its name, not the server's at its bytes.
  await attachByKeyboard(page, [
    {
      name: 'totally-a-photo.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('just some text, no picture'),
    },
  ]);
  await expect(receipts.getByRole('alert')).toContainText(
    'A receipt must be a JPEG, PNG or WebP image or a PDF.',
  );
  await expect(tiles).toHaveCount(2);
  // Refused before sending: a file over 10 MB never leaves the browser.
  await attachByKeyboard(page, [
    { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) },
  ]);
  await expect(receipts.getByRole('alert')).toContainText('A receipt can be at most 10 MB.');
  await receipts.getByRole('button', { name: 'Dismiss' }).click();

  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshotPage(page, 'docs/screenshots/receipts-1280.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(thumbnail).toBeVisible();
  await expectNoClippedText(page, 'receipts at 390 px');
  await expectAccessible(page);
  await screenshotPage(page, 'docs/screenshots/receipts-390.png');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Bob, a member who attached neither, sees both and may remove neither.
  await openAs(page, bob, `/expenses/${dinner.id}`);
  await expect(tiles).toHaveCount(2);
  await expect(receipts.getByRole('img', { name: 'ramiro-bill.png' })).toBeVisible();
  await expect(tiles.filter({ hasText: 'card-slip.pdf' })).toContainText('Alice');
  await expect(receipts.getByRole('button', { name: /^Remove/ })).toHaveCount(0);

  // Alice removes the PDF, after saying so.
  await openAs(page, alice, `/expenses/${dinner.id}`);
  await expect(tiles).toHaveCount(2);
  await receipts.getByRole('button', { name: 'Remove card-slip.pdf' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove Receipt' });
  await expect(confirm).toContainText('card-slip.pdf');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(tiles).toHaveCount(1);
  await expect(receipts).not.toContainText('card-slip.pdf');
  await expect(receipts.getByRole('heading', { name: 'Receipts (1)' })).toBeFocused();
});
