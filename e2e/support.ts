import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export const PASSPHRASE = 'correct horse battery staple';

let counter = 0;
export function uniqueEmail(name: string): string {
  counter += 1;
  return `${name.toLowerCase()}.${Date.now().toString(36)}${counter}@example.com`;
}

export interface Person {
  email: string;
  first_name: string;
  last_name: string;
  password: string;
}

export function person(first: string, last = 'Tester'): Person {
  return { email: uniqueEmail(first), first_name: first, last_name: last, password: 'a-long-password-1' };
}

export async function register(page: Page, p: Person, passphrase = PASSPHRASE): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Email').fill(p.email);
  await page.getByLabel('First name').fill(p.first_name);
  await page.getByLabel('Last name').fill(p.last_name);
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByLabel('Confirm password').fill(p.password);
  await page.getByLabel('Passphrase').fill(passphrase);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

export async function login(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** WCAG 2.1 A and AA scan of what the page shows now. */
export async function expectAccessible(page: Page): Promise<void> {
  // A dialog still fading in has text at partial opacity: scan what the person sees once it has settled.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/** The signed-in page's session token (localStorage `token`), for calls made beside the UI. */
export async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token, 'signed in').toBeTruthy();
  return token as string;
}

/** Logs out where the spec puts it: the Account tab's Logout button. */
export async function logout(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** A full-page screenshot without the fixed bottom bar painted over the middle: the viewport grows to the page. */
export async function screenshotPage(page: Page, path: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
  await page.screenshot({ path, fullPage: true });
  await page.setViewportSize(size);
}

export function dialog(page: Page, name: string): Locator {
  return page.getByRole('dialog', { name });
}

/** Presses Tab until `target` has focus (keyboard only), failing after `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Picks `option` in the react-aria Select labelled `label` inside `scope` (the page or a dialog). */
export async function choose(scope: Page | Locator, label: string, option: string): Promise<void> {
  const page = 'keyboard' in scope ? scope : scope.page();
  // A react-aria Select's button is named by its value then its label ("Split Equally Split").
  await scope.getByRole('button', { name: new RegExp(` ${label}$`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * What a person would see as broken layout, on the page and any open dialog: text cut off by overflow (an
 * element that hides, clips or scrolls its overflow, or ends in an ellipsis, and is wider inside than out)
 * and a page that scrolls sideways. Screen-reader-only text (a 1 px box) is left out.
 */
export async function expectNoClippedText(page: Page, where: string): Promise<void> {
  const faults = await page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      found.push(`the page scrolls sideways (${root.scrollWidth} px wide in ${root.clientWidth} px)`);
    }
    const name = (el: Element) => {
      const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
      return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}`;
    };
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(el);
      const hides = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      if (!hides || style.display === 'none' || style.visibility === 'hidden') continue;
      const text = el.textContent?.trim() ?? '';
      if (text === '') continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        found.push(
          `${name(el)} cuts off "${text.slice(0, 60)}" (${el.scrollWidth} px of text in ${el.clientWidth} px)`,
        );
      }
    }
    return found;
  });
  expect(faults, `${where} at ${page.viewportSize()?.width} px`).toEqual([]);
}
