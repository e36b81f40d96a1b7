import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import type { Recaptcha } from './recaptcha';

const RecaptchaContext = createContext<Recaptcha | null>(null);

/**
 * The verification logic is a chunk of its own, requested when the provider mounts (prepare), long before a
 * form is sent: the sign-in path's entry has no room for it (the /login budget, docs/web-performance.md).
 */
function createAppRecaptcha(): Recaptcha {
  let loaded: Promise<Recaptcha> | null = null;
  const load = () => {
    loaded ??= import('./appRecaptcha').then((m) => m.appRecaptcha());
    return loaded;
  };
  return {
    prepare: () => void load().then((recaptcha) => recaptcha.prepare()),
    getToken: async (action) => (await load()).getToken(action),
  };
}

/**
 * Human verification (reCAPTCHA v3) around the whole app. At start it reads GET /api/client-config and,
 * only when verification is enabled, loads Google's script.
 */
export function RecaptchaProvider({ children, value }: { children: ReactNode; value?: Recaptcha }) {
  const [recaptcha] = useState(() => value ?? createAppRecaptcha());
  useEffect(() => recaptcha.prepare(), [recaptcha]);
  return <RecaptchaContext.Provider value={recaptcha}>{children}</RecaptchaContext.Provider>;
}

/** `getToken("login" | "register")` before sending a sign-in form. */
export function useRecaptcha(): Recaptcha {
  const recaptcha = useContext(RecaptchaContext);
  if (!recaptcha) throw new Error('useRecaptcha must be used inside <RecaptchaProvider>');
  return recaptcha;
}
