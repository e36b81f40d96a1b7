/** Spec section 5 "Human verification". */
// i18n-ignore: the English key; shown through knownWords (catalog authErrors)
export const RECAPTCHA_FAILED = 'reCAPTCHA verification failed. Please try again.';

export type RecaptchaAction = 'login' | 'register';

export interface RecaptchaSettings {
  enabled: boolean;
  siteKey: string | null;
}

/** The part of Google's `grecaptcha` (v3) that is used. */
export interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

/**
 * `ok` with a token (null when verification is off) lets the form send; otherwise nothing is sent and
 * the message is shown. `reason` tells a failed check from a script that never became available.
 */
export type RecaptchaResult =
  | { ok: true; token: string | null }
  | { ok: false; reason: 'unavailable' | 'failed'; message: string };

export interface RecaptchaDeps {
  /** GET /api/client-config; a failure counts as "verification off" (the server stays the judge). */
  loadSettings(): Promise<RecaptchaSettings>;
  /** Adds Google's script for the site key and resolves with `grecaptcha` once it is ready. */
  loadScript(siteKey: string): Promise<Grecaptcha>;
  /** How long a submit waits for a script still loading before giving up (ms). */
  readyTimeoutMs?: number;
}

export interface Recaptcha {
  /** Starts loading the settings and, when enabled, the script. Safe to call more than once. */
  prepare(): void;
  getToken(action: RecaptchaAction): Promise<RecaptchaResult>;
}

const UNAVAILABLE = { ok: false, reason: 'unavailable', message: RECAPTCHA_FAILED } as const;
const FAILED = { ok: false, reason: 'failed', message: RECAPTCHA_FAILED } as const;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(TIMED_OUT), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
// i18n-ignore: a symbol's name, never shown
const TIMED_OUT = Symbol('timed out');

/** reCAPTCHA v3 for the sign-in forms: nothing is loaded when the server has it switched off. */
export function createRecaptcha({
  loadSettings,
  loadScript,
  readyTimeoutMs = 10_000,
}: RecaptchaDeps): Recaptcha {
  let settings: Promise<RecaptchaSettings> | null = null;
  let script: Promise<Grecaptcha> | null = null;

  const getSettings = () => {
    settings ??= loadSettings().catch((): RecaptchaSettings => ({ enabled: false, siteKey: null }));
    return settings;
  };

  const getScript = (siteKey: string) => {
    if (!script) {
      script = loadScript(siteKey);
      // A failed load may be retried by the next submit.
      script.catch(() => {
        script = null;
      });
    }
    return script;
  };

  const prepare = () => {
    void getSettings().then((s) => {
      if (s.enabled && s.siteKey) getScript(s.siteKey).catch(() => undefined);
    });
  };

  const getToken = async (action: RecaptchaAction): Promise<RecaptchaResult> => {
    const s = await getSettings();
    if (!s.enabled) return { ok: true, token: null };
    if (!s.siteKey) return UNAVAILABLE;
    let grecaptcha: Grecaptcha | typeof TIMED_OUT;
    try {
      grecaptcha = await withTimeout(getScript(s.siteKey), readyTimeoutMs);
    } catch {
      return UNAVAILABLE;
    }
    if (grecaptcha === TIMED_OUT) return UNAVAILABLE;
    try {
      const token = await grecaptcha.execute(s.siteKey, { action });
      return token ? { ok: true, token } : FAILED;
    } catch {
      return FAILED;
    }
  };

  return { prepare, getToken };
}

/** Loads https://www.google.com/recaptcha/api.js?render=<siteKey> once and waits for grecaptcha.ready. */
export function loadGoogleScript(siteKey: string): Promise<Grecaptcha> {
  return new Promise((resolve, reject) => {
    const global = window as unknown as { grecaptcha?: Grecaptcha };
    const whenReady = () => {
      const grecaptcha = global.grecaptcha;
      if (!grecaptcha) return reject(new Error('grecaptcha missing'));
      grecaptcha.ready(() => resolve(grecaptcha));
    };
    if (global.grecaptcha) return whenReady();
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.defer = true;
    script.onload = whenReady;
    script.onerror = () => {
      script.remove();
      reject(new Error('reCAPTCHA script failed to load'));
    };
    document.head.appendChild(script);
  });
}
