import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { accounts, addExpense, api, createGroup, openAs } from './api';
import { expectNoClippedText } from './support';

// The expense screens in Czech (a Czech browser: Accept-Language and navigator.languages cs-CZ): the form
// takes amounts the way a Czech person types them ("1 226,50", "613,25"), saves them to the cent, and the
// form, the split dialog, the detail with its comments and the statistics speak Czech with no English
// message of their catalogs left on the screen.

test.use({ locale: 'cs-CZ', timezoneId: 'Europe/Prague' });

const catalogs = join(import.meta.dirname, '../packages/web/src/i18n/catalog');
const AREAS = [
  'expenseForm',
  'expenseDetail',
  'expenseWords',
  'split',
  'statistics',
  'categories',
  'recurring',
];
/** Every English message of these screens' catalogs that Czech says otherwise (no placeholders). */
const ENGLISH = new Set(
  AREAS.flatMap((area) => {
    const en = JSON.parse(readFileSync(join(catalogs, 'en', `${area}.json`), 'utf8')) as Record<
      string,
      string
    >;
    const cs = JSON.parse(readFileSync(join(catalogs, 'cs', `${area}.json`), 'utf8')) as Record<
      string,
      string
    >;
    return Object.entries(en)
      .filter(([key, message]) => !message.includes('{') && cs[key] !== message)
      .map(([, message]) => message);
  }),
);
// Words the app frame says in its own catalog (the dialog frame's Close button: components/Dialog, translated by
// the app shell's part of issue 26, whose e2e/i18n.spec.ts checks it): not these screens' words.
for (const frame of ['Close']) ENGLISH.delete(frame);

test('the catalogs this spec reads exist', () => {
  expect(readdirSync(join(catalogs, 'en'))).toEqual(expect.arrayContaining(AREAS.map((a) => `${a}.json`)));
  expect(ENGLISH.size).toBeGreaterThan(100);
});

/** Fails on any element on the screen whose own text is one of the English messages. */
async function expectNoEnglish(page: Page, where: string) {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node as HTMLElement;
      if (element.closest('[hidden], [aria-hidden="true"]')) continue;
      const own = [...element.childNodes]
        .filter((child) => child.nodeType === Node.TEXT_NODE)
        .map((child) => child.textContent ?? '')
        .join('')
        .trim();
      if (own) found.push(own);
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name);
        if (value) found.push(value.trim());
      }
    }
    return found;
  });
  expect(
    texts.filter((text) => ENGLISH.has(text)),
    `English left on ${where}`,
  ).toEqual([]);
}

interface SavedExpense {
  id: string;
  description: string;
  amount: number;
  ExpenseSplits: { user_id: string; amount: number }[];
}

