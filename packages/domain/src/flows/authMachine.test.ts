import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  type AuthStorage,
  authFailureMessage,
  authMachine,
  isAuthenticated,
  isAuthLoading,
  type LoginInput,
  type RegisterInput,
  type SessionUser,
} from './authMachine';

const user: SessionUser = {
  id: 'u1',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  display_name: 'Ada',
  name: 'Ada',
  registered: true,
};

function memoryStorage(token: string | null = null) {
  const state = { token, authError: null as string | null };
  const storage: AuthStorage = {
    getToken: () => state.token,
    setToken: (t) => {
      state.token = t;
    },
    clearToken: () => {
      state.token = null;
    },
    setAuthError: (m) => {
      state.authError = m;
    },
    clearAuthError: () => {
      state.authError = null;
    },
  };
  return { state, storage };
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type Session = { user: SessionUser; token: string };

function start(
  opts: {
    token?: string | null;
    login?: (input: LoginInput) => Promise<Session>;
    register?: (input: RegisterInput) => Promise<Session>;
    loadSession?: (input: { token: string }) => Promise<{ user: SessionUser }>;
  } = {},
) {
  const { state, storage } = memoryStorage(opts.token ?? null);
  const calls = { login: [] as LoginInput[], register: [] as RegisterInput[], loadSession: [] as string[] };
  const machine = authMachine.provide({
    actors: {
      login: fromPromise<Session, LoginInput>(({ input }) => {
        calls.login.push(input);
        return opts.login ? opts.login(input) : Promise.resolve({ user, token: 'tok-login' });
      }),
      register: fromPromise<Session, RegisterInput>(({ input }) => {
        calls.register.push(input);
        return opts.register ? opts.register(input) : Promise.resolve({ user, token: 'tok-register' });
      }),
      loadSession: fromPromise<{ user: SessionUser }, { token: string }>(({ input }) => {
        calls.loadSession.push(input.token);
        return opts.loadSession ? opts.loadSession(input) : Promise.resolve({ user });
      }),
    },
  });
  const actor = createActor(machine, { input: { storage } });
  actor.start();
  return { actor, state, calls };
}

const credentials: LoginInput = { email: 'ada@example.com', password: 'secret123', recaptchaToken: 'r' };
const registration: RegisterInput = {
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  password: 'secret123',
  passphrase: 'open sesame',
  recaptchaToken: 'r',
};

describe('authMachine start-up', () => {
  it('without a stored token it is signed out and not loading', () => {
    const { actor } = start();
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('signedOut');
    expect(isAuthLoading(snap)).toBe(false);
    expect(isAuthenticated(snap)).toBe(false);
  });

  it('with a stored token it restores the profile with that token and signs in', async () => {
    const pending = deferred<{ user: SessionUser }>();
    const { actor, calls } = start({ token: 'stored', loadSession: () => pending.promise });
    expect(actor.getSnapshot().value).toBe('restoring');
    expect(isAuthLoading(actor.getSnapshot())).toBe(true);
    expect(calls.loadSession).toEqual(['stored']);
    pending.resolve({ user });
    const snap = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(snap.context.user).toEqual(user);
    expect(snap.context.token).toBe('stored');
    expect(isAuthLoading(snap)).toBe(false);
  });

  it('a restore without an answer shows "Failed to fetch profile" and keeps the stored token for the next visit', async () => {
    const { actor, state } = start({ token: 'kept', loadSession: () => Promise.reject({ status: 0 }) });
    const snap = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snap.context.error).toBe('Failed to fetch profile');
    expect(snap.context.token).toBeNull();
    expect(state.token).toBe('kept');
  });

  it('a restore the server fails (503) keeps the stored token', async () => {
    const { actor, state } = start({
      token: 'kept',
      loadSession: () => Promise.reject({ status: 503, message: 'The database is unavailable' }),
    });
    const snap = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snap.context.error).toBe('The database is unavailable');
    expect(state.token).toBe('kept');
  });

  it('a refusal that is not about the token (403 EMAIL_NOT_VERIFIED) keeps it', async () => {
    const { actor, state } = start({
      token: 'kept',
      loadSession: () => Promise.reject({ status: 403, code: 'EMAIL_NOT_VERIFIED', message: 'Verify first' }),
    });
    const snap = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snap.context.error).toBe('Verify first');
    expect(state.token).toBe('kept');
  });

  it('a token the server refuses (UNAUTHENTICATED) is forgotten and its message shown', async () => {
    const { actor, state } = start({
      token: 'stale',
      loadSession: () => Promise.reject({ status: 401, code: 'UNAUTHENTICATED', message: 'Token expired' }),
    });
    const snap = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snap.context.error).toBe('Token expired');
    expect(state.token).toBeNull();
  });
});

