import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { accounts, addExpense, createGroup, openAs } from './api';
import { expectNoClippedText, PASSPHRASE, person } from './support';

// The whole app in Czech (a browser whose language is Czech: Accept-Language and navigator.languages), with
// no English left on any screen: a visible text, label or placeholder that is an English message of the
// catalog (one whose Czech differs) or holds a word of a known English list fails. Then the pseudo-locale
// (every message accented, lengthened and in ⟦ ⟧) at 390 px: no text cut off, no page wider than the screen.
//
// The screens are walked in two groups: the app frame, sign-in side, Home, groups, expenses and Account
// (issue 26 part 1), and the screens the other parts translate (group and its dialogs, create group, expense
// form, expense detail, statistics, import), which pass once every part is merged.

const catalogRoot = join(import.meta.dirname, '../packages/web/src/i18n/catalog');
const areas = readdirSync(join(catalogRoot, 'en')).filter((f) => f.endsWith('.json'));
const read = (language: string, file: string): Record<string, string> =>
  JSON.parse(readFileSync(join(catalogRoot, language, file), 'utf8'));

/** English messages (without placeholders) whose Czech differs: none may show in Czech. */
const english = new Set<string>();
/** The Czech message of an English one, to find a control by its Czech name. */
const czechOf = new Map<string, string>();
for (const file of areas) {
  const en = read('en', file);
  const cs = read('cs', file);
  for (const [key, message] of Object.entries(en)) {
    const czech = cs[key];
    if (czech === undefined || czech === message) continue;
    if (!czechOf.has(message)) czechOf.set(message, czech);
    if (!message.includes('{')) english.add(message);
  }
}

/** A control's Czech name, from the catalogs (its English when no catalog has it yet). */
const cz = (message: string): string => czechOf.get(message) ?? message;

/** Words and phrases of the UI that are English only (none of them is Czech, a name or a brand). */
const ENGLISH_WORDS = [
  'Loading',
  'Settings',
  'Expense',
  'Expenses',
  'Group',
  'Groups',
  'Balance',
  'Balances',
  'Save',
  'Cancel',
  'Delete',
  'Close',
  'Back',
  'Total',
  'Paid by',
  'Settle',
  'Account',
  'Home',
  'Statistics',
  'Add',
  'Edit',
  'Remove',
  'Members?',
  'Search',
  'Error',
  'Failed',
  'you owe',
  'you are owed',
  'owes',
  'settled',
  'Recent',
  'Comments?',
  'Receipts?',
  'Recurring',
  'Category',
  'Categories',
  'Split',
  'Amount',
  'Description',
  'Date',
  'Notes',
  'Password',
  'Email',
  'Sign in',
  'Sign up',
  'Logout',
  'Welcome',
  'Try Again',
  'View all',
  'Show',
  'Hide',
  'Confirm',
  'Update',
  'Create',
  'New',
  'Personal',
  'Unknown',
  'Today',
  'Yesterday',
  'Currency',
  'Download',
  'History',
  'Activity',
  'Language',
  'Browser',
  'January|February|March|April|May|June|July|August|September|October|November|December',
  'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday',
];
const englishWord = new RegExp(`(?<![\\p{L}-])(${ENGLISH_WORDS.join('|')})(?![\\p{L}-])`, 'u');

/** What a person reads on the page now: visible text, accessible names given as text, placeholders. */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = new Set<string>([document.title]);
    const visible = (el: Element | null) =>
      el !== null && (el as HTMLElement).checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (text === '' || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      // Screen-reader-only text (a 1 px box) is read too: it counts.
      if (visible(parent) || parent.getBoundingClientRect().width <= 1) texts.add(text);
    }
    for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
      if (!visible(el)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) texts.add(value);
      }
    }
    return [...texts];
  });
}

/** Fails on any English the page shows now, naming the screen and the text. */
async function expectCzech(page: Page, where: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const texts = await visibleTexts(page);
  const found = texts.filter((text) => english.has(text) || englishWord.test(text));
  expect(found, `English on ${where}`).toEqual([]);
}

/** The first view of a signed-in screen, once its data has loaded. */
async function open(page: Page, path: string, ready: string | RegExp): Promise<void> {
  await page.goto(path);
  await expect(page.getByText(ready).first()).toBeVisible();
}

/** Jana and Petr in the group "Chata Krkonoše", where Jana paid 1 226,50 Kč of groceries for both. */
async function cottage(request: APIRequestContext) {
  const [jana, petr] = await accounts(request, 'Jana', 'Petr');
  const chata = await createGroup(request, jana, 'Chata Krkonoše', [petr]);
  const nakup = await addExpense(request, {
    description: 'Nákup potravin',
    amount: 1226.5,
    currency: 'CZK',
    payer: jana,
    among: [jana, petr],
    groupId: chata.id,
  });
  return { jana, petr, chata, nakup };
}

// The live stream (GET /api/events) stays open for as long as a signed-in page: it would keep the page from
// ever being idle, which the walks wait for before they read the page. These walks are about words, not live
// changes (e2e/live.spec.ts): the stream is refused here, and the app simply retries it later.
const noLiveStream = (context: BrowserContext) => context.route('**/api/events', (route) => route.abort());
test.beforeEach(({ context }) => noLiveStream(context));

