// Reading the e-mails the app under test sent (see global-setup.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** The SMTP port of the run: next to the app's port, so that parallel runs on other ports do not meet. */
export function smtpPort(): number {
  return Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 1000);
}

export function mailboxFile(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is set by playwright.config.ts');
  return join(dir, 'mailbox.jsonl');
}

/**
 * The app path (with its token) of the newest link to `path` sent to `email`, waiting for it to arrive.
 * `skip` links already used are ignored (a second reset link, a resent verification).
 */
export async function mailedLink(
  email: string,
  path: '/verify-email' | '/reset-password',
  skip: readonly string[] = [],
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const lines = existsSync(mailboxFile()) ? readFileSync(mailboxFile(), 'utf8').split('\n') : [];
        const links = lines
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { to: string[]; text: string })
          .filter((mail) => mail.to.map((to) => to.toLowerCase()).includes(email.toLowerCase()))
          .flatMap((mail) => [
            ...mail.text.matchAll(new RegExp(`https?://[^\\s"<>]+${path}\\?token=[A-Za-z0-9_-]+`, 'g')),
          ])
          .map((match) => new URL(match[0]).pathname + new URL(match[0]).search)
          .filter((link) => !skip.includes(link));
        found = links.at(-1);
        return found !== undefined;
      },
      { message: `a ${path} link e-mailed to ${email}`, timeout: 10_000 },
    )
    .toBe(true);
  return found as string;
}

/** Proves the person's address with the link e-mailed to them, through the API. */
export async function verifyEmail(request: APIRequestContext, email: string): Promise<void> {
  const link = await mailedLink(email, '/verify-email');
  const token = new URL(link, 'http://x').searchParams.get('token');
  const response = await request.post('/api/auth/verify-email', { data: { token } });
  expect(response.status(), await response.text()).toBe(204);
}

/** Opens the verification link e-mailed to `email` in the page, as the person would from their mail. */
export async function openVerificationLink(page: Page, email: string): Promise<void> {
  await page.goto(await mailedLink(email, '/verify-email'));
  await expect(
    page.getByRole('status').filter({ hasText: 'Your e-mail address is confirmed.' }),
  ).toBeVisible();
}
