// Issue 25: a person imports a Splitwise group CSV into a new group, mapping each member of the file (one to
// themselves, one to an existing account, one to a new invitation), checks the preview's balances, imports,
// and lands on the group with the expenses and balances the file implied; the same file again imports nothing
// new; the group downloads as Kitty JSON. At a phone's 390 px and a laptop's 1280 px, axe clean.
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { account, openAs } from './api';
import {
  dialog,
  expectAccessible,
  expectNoClippedText,
  person,
  screenshotPage,
  uniqueEmail,
} from './support';

// Splitwise's "Export as spreadsheet" layout (header, blank line, rows, blank line, one "Total balance" row per
// currency), as packages/domain/src/imports/fixtures/splitwise/group.csv has it from Splitwise's exports and
// julien-nc/cospend-nc lib/Service/CospendService.php (importSWProject). Each member's column is the row's net
// for them; a payment's payer is positive. Alice paid the dinner (90.00, a third each), Bob the taxi (30.00),
// and Zoë paid Alice back 20.00: Alice +30.00, Bob -10.00, Zoë -20.00.
const CSV = [
  'Date,Description,Category,Cost,Currency,Alice Martin,Bob,Zoë Dupré',
  '',
  '2026-03-01,"Dinner at Chez Léon, Paris",Dining out,90.00,EUR,60.00,-30.00,-30.00',
  '2026-03-02,Taxi,Taxi,30.00,EUR,-10.00,20.00,-10.00',
  '2026-03-03,Zoë D. paid Alice M.,Payment,20.00,EUR,-20.00,0.00,20.00',
  '',
  '2026-03-31,Total balance, , ,EUR,30.00,-10.00,-20.00',
  '',
].join('\n');

/** The row of `name` in the members table. */
const memberRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Who is who' }).getByRole('row', { name: new RegExp(`^${name}`) });

/** The screen as it is now: nothing cut off, no sideways scroll, no accessibility violation. */
async function check(page: Page, where: string): Promise<void> {
  await expectNoClippedText(page, where);
  await expectAccessible(page);
}

