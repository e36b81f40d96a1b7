import {
  type AuthSnapshot,
  authMachine,
  isAuthLoading,
  type LoginInput,
  type RegisterInput,
} from '@kitty/domain/flows';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { setUnauthorizedHandler } from '../api';
import { authPhase } from './authPhase';
import { knownWords } from './failureWords';
import { type AuthServices, createAuthServices } from './authServices';
import { appConfigStore } from './ConfigProvider';
import { browserStorage, createAuthStorage } from './storage';

type AuthActor = ActorRefFrom<typeof authMachine>;

const AuthContext = createContext<AuthActor | null>(null);

function provideServices(services: AuthServices) {
  return authMachine.provide({
    actors: {
      login: fromPromise(({ input }: { input: LoginInput }) => services.login(input)),
      register: fromPromise(({ input }: { input: RegisterInput }) => services.register(input)),
      loadSession: fromPromise(({ input }: { input: { token: string } }) => services.loadSession(input)),
    },
  });
}

export interface AuthProviderProps {
  children: ReactNode;
  /** Stand-ins for the requests (tests, previews); the real API by default. */
  services?: AuthServices;
}

/**
 * Runs the domain's auth machine once for the whole app, with the real requests as its actors and
 * localStorage (`token`, `auth_error`) as its storage. A 401 from any call ends a signed-in session.
 */
export function AuthProvider({ children, services }: AuthProviderProps) {
  const [logic] = useState(() => provideServices(services ?? createAuthServices(appConfigStore)));
  const actor = useActorRef(logic, { input: { storage: createAuthStorage(browserStorage) } });

  // Every session that starts loads the configuration once its token is stored (joined if under way).
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.matches('signedIn')) void appConfigStore.ensureLoaded();
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        // Only a live session expires: a 401 answering a wrong password belongs to the login attempt.
        if (actor.getSnapshot().matches('signedIn')) actor.send({ type: 'auth.sessionExpired' });
      }),
    [actor],
  );

  return <AuthContext.Provider value={actor}>{children}</AuthContext.Provider>;
}

export function useAuthActor(): AuthActor {
  const actor = useContext(AuthContext);
  if (!actor) throw new Error('useAuthActor must be used inside <AuthProvider>');
  return actor;
}

function selectView(snapshot: AuthSnapshot) {
  return {
    user: snapshot.context.user,
    token: snapshot.context.token,
    // The machine's words and the server's are English keys: shown in the active language.
    error: snapshot.context.error === null ? null : knownWords(snapshot.context.error),
    isAuthenticated: snapshot.matches('signedIn'),
    isLoading: isAuthLoading(snapshot),
    phase: authPhase(snapshot),
  };
}

/**
 * The session (spec section 3: user, token, isAuthenticated, isLoading, error) and its actions.
 * After `logout()` navigate to /login yourself (see useLogout).
 */
export function useAuth() {
  const actor = useAuthActor();
  const view = useSelector(actor, selectView, shallowEqual);
  const [actions] = useState(() => ({
    login: (input: LoginInput) => actor.send({ type: 'auth.login', input }),
    register: (input: RegisterInput) => actor.send({ type: 'auth.register', input }),
    logout: () => actor.send({ type: 'auth.logout' }),
    clearError: () => actor.send({ type: 'auth.clearError' }),
    /** The address was just verified (the link was opened): the banner goes. */
    emailVerified: () => actor.send({ type: 'auth.emailVerified' }),
  }));
  return { ...view, ...actions };
}
