// People, groups, expenses and settlements for the browser tests, set up through the real API, and the app
// opened as one of those people.
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { verifyEmail } from './mailbox';
import { PASSPHRASE, type Person, person } from './support';

export interface Account extends Person {
  id: string;
  token: string;
  /** The display name the app shows (the first name). */
  name: string;
}

/** A JSON call to /api as the person holding `token`; fails the test unless the answer is 2xx. */
export async function api<T = unknown>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  token: string | null,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(`/api${path}`, {
    method,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * A person registered through POST /api/users/register (a first name, or a whole `person()`), their
 * address verified with the link e-mailed to them (so that they see what others share with them).
 */
export async function account(request: APIRequestContext, who: string | Person): Promise<Account> {
  const p = typeof who === 'string' ? person(who) : who;
  const user = await api<{ id: string; token: string }>(request, 'POST', '/users/register', null, {
    ...p,
    passphrase: PASSPHRASE,
  });
  await verifyEmail(request, p.email);
  return { ...p, id: user.id, token: user.token, name: p.first_name };
}

/** People registered one after the other, e.g. `const [alice, bob] = await accounts(request, 'Alice', 'Bob')`. */
export async function accounts<const N extends readonly string[]>(
  request: APIRequestContext,
  ...names: N
): Promise<{ [K in keyof N]: Account }> {
  const registered: Account[] = [];
  for (const name of names) registered.push(await account(request, name));
  return registered as { [K in keyof N]: Account };
}

export interface CreatedGroup {
  id: string;
  name: string;
  /** Everyone in it, the owner first; others given by an unknown e-mail become not-registered people. */
  Members: { id: string; email: string }[];
}

/** POST /groups as `owner`, the others named by e-mail. */
export async function createGroup(
  request: APIRequestContext,
  owner: Account,
  name: string,
  others: readonly { email: string }[],
  currency = 'EUR',
): Promise<CreatedGroup> {
  return api(request, 'POST', '/groups', owner.token, {
    name,
    currency,
    members: others.map((m) => ({ email: m.email })),
  });
}

export interface ExpenseInput {
  description: string;
  amount: number;
  payer: Account;
  /** Everyone in the expense (the payer too, if they share it). */
  among: readonly { id: string }[];
  groupId?: string;
  currency?: string;
  /** When it happened (ISO); now without it. */
  date?: string;
}

/** POST /expenses: split equally among `among`, paid by `payer`, category dining. */
export async function addExpense(
  request: APIRequestContext,
  e: ExpenseInput,
): Promise<{ id: string; version: number }> {
  return api(request, 'POST', '/expenses', e.payer.token, {
    description: e.description,
    amount: e.amount,
    currency: e.currency ?? 'EUR',
    category: 'dining',
    ...(e.groupId ? { group_id: e.groupId } : {}),
    split_type: 'equal',
    paid_by: e.payer.id,
    participants: e.among.map((m) => m.id),
    split_with: e.among.filter((m) => m.id !== e.payer.id).map((m) => m.id),
    ...(e.date ? { date: e.date } : {}),
  });
}

/** POST /financial/settlements: `from` paid `to` back ("Paid back"). */
export async function settle(
  request: APIRequestContext,
  groupId: string,
  from: Account,
  to: Account,
  amount: number,
  currency = 'EUR',
): Promise<void> {
  await api(request, 'POST', '/financial/settlements', from.token, {
    from_user_id: from.id,
    to_user_id: to.id,
    amount,
    currency,
    group_id: groupId,
    description: 'Paid back',
  });
}

/** Opens `path` signed in as `who` by their stored token (the stored-token start of the app). */
export async function openAs(page: Page, who: Account, path: string): Promise<void> {
  // A same-origin page without the app, so no running session reacts to the token changing.
  await page.goto('/api/health');
  await page.evaluate((token) => {
    localStorage.clear();
    localStorage.setItem('token', token);
  }, who.token);
  await page.goto(path);
}

/** Registers `who` through the API and opens `path` signed in as them. */
export async function signedIn(page: Page, who: string | Person, path = '/dashboard'): Promise<Account> {
  const me = await account(page.request, who);
  await openAs(page, me, path);
  return me;
}