describe('authMachine login', () => {
  it('success stores user and token, saves the token and clears the stored login error', async () => {
    const { actor, state, calls } = start();
    state.authError = 'old failure';
    actor.send({ type: 'auth.login', input: credentials });
    expect(isAuthLoading(actor.getSnapshot())).toBe(true);
    const snap = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(calls.login).toEqual([credentials]);
    expect(snap.context).toMatchObject({ user, token: 'tok-login', error: null });
    expect(state).toEqual({ token: 'tok-login', authError: null });
  });

  it('a retry clears the shown error while it is pending', async () => {
    const pending = deferred<Session>();
    let attempt = 0;
    const { actor } = start({
      login: () => (attempt++ === 0 ? Promise.reject({ status: 401, message: 'Bad' }) : pending.promise),
    });
    actor.send({ type: 'auth.login', input: credentials });
    await waitFor(actor, (s) => s.context.error === 'Bad');
    actor.send({ type: 'auth.login', input: credentials });
    expect(actor.getSnapshot().value).toBe('loggingIn');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('failure shows the server message and saves it to storage', async () => {
    const { actor, state } = start({
      login: () => Promise.reject({ status: 401, message: 'Invalid credentials' }),
    });
    actor.send({ type: 'auth.login', input: credentials });
    const snap = await waitFor(actor, (s) => s.context.error !== null);
    expect(snap.value).toBe('signedOut');
    expect(snap.context.error).toBe('Invalid credentials');
    expect(state.authError).toBe('Invalid credentials');
    expect(state.token).toBeNull();
  });

  it('no response shows "Network error"', async () => {
    const { actor, state } = start({
      login: () => Promise.reject({ status: 0, message: 'No response from server' }),
    });
    actor.send({ type: 'auth.login', input: credentials });
    const snap = await waitFor(actor, (s) => s.context.error !== null);
    expect(snap.context.error).toBe('Network error');
    expect(state.authError).toBe('Network error');
  });

  it('a server answer without a message shows "Login failed"', async () => {
    const { actor } = start({ login: () => Promise.reject({ status: 500 }) });
    actor.send({ type: 'auth.login', input: credentials });
    const snap = await waitFor(actor, (s) => s.context.error !== null);
    expect(snap.context.error).toBe('Login failed');
  });

  it('a second submit while logging in is ignored', async () => {
    const pending = deferred<Session>();
    const { actor, calls } = start({ login: () => pending.promise });
    actor.send({ type: 'auth.login', input: credentials });
    actor.send({ type: 'auth.login', input: credentials });
    actor.send({ type: 'auth.register', input: registration });
    expect(calls.login).toHaveLength(1);
    expect(calls.register).toHaveLength(0);
    pending.resolve({ user, token: 't' });
    await waitFor(actor, (s) => s.matches('signedIn'));
  });
});

describe('authMachine register', () => {
  it('success signs in and stores the token', async () => {
    const { actor, state, calls } = start();
    actor.send({ type: 'auth.register', input: registration });
    const snap = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(calls.register).toEqual([registration]);
    expect(snap.context.token).toBe('tok-register');
    expect(state.token).toBe('tok-register');
  });

  it('failure shows the server message but does not save it to storage', async () => {
    const { actor, state } = start({
      register: () => Promise.reject({ status: 400, message: 'Invalid passphrase' }),
    });
    actor.send({ type: 'auth.register', input: registration });
    const snap = await waitFor(actor, (s) => s.context.error !== null);
    expect(snap.value).toBe('signedOut');
    expect(snap.context.error).toBe('Invalid passphrase');
    expect(state.authError).toBeNull();
  });

  it('a server answer without a message shows "Registration failed"', async () => {
    const { actor } = start({ register: () => Promise.reject({ status: 409 }) });
    actor.send({ type: 'auth.register', input: registration });
    const snap = await waitFor(actor, (s) => s.context.error !== null);
    expect(snap.context.error).toBe('Registration failed');
  });
});

describe('authMachine logout, expiry, clearError', () => {
  it('logout clears token and saved error and resets the session', async () => {
    const { actor, state } = start();
    actor.send({ type: 'auth.login', input: credentials });
    await waitFor(actor, (s) => s.matches('signedIn'));
    state.authError = 'stale';
    actor.send({ type: 'auth.logout' });
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('signedOut');
    expect(snap.context).toMatchObject({ user: null, token: null, error: null });
    expect(state).toEqual({ token: null, authError: null });
  });

  it('session expiry behaves like logout', async () => {
    const { actor, state } = start({ token: 'stored' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'auth.sessionExpired' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(state.token).toBeNull();
  });

  it('logout while a login is out drops its late answer', async () => {
    const pending = deferred<Session>();
    const { actor, state } = start({ login: () => pending.promise });
    actor.send({ type: 'auth.login', input: credentials });
    actor.send({ type: 'auth.logout' });
    pending.resolve({ user, token: 'late' });
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(state.token).toBeNull();
  });

  it('emailVerified marks the signed-in user verified (the banner goes); signed out it does nothing', async () => {
    const { actor } = start({
      register: () => Promise.resolve({ user: { ...user, email_verified: false }, token: 'tok-register' }),
    });
    actor.send({ type: 'auth.emailVerified' });
    expect(actor.getSnapshot().context.user).toBeNull();
    actor.send({ type: 'auth.register', input: registration });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(actor.getSnapshot().context.user?.email_verified).toBe(false);
    actor.send({ type: 'auth.emailVerified' });
    expect(actor.getSnapshot().context.user).toEqual({ ...user, email_verified: true });
    expect(actor.getSnapshot().value).toBe('signedIn');
  });

  it('clearError clears the shown and the stored error', async () => {
    const { actor, state } = start({ login: () => Promise.reject({ status: 401, message: 'Nope' }) });
    actor.send({ type: 'auth.login', input: credentials });
    await waitFor(actor, (s) => s.context.error !== null);
    actor.send({ type: 'auth.clearError' });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(state.authError).toBeNull();
    expect(actor.getSnapshot().value).toBe('signedOut');
  });
});

describe('authFailureMessage', () => {
  it.each([
    [{ status: 401, message: 'Invalid credentials' }, 'Invalid credentials'],
    [{ status: 500 }, 'Login failed'],
    [{ status: 500, message: '  ' }, 'Login failed'],
    [{ status: 0, message: 'No response from server' }, 'Network error'],
    [{}, 'Network error'],
    [undefined, 'Network error'],
    [new Error('boom'), 'Login failed'],
  ])('%j -> %s', (failure, expected) => {
    expect(authFailureMessage(failure, 'Login failed')).toBe(expected);
  });

  it('registration keeps an error’s own message when there was no status', () => {
    expect(authFailureMessage(new Error('boom'), 'Registration failed', true)).toBe('boom');
  });
});
