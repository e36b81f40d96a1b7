import { call } from '@kitty/api';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { api } from '../api';
import { createRecaptcha, loadGoogleScript, type Recaptcha } from './recaptcha';

const RecaptchaContext = createContext<Recaptcha | null>(null);

function createAppRecaptcha(): Recaptcha {
  return createRecaptcha({
    loadSettings: async () =>
      (await call(api.GET('/client-config'), 'Failed to load client configuration')).recaptcha,
    loadScript: loadGoogleScript,
  });
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
