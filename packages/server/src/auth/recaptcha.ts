import type { FastifyBaseLogger } from 'fastify';
import type { RecaptchaConfig } from '../config';
import { forbidden } from '../http/errors';

export const RECAPTCHA_FAILED = 'reCAPTCHA verification failed. Please try again.';

export type RecaptchaAction = 'login' | 'register';

export interface Recaptcha {
  enabled: boolean;
  siteKey: string | null;
  /** Resolves when the token passes; throws a 403 otherwise. Does nothing when reCAPTCHA is off. */
  verify(token: string | null | undefined, action: RecaptchaAction, remoteIp?: string): Promise<void>;
}

interface SiteVerifyAnswer {
  success?: boolean;
  score?: number;
  action?: string;
  'error-codes'?: string[];
}

export function createRecaptcha(
  config: RecaptchaConfig | null,
  log: FastifyBaseLogger,
  fetchFn: typeof fetch = fetch,
): Recaptcha {
  if (!config) return { enabled: false, siteKey: null, verify: async () => undefined };
  return {
    enabled: true,
    siteKey: config.siteKey,
    async verify(token, action, remoteIp) {
      if (!token) throw forbidden('RECAPTCHA_FAILED', RECAPTCHA_FAILED);
      const form = new URLSearchParams({ secret: config.secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      let answer: SiteVerifyAnswer;
      try {
        const response = await fetchFn(config.verifyUrl, {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(5000),
        });
        if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
        answer = (await response.json()) as SiteVerifyAnswer;
      } catch (error) {
        log.warn({ err: error }, 'reCAPTCHA verification could not be completed');
        throw forbidden('RECAPTCHA_FAILED', RECAPTCHA_FAILED);
      }
      const passed =
        answer.success === true &&
        answer.action === action &&
        typeof answer.score === 'number' &&
        answer.score >= config.minScore;
      if (!passed) {
        log.info(
          { action, got: answer.action, score: answer.score, codes: answer['error-codes'] },
          'reCAPTCHA refused',
        );
        throw forbidden('RECAPTCHA_FAILED', RECAPTCHA_FAILED);
      }
    },
  };
}