test('a Czech person adds an expense typing amounts with a decimal comma, and reads it all in Czech', async ({
  page,
  request,
}) => {
  const [alice, bob] = await accounts(request, 'Alena', 'Bohouš');
  const group = await createGroup(request, alice, 'Chata', [bob], 'CZK');

  await openAs(page, alice, `/groups/${group.id}/expenses/create`);
  await expect(page.getByRole('heading', { name: 'Přidat výdaj' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'cs-CZ');
  await page.getByLabel('Popis').fill('Nákup na chatu');
  const amount = page.getByLabel('Částka', { exact: true });
  await amount.fill('1 226,50');
  await expect(amount).toHaveValue('1 226,50');
  await expectNoEnglish(page, 'the expense form');

  // Exact amounts in the split dialog, with the comma too.
  await page.getByRole('button', { name: / Rozdělení$/ }).click();
  await page.getByRole('option', { name: 'Přesné částky', exact: true }).click();
  const split = page.getByRole('dialog', { name: 'Nastavit rozdělení' });
  await expect(split.getByText(/^Zbývá: 1\s226,50\sKč$/)).toBeVisible();
  await split.getByLabel('Alena částka').fill('613,25');
  await split.getByLabel('Bohouš částka').fill('613,2');
  await expect(split.getByText('Částky musí dát dohromady celkovou částku')).toBeVisible();
  await expect(split.getByRole('button', { name: 'Uložit' })).toBeDisabled();
  await expectNoEnglish(page, 'the split dialog');
  await split.getByLabel('Bohouš částka').fill('613,25');
  await expect(split.getByText(/^Zbývá: 0,00\sKč$/)).toBeVisible();
  await split.getByRole('button', { name: 'Uložit' }).click();
  await expect(split).toBeHidden();

  // Too many decimals is refused in Czech words, and nothing is sent.
  await amount.fill('12,505');
  await page.getByRole('button', { name: 'Uložit', exact: true }).click();
  await expect(page.getByText('Částka může mít nejvýše 2 desetinná místa')).toBeVisible();
  await amount.fill('1 226,50');
  await page.getByRole('button', { name: 'Uložit', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Saved to the cent: 1226.50 CZK, 613.25 each.
  const saved = await api<{ expenses: SavedExpense[] }>(
    request,
    'GET',
    `/expenses/group/${group.id}`,
    alice.token,
  );
  const expense = saved.expenses.find((e) => e.description === 'Nákup na chatu');
  expect(expense?.amount).toBe(1226.5);
  expect(expense?.ExpenseSplits.map((s) => s.amount).sort()).toEqual([613.25, 613.25]);

  // The detail, its split and a comment, in Czech.
  await page.goto(`/expenses/${expense?.id}`);
  await expect(page.getByRole('heading', { name: 'Nákup na chatu' })).toBeVisible();
  // (Its amounts are components/Money's, which the app shell's part formats in the language.)
  await expect(page.getByRole('heading', { name: 'Podrobnosti rozdělení' })).toBeVisible();
  await expect(page.getByText('Přesné částky')).toBeVisible();
  await expect(page.getByText('Zatím žádné komentáře.')).toBeVisible();
  await page.getByLabel('Přidat komentář').fill('Díky!');
  await page.getByRole('button', { name: 'Přidat komentář' }).click();
  await expect(page.getByText('Díky!')).toBeVisible();
  await expect(page.locator('time').filter({ hasText: /^Dnes v \d{1,2}:\d{2}$/ })).toBeVisible();
  await expectNoEnglish(page, 'the expense detail');

  // Editing shows the saved amount with the comma.
  await page.goto(`/expenses/${expense?.id}/edit`);
  await expect(page.getByRole('heading', { name: 'Upravit výdaj' })).toBeVisible();
  await expect(page.getByLabel('Částka', { exact: true })).toHaveValue('1226,50');
  await expectNoEnglish(page, 'the edit form');

  // The group's statistics.
  await page.goto(`/groups/${group.id}/statistics`);
  await expect(page.getByRole('heading', { name: 'Statistiky' })).toBeVisible();
  await expect(page.getByText(/^Celkem utraceno: 1\s226,50\sKč \(1 výdaj\)$/)).toBeVisible();
  await expectNoEnglish(page, 'the statistics');
});

test.describe('in the pseudo-locale on a phone', () => {
  test.use({ locale: 'en-XA', viewport: { width: 390, height: 844 } });

  test('the expense form, the split dialog, the detail and the statistics cut no text off', async ({
    page,
    request,
  }) => {
    const [alice, bob] = await accounts(request, 'Alice', 'Bob');
    const group = await createGroup(request, alice, 'Flat', [bob], 'EUR');
    const { id } = await addExpense(request, {
      description: 'Electricity',
      amount: 95,
      payer: alice,
      among: [alice, bob],
      groupId: group.id,
    });
    await api(request, 'POST', `/expenses/${id}/comments`, bob.token, { text: 'Thanks!' });

    await openAs(page, alice, `/groups/${group.id}/expenses/create`);
    // Every message is accented and in ⟦ ⟧: the form's title is one.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      /^⟦A\u0301dd E\u0301xpe\u0301nse\u0301·+⟧$/,
    );
    await page.getByLabel(/^⟦A\u0301mo\u0301u\u0301nt·+⟧$/).fill('95');
    await expectNoClippedText(page, 'the expense form');

    // Exact amounts (the fourth method) opens the split dialog.
    await page.getByRole('button', { name: /⟦Spli\u0301t·+⟧$/ }).click();
    await page.getByRole('option').nth(3).click();
    const split = page.getByRole('dialog');
    await expect(split.getByText(/^⟦Re\u0301ma\u0301i\u0301ni\u0301ng: €95\.00·+⟧$/)).toBeVisible();
    await expectNoClippedText(page, 'the split dialog');

    await page.goto(`/expenses/${id}`);
    await expect(page.getByText('Thanks!')).toBeVisible();
    await expect(page.locator('time').first()).toHaveText(/^⟦To\u0301da\u0301y\u0301 a\u0301t .+⟧$/);
    await expectNoClippedText(page, 'the expense detail');

    await page.goto(`/groups/${group.id}/statistics`);
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(
      /^⟦By\u0301 ca\u0301te\u0301go\u0301ry\u0301·+⟧$/,
    );
    await expectNoClippedText(page, 'the statistics');
  });
});
