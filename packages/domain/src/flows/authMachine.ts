import { assign, enqueueActions, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { failureCode, failureMessage } from '../failure';

export interface SessionUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  display_name: string;
  name: string;
  registered: boolean;
  /** False until the person opens the link sent to their address (the app shell then asks them to). */
  email_verified?: boolean;
}

/** Where the session survives a reload (the web gives localStorage keys `token` and `auth_error`). */
export interface AuthStorage {
  getToken(): string | null;
  setToken(token: string): void;
  clearToken(): void;
  setAuthError(message: string): void;
  clearAuthError(): void;
}

export interface LoginInput {
  email: string;
  password: string;
  recaptchaToken?: string | null;
}

export interface RegisterInput {
  email: string;
  first_name: string;
  last_name: string;
  password: string;
  passphrase: string;
  recaptchaToken?: string | null;
}

export interface AuthContext {
  user: SessionUser | null;
  token: string | null;
  error: string | null;
  storage: AuthStorage;
}

export type AuthEvent =
  | { type: 'auth.login'; input: LoginInput }
  | { type: 'auth.register'; input: RegisterInput }
  | { type: 'auth.logout' }
  | { type: 'auth.clearError' }
  | { type: 'auth.sessionExpired' }
  | { type: 'auth.emailVerified' };

export const LOGIN_FAILED = 'Login failed';
export const REGISTRATION_FAILED = 'Registration failed';
export const PROFILE_FAILED = 'Failed to fetch profile';
export const NETWORK_ERROR = 'Network error';

/**
 * The message an auth failure shows (spec 4 "Auth request", 8 "Auth"): the server's message when it
 * answered with one; "Network error" when no response arrived; else the caller's default. A failure
 * without a status but with its own message keeps it only when `useOwnMessage` (registration).
 */
export function authFailureMessage(failure: unknown, fallback: string, useOwnMessage = false): string {
  return failureMessage(failure, ({ status, message }) => {
    if (status !== undefined && status > 0) return fallback;
    if (status === 0 || message === undefined) return NETWORK_ERROR;
    return useOwnMessage ? message : fallback;
  });
}

/** The profile load keeps the server's message, else "Failed to fetch profile". */
export function profileFailureMessage(failure: unknown): string {
  return failureMessage(failure, PROFILE_FAILED);
}

/**
 * Whether a failed profile load proves the stored token is no good (the server refused it: UNAUTHENTICATED).
 * Anything else (no answer, a load cut short by leaving the page, 5xx, 429) keeps the stored token, so
 * the next visit restores the session instead of signing the person out over a passing failure.
 */
export function profileRejectsToken(failure: unknown): boolean {
  return failureCode(failure) === 'UNAUTHENTICATED';
}

type SessionOutput = { user: SessionUser; token: string };

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`authMachine: actor "${name}" not provided`));

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as { storage: AuthStorage },
  },
  actors: {
    login: fromPromise<SessionOutput, LoginInput>(notProvided('login')),
    register: fromPromise<SessionOutput, RegisterInput>(notProvided('register')),
    loadSession: fromPromise<{ user: SessionUser }, { token: string }>(notProvided('loadSession')),
  },
  guards: {
    hasStoredToken: ({ context }) => context.token !== null && context.token !== '',
  },
  actions: {
    clearError: assign({ error: null }),
    forgetSession: ({ context }) => {
      context.storage.clearToken();
      context.storage.clearAuthError();
    },
    resetSession: assign({ user: null, token: null, error: null }),
    clearStoredError: ({ context }) => context.storage.clearAuthError(),
    /** A sign-in or registration succeeded: store its token, forget the last failure, start the session. */
    startSession: enqueueActions(({ enqueue }, session: SessionOutput) => {
      enqueue(({ context }) => {
        context.storage.setToken(session.token);
        context.storage.clearAuthError();
      });
      enqueue.assign({ user: session.user, token: session.token });
    }),
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    user: null,
    token: input.storage.getToken(),
    error: null,
    storage: input.storage,
  }),
  initial: 'checking',
  on: {
    'auth.logout': { target: '.signedOut', actions: ['forgetSession', 'resetSession'] },
    'auth.sessionExpired': { target: '.signedOut', actions: ['forgetSession', 'resetSession'] },
    'auth.clearError': { actions: ['clearError', 'clearStoredError'] },
  },
  states: {
    checking: {
      always: [{ guard: 'hasStoredToken', target: 'restoring' }, { target: 'signedOut' }],
    },
    restoring: {
      entry: 'clearError',
      invoke: {
        src: 'loadSession',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'signedIn', actions: assign({ user: ({ event }) => event.output.user }) },
        onError: {
          target: 'signedOut',
          actions: [
            ({ context, event }) => {
              if (profileRejectsToken(event.error)) context.storage.clearToken();
            },
            assign({ user: null, token: null, error: ({ event }) => profileFailureMessage(event.error) }),
          ],
        },
      },
    },
    signedOut: {
      on: {
        'auth.login': 'loggingIn',
        'auth.register': 'registering',
      },
    },
    loggingIn: {
      entry: 'clearError',
      invoke: {
        src: 'login',
        input: ({ event }) => {
          if (event.type !== 'auth.login') throw new Error(`authMachine: unexpected ${event.type}`);
          return event.input;
        },
        onDone: {
          target: 'signedIn',
          actions: { type: 'startSession', params: ({ event }) => event.output },
        },
        onError: {
          target: 'signedOut',
          actions: [
            assign({ error: ({ event }) => authFailureMessage(event.error, LOGIN_FAILED) }),
            ({ context }) => context.storage.setAuthError(context.error ?? LOGIN_FAILED),
          ],
        },
      },
    },
    registering: {
      entry: 'clearError',
      invoke: {
        src: 'register',
        input: ({ event }) => {
          if (event.type !== 'auth.register') throw new Error(`authMachine: unexpected ${event.type}`);
          return event.input;
        },
        onDone: {
          target: 'signedIn',
          actions: { type: 'startSession', params: ({ event }) => event.output },
        },
        onError: {
          target: 'signedOut',
          actions: assign({
            error: ({ event }) => authFailureMessage(event.error, REGISTRATION_FAILED, true),
          }),
        },
      },
    },
    signedIn: {
      on: {
        'auth.emailVerified': {
          actions: assign({
            user: ({ context }) => context.user && { ...context.user, email_verified: true },
          }),
        },
      },
    },
  },
});

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** True while a request is out or the stored session is still being checked. */
export function isAuthLoading(state: AuthSnapshot): boolean {
  return (
    state.matches('loggingIn') ||
    state.matches('registering') ||
    state.matches('restoring') ||
    state.matches('checking')
  );
}

export function isAuthenticated(state: AuthSnapshot): boolean {
  return state.matches('signedIn');
}
