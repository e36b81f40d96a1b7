import { authMachine, type SessionUser } from '@kitty/domain/flows';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authPhase } from '../flows/authPhase';
import { createAuthStorage, memoryStorage } from '../flows/storage';
import { noteLogout, protectedAccess, publicAccess, returnPath } from './access';

const user: SessionUser = {
  id: 'u1',
  email: 'alice@example.com',
  first_name: 'Alice',
  last_name: 'Tester',
  display_name: 'Alice',
  name: 'Alice',
  registered: true,
};

/** The real domain machine with stand-in requests; `restore` decides how a stored token fares. */
function startAuth({ token, restore }: { token?: string; restore?: Promise<{ user: SessionUser }> }) {
  const store = memoryStorage();
  if (token) store.setItem('token', token);
  const logic = authMachine.provide({
    actors: {
      login: fromPromise(async () => ({ user, token: 'new-token' })),
      register: fromPromise(async () => ({ user, token: 'new-token' })),
      loadSession: fromPromise(() => restore ?? new Promise<never>(() => {})),
    },
  });
  const actor = createActor(logic, { input: { storage: createAuthStorage(store) } });
  actor.start();
  return actor;
}

const dashboard = { pathname: '/groups/42', search: '?tab=balances', hash: '' };

describe('protected routes', () => {
  it('send a visitor with neither a session nor a stored token to /login, remembering the origin', () => {
    const actor = startAuth({});
    expect(protectedAccess(authPhase(actor.getSnapshot()), dashboard)).toEqual({
      kind: 'redirect',
      to: '/login',
      state: { from: '/groups/42?tab=balances' },
    });
  });

  it('after an explicit logout, send to /login without an origin, so signing in again goes home', () => {
    const actor = startAuth({});
    noteLogout();
    expect(protectedAccess(authPhase(actor.getSnapshot()), dashboard)).toEqual({
      kind: 'redirect',
      to: '/login',
    });
    // Signed in again: later sign-outs (an expired session) remember the origin as before.
    expect(protectedAccess('signedIn', dashboard)).toEqual({ kind: 'render' });
    expect(protectedAccess(authPhase(actor.getSnapshot()), dashboard)).toEqual({
      kind: 'redirect',
      to: '/login',
      state: { from: '/groups/42?tab=balances' },
    });
  });

  it('wait (loading text, no redirect) while a stored token is being checked', () => {
    const actor = startAuth({ token: 'stored' });
    expect(protectedAccess(authPhase(actor.getSnapshot()), dashboard)).toEqual({ kind: 'wait' });
  });

  it('show the screen once the stored session is restored', async () => {
    const actor = startAuth({ token: 'stored', restore: Promise.resolve({ user }) });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(protectedAccess(authPhase(actor.getSnapshot()), dashboard)).toEqual({ kind: 'render' });
  });

  it('send to /login when the stored token is refused', async () => {
    const actor = startAuth({
      token: 'expired',
      restore: Promise.reject({ status: 401, code: 'UNAUTHENTICATED', message: 'Expired' }),
    });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(protectedAccess(authPhase(actor.getSnapshot()), dashboard)).toMatchObject({ to: '/login' });
  });

  it('send to /login after logout and after the session expires', async () => {
    const actor = startAuth({ token: 'stored', restore: Promise.resolve({ user }) });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'auth.sessionExpired' });
    expect(protectedAccess(authPhase(actor.getSnapshot()), dashboard)).toMatchObject({ kind: 'redirect' });
  });
});

describe('the sign-in screens', () => {
  it('stay on screen while the sign-in request is under way, so its loading state shows', () => {
    const actor = startAuth({});
    actor.send({ type: 'auth.login', input: { email: 'a@b.co', password: 'x' } });
    expect(actor.getSnapshot().matches('loggingIn')).toBe(true);
    expect(publicAccess(authPhase(actor.getSnapshot()), null)).toEqual({ kind: 'render' });
  });

  it('send a signed-in person back to the remembered origin, else to /dashboard', async () => {
    const actor = startAuth({});
    actor.send({ type: 'auth.login', input: { email: 'a@b.co', password: 'x' } });
    await waitFor(actor, (s) => s.matches('signedIn'));
    const phase = authPhase(actor.getSnapshot());
    expect(publicAccess(phase, { from: '/expenses/7' })).toEqual({ kind: 'redirect', to: '/expenses/7' });
    expect(publicAccess(phase, null)).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('wait while a stored token is checked instead of flashing the form', () => {
    expect(publicAccess('checking', null)).toEqual({ kind: 'wait' });
  });
});

describe('returnPath', () => {
  it.each([
    ['/groups/42?tab=x#top', '/groups/42?tab=x#top'],
    ['/expenses', '/expenses'],
  ])('keeps an in-app path %s', (from, expected) => {
    expect(returnPath({ from })).toBe(expected);
  });

  it.each([
    [undefined],
    [null],
    ['not-a-state'],
    [{ from: 42 }],
    [{ from: 'https://evil.example/' }],
    [{ from: '//evil.example/x' }],
    [{ from: '/\\evil.example' }],
    [{ from: '/login' }],
    [{ from: '/register?x=1' }],
    [{ from: '/' }],
  ])('falls back to /dashboard for %j', (state) => {
    expect(returnPath(state)).toBe('/dashboard');
  });
});