for (const width of [390, 1280]) {
  test(`a Splitwise CSV imports into a new group with each member mapped, and again imports nothing new (${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const alice = await account(page.request, person('Alice', 'Martin'));
    const bob = await account(page.request, person('Bob', 'Keller'));
    const zoe = uniqueEmail('zoe');

    await openAs(page, alice, '/groups');
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await expect(page).toHaveURL(/\/import$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Import a group' })).toBeVisible();
    await check(page, 'Import: choosing');

    // Nothing chosen yet: the preview says why it cannot start.
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText('Choose a file or paste its text first')).toBeVisible();

    // A file that cannot be read is refused at the file's field, naming its line; nothing is previewed.
    await page
      .getByLabel("Or paste the file's text")
      .fill(
        'Date,Description,Category,Cost,Currency,Ana,Bob\n\n2026-03-01,"Dinner,Dining out,10.00,EUR,5.00,-5.00\n',
      );
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText(/Line 3: .*quote/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Preview' })).toHaveCount(0);

    await page.locator('input[type="file"]').setInputFiles({
      name: 'splitwise-trip.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV, 'utf8'),
    });
    await expect(page.getByText('Chosen: splitwise-trip.csv')).toBeVisible();
    await page.getByRole('button', { name: 'Preview' }).click();

    const previewHeading = page.getByRole('heading', { name: 'Preview' });
    await expect(previewHeading).toBeFocused();
    const facts = page.getByRole('region', { name: 'Preview' });
    await expect(facts).toContainText('Splitwise');
    await expect(facts).toContainText('First day1 March 2026');
    await expect(facts).toContainText('Last day3 March 2026');
    await expect(facts).toContainText('EUR');
    await expect(facts).toContainText('2 expenses and 1 payment to import');

    // Every member starts unmapped: Import waits and says for whom.
    for (const name of ['Alice Martin', 'Bob', 'Zoë Dupré']) {
      await expect(memberRow(page, name)).toContainText('Choose who this is');
    }
    const importButton = page.getByRole('button', { name: 'Import', exact: true });
    await expect(importButton).toBeDisabled();
    await expect(page.getByText('Choose who Alice Martin, Bob and Zoë Dupré are')).toBeVisible();

    // The file's balances beside the import's, the same to the cent.
    const balances = page.getByRole('table', { name: 'Balances' });
    await expect(balances.getByRole('row', { name: /^Alice Martin/ })).toContainText('€30.00');
    await expect(balances.getByRole('row', { name: /^Bob/ })).toContainText('-€10.00');
    await expect(balances.getByRole('row', { name: /^Zoë Dupré/ })).toContainText('-€20.00');
    for (const row of await balances.getByRole('row').all()) {
      if ((await row.textContent())?.startsWith('Member')) continue;
      await expect(row).toContainText('Same');
    }

    await memberRow(page, 'Alice Martin').getByRole('button', { name: 'This is me: Alice Martin' }).click();
    await memberRow(page, 'Bob').getByRole('textbox', { name: 'E-mail of Bob' }).fill(bob.email);
    await memberRow(page, 'Zoë Dupré').getByRole('textbox', { name: 'E-mail of Zoë Dupré' }).fill(zoe);
    await expect(memberRow(page, 'Alice Martin')).toContainText('You');
    await expect(memberRow(page, 'Bob')).toContainText('Has an account: will be added');
    await expect(memberRow(page, 'Zoë Dupré')).toContainText('Will be invited');
    await expect(page.getByText('Ready to import.')).toBeVisible();
    await expect(importButton).toBeEnabled();
    await expect(page.getByLabel('Group name')).toHaveValue(/.+/);
    await page.getByLabel('Group name').fill('Paris with Zoë');
    await check(page, 'Import: preview');
    await screenshotPage(page, `docs/screenshots/import-${width}.png`);

    await importButton.click();
    await expect(page).toHaveURL(/\/groups\/[^/]+$/);
    const groupUrl = page.url();
    await expect(page.getByText('Imported 2 expenses and 1 payment')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Paris with Zoë' })).toBeVisible();
    await expect(page.getByText('You are owed €30.00', { exact: true })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Latest settlement' })).toContainText('€20.00');
    // The payment settled up to now: the expenses before it are behind "Show".
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page.getByRole('link', { name: /Dinner at Chez Léon, Paris/ })).toContainText('€90.00');
    await expect(page.getByRole('link', { name: /Taxi/ })).toContainText('€30.00');

    await page.getByRole('button', { name: 'Balances' }).click();
    const rows = dialog(page, 'Group Balances')
      .getByRole('list', { name: 'Member balances' })
      .getByRole('listitem');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('Alice');
    await expect(rows.nth(0)).toContainText('+€30.00');
    await expect(rows.nth(1)).toContainText('Bob');
    await expect(rows.nth(1)).toContainText('-€10.00');
    await expect(rows.nth(2)).toContainText('-€20.00');
    await page.keyboard.press('Escape');

    // Kitty's own export of the group, named after it.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download everything (JSON)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Paris with Zoë-kitty.json');
    const archive = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      format: string;
      expenses: unknown[];
      settlements: unknown[];
    };
    expect(archive.format).toBe('kitty-group');
    expect(archive.expenses).toHaveLength(2);
    expect(archive.settlements).toHaveLength(1);

    // The same file into the same group: nothing new would be imported.
    await page.getByRole('link', { name: 'Import into this group' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Import into this group' })).toBeVisible();
    await page.getByLabel("Or paste the file's text").fill(CSV);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(previewHeading).toBeFocused();
    await expect(facts).toContainText(
      '0 expenses and 0 payments to import; 3 rows are already in this group',
    );
    await memberRow(page, 'Alice Martin').getByRole('textbox').fill(alice.email);
    await memberRow(page, 'Bob').getByRole('textbox').fill(bob.email);
    await memberRow(page, 'Zoë Dupré').getByRole('textbox').fill(zoe);
    await expect(memberRow(page, 'Bob')).toContainText('Already a member');
    await expect(page.getByText('Nothing new to import: every row is already in this group')).toBeVisible();
    await expect(importButton).toBeDisabled();
    await check(page, 'Import into a group: nothing new');

    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(groupUrl);
  });
}

test('a file that does not say its currency is previewed in the person’s currency, and in the one they choose', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const alice = await account(page.request, person('Alice', 'Martin'));
  // IHateMoney writes "XXX" for a project without a currency (ihatemoney/models.py default_currency).
  const bills = JSON.stringify([
    {
      what: 'Raclette',
      amount: 30,
      currency: 'XXX',
      date: '2026-02-10',
      payer_name: 'Alice',
      payer_weight: 1,
      owers: ['Alice', 'Bob'],
    },
  ]);
  await openAs(page, alice, '/import');
  await page.getByLabel("Or paste the file's text").fill(bills);
  await page.getByRole('button', { name: 'Preview' }).click();
  const facts = page.getByRole('region', { name: 'Preview' });
  await expect(facts).toContainText('IHateMoney');
  const currency = facts.getByRole('button', { name: /Currency of the file/ });
  await expect(facts.getByText(/The file does not say which currency its amounts are in/)).toBeVisible();
  await currency.click();
  await page.getByRole('option', { name: /^CHF/ }).click();
  await expect(facts.getByText('they are taken as CHF.', { exact: false })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Balances' })).toContainText('CHF');
  await expectAccessible(page);
});