test.describe('the app in Czech', () => {
  test.use({ locale: 'cs-CZ' });

  test('the sign-in side speaks Czech: forms, field errors and the server refusals', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Vítejte zpět' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'cs-CZ');
    await page.getByRole('button', { name: 'Přihlásit se' }).click();
    await expect(page.getByText('Zadejte e-mail')).toBeVisible();
    await expectCzech(page, '/login with field errors');
    await page.getByLabel('E-mail').fill('nikdo@example.com');
    await page.getByLabel('Heslo').fill('spatne-heslo-1');
    await page.getByRole('button', { name: 'Přihlásit se' }).click();
    await expect(page.getByText('Neplatný e-mail nebo heslo')).toBeVisible();
    await expectCzech(page, '/login refused');

    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Vytvořte si účet' })).toBeVisible();
    await page.getByRole('button', { name: 'Vytvořit účet' }).click();
    await expect(page.getByText('Zadejte příjmení')).toBeVisible();
    await expectCzech(page, '/register with field errors');

    // A registration in Czech: a fresh account lands on Home, with the banner asking to confirm the address.
    const eva = person('Eva', 'Nováková');
    await page.getByLabel('E-mail').fill(eva.email);
    await page.getByLabel('Jméno').fill(eva.first_name);
    await page.getByLabel('Příjmení').fill(eva.last_name);
    await page.getByLabel('Heslo', { exact: true }).fill(eva.password);
    await page.getByLabel('Potvrzení hesla').fill(eva.password);
    await page.getByLabel('Registrační heslo').fill(PASSPHRASE);
    await page.getByRole('button', { name: 'Vytvořit účet' }).click();
    await expect(page.getByRole('heading', { name: 'Ahoj Eva!' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Potvrďte svou e-mailovou adresu' })).toBeVisible();
    await expect(page.getByText('Žádné nedávné výdaje.')).toBeVisible();
    await expect(page.getByText('Vše vyrovnáno!')).toBeVisible();
    await expectCzech(page, 'Home of a new, unconfirmed account');
    await page.getByRole('button', { name: 'Poslat znovu' }).click();
    await expect(page.getByText(`Nový odkaz jsme poslali na ${eva.email}.`)).toBeVisible();
    await page.evaluate(() => localStorage.removeItem('token'));

    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Zapomněli jste heslo?' })).toBeVisible();
    await page.getByLabel('E-mail').fill('neplatny');
    await page.getByRole('button', { name: 'Poslat odkaz pro obnovení' }).click();
    await expect(page.getByText('E-mail není platný')).toBeVisible();
    await expectCzech(page, '/forgot-password');

    await page.goto('/reset-password?token=neplatny-odkaz');
    await page.getByLabel('Nové heslo', { exact: true }).fill('nove-heslo-123');
    await page.getByLabel('Potvrzení nového hesla').fill('nove-heslo-123');
    await page.getByRole('button', { name: 'Nastavit nové heslo' }).click();
    await expect(page.getByText('Tento odkaz je neplatný nebo vypršel.')).toBeVisible();
    await expectCzech(page, '/reset-password with a bad link');

    await page.goto('/verify-email?token=neplatny-odkaz');
    await expect(page.getByText(/Tento odkaz je neplatný nebo vypršel\./)).toBeVisible();
    await expectCzech(page, '/verify-email with a bad link');

    await page.goto('/tady-nic-neni');
    await expect(page.getByRole('heading', { name: 'Stránka nenalezena' })).toBeVisible();
    await expectCzech(page, 'a page that does not exist');
  });

  test('Home, groups, expenses and Account speak Czech, money and dates too', async ({ page, request }) => {
    const { jana, petr } = await cottage(request);
    await createGroup(request, jana, 'Vyrovnaná parta', [petr]);

    await openAs(page, jana, '/dashboard');
    await expect(page.getByRole('heading', { name: `Ahoj ${jana.name}!` })).toBeVisible();
    await expect(page.getByText(/^Celkem vám dluží 613,25\sKč$/)).toBeVisible();
    await expect(page.getByText('Nákup potravin')).toBeVisible();
    await expect(page).toHaveTitle('Úvod · Kitty');
    await expectCzech(page, 'Home');

    await open(page, '/groups', 'Chata Krkonoše');
    await expect(page.getByText('2 členové').first()).toBeVisible();
    await page.getByRole('button', { name: 'Zobrazit vyrovnané skupiny' }).click();
    await expect(page.getByText('Vyrovnaná parta')).toBeVisible();
    await expectCzech(page, 'Your Groups');

    await open(page, '/expenses', 'Nákup potravin');
    await expect(page.getByText('1 výdaj', { exact: true })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Hledat výdaje' }).fill('lyže');
    await expect(page.getByText('Žádné výdaje nenalezeny')).toBeVisible();
    await expectCzech(page, 'All Expenses, searched');

    await open(page, '/account', 'Údaje o uživateli');
    await page.getByRole('button', { name: 'Změnit heslo' }).click();
    await page.getByLabel('Současné heslo').fill('tohle-neni-ono-1');
    await page.getByLabel('Nové heslo', { exact: true }).fill('nove-heslo-123');
    await page.getByLabel('Potvrzení nového hesla').fill('nove-heslo-123');
    await page.getByRole('button', { name: 'Uložit nové heslo' }).click();
    await expect(page.getByText('Současné heslo není správné.')).toBeVisible();
    await expectCzech(page, 'Account, a wrong current password');
  });

  test('the Language choice in Account is spoken at once and kept', async ({ page, request }) => {
    const [jana] = await accounts(request, 'Jana');
    await openAs(page, jana, '/account');
    const language = page.getByRole('button', { name: /Jazyk$/ });
    await expect(language).toContainText('Jazyk prohlížeče');

    await language.click();
    await page.getByRole('option', { name: 'English', exact: true }).click();
    await page.getByRole('button', { name: 'Uložit nastavení' }).click();
    await expect(page.getByRole('heading', { name: 'App Settings' })).toBeVisible();
    await expect(page.getByRole('navigation').getByText('Home')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'User Information' })).toBeVisible();

    await page.getByRole('button', { name: /Language$/ }).click();
    await page.getByRole('option', { name: 'Browser language' }).click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Nastavení aplikace' })).toBeVisible();
    await expectCzech(page, 'Account after following the browser again');
  });

  test('after sign-in the saved language of the account is spoken, whatever the browser says', async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    await noLiveStream(context);
    const page = await context.newPage();
    const [jana] = await accounts(request, 'Jana');
    // The account's saved choice as GET /account-settings answers it.
    await page.route('**/api/account-settings', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), language: 'cs' } });
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await page.getByLabel('Email').fill(jana.email);
    await page.getByLabel('Password').fill(jana.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Přehled zůstatků' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'cs-CZ');
    await expectCzech(page, 'Home after signing in to a Czech account');
    await context.close();
  });

  test('the screens of the other parts speak Czech: a group, its dialogs, the expense form and detail, statistics, import', async ({
    page,
    request,
  }) => {
    const { jana, chata, nakup } = await cottage(request);
    await openAs(page, jana, `/groups/${chata.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Chata Krkonoše' })).toBeVisible();
    await expectCzech(page, 'the group');
    for (const name of ['Settle Up', 'Balances', 'Recurring expenses', 'Group History']) {
      await page.getByRole('button', { name: cz(name) }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectCzech(page, `the group's ${name} dialog`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    await page.getByRole('button', { name: cz('Group settings') }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectCzech(page, "the group's settings dialog");
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: cz('Add Expense') })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectCzech(page, "the group's add expense dialog");
    await page.keyboard.press('Escape');

    await page.goto('/groups/create');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectCzech(page, 'Create Group');

    await page.goto('/expenses/create');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.locator('button[type="submit"]').click();
    await expectCzech(page, 'the expense form with its errors');

    await page.goto(`/expenses/${nakup.id}`);
    await expect(page.getByRole('heading', { name: 'Nákup potravin' })).toBeVisible();
    await expectCzech(page, 'the expense detail');

    await page.goto('/statistics');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectCzech(page, 'Statistics');
    await page.goto(`/groups/${chata.id}/statistics`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectCzech(page, "the group's statistics");

    await page.goto('/import');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectCzech(page, 'Import');
  });
});

test.describe('the pseudo-locale at 390 px', () => {
  test.use({ locale: 'en-XA', viewport: { width: 390, height: 844 } });

  const pseudo = async (page: Page, where: string) => {
    await page.waitForLoadState('networkidle');
    // Every message is the pseudo-locale's: the walk really is in it.
    expect(
      (await visibleTexts(page)).some((text) => text.includes('⟦')),
      where,
    ).toBe(true);
    await expectNoClippedText(page, where);
  };

  test('the sign-in side, Home, groups, expenses and Account cut no text off', async ({ page, request }) => {
    for (const path of ['/login', '/register', '/forgot-password', '/reset-password?token=x', '/nikde']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await pseudo(page, path);
    }
    const { jana } = await cottage(request);
    await openAs(page, jana, '/dashboard');
    await expect(page.getByText('Nákup potravin')).toBeVisible();
    await pseudo(page, 'Home');
    await open(page, '/groups', 'Chata Krkonoše');
    await pseudo(page, 'Your Groups');
    await open(page, '/expenses', 'Nákup potravin');
    await pseudo(page, 'All Expenses');
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Change Password: the one toggle of the screen.
    await page.locator('button[aria-expanded]').first().click();
    await pseudo(page, 'Account with Change Password open');
  });

  test('the screens of the other parts cut no text off', async ({ page, request }) => {
    const { jana, chata, nakup } = await cottage(request);
    await openAs(page, jana, `/groups/${chata.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Chata Krkonoše' })).toBeVisible();
    await pseudo(page, 'the group');
    for (const path of [
      '/groups/create',
      '/expenses/create',
      `/expenses/${nakup.id}`,
      '/statistics',
      `/groups/${chata.id}/statistics`,
      '/import',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await pseudo(page, path);
    }
  });
});
