import { setTimeout as sleep } from 'node:timers/promises';
import type { components } from '@kitty/api/schema';
import { hasVisibleCharacter, type Language, MIN_NAME_LENGTH, trimText } from '@kitty/domain';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../auth/passwords';
import { passphraseMatches } from '../auth/passphrase';
import type { AppContext } from '../context';
import { conflict, forbidden, type FieldError, invalid, unauthorized } from '../http/errors';
import { maySignIn, registrationOutcome } from './policy';
import { toOwnUserJson } from './present';
import * as users from './repo';

type RegisterRequest = components['schemas']['RegisterRequest'];
type LoginRequest = components['schemas']['LoginRequest'];
type AuthUser = components['schemas']['AuthUser'];

export const WRONG_PASSPHRASE = 'The registration passphrase is incorrect.';
export const EMAIL_TAKEN = 'An account with this e-mail already exists.';
export const INVALID_CREDENTIALS = 'Invalid email or password';

/** Who is asking: the client address keys the attempt limits and goes to reCAPTCHA. */
export interface Caller {
  ip: string;
  log?: FastifyBaseLogger;
  /** The language the caller's browser asks for (Accept-Language), kept for their e-mails; null: it did not say. */
  browserLanguage?: Language | null;
}

/** How long a sign-in waits once its e-mail has had too many wrong passwords (RATE_LIMIT_LOGIN_EMAIL). */
export const LOGIN_SLOWDOWN_MS = 1000;

/** The one key of the instance-wide count of wrong passphrases. */
const INSTANCE = 'instance';

export function createUserService(ctx: AppContext) {
  const { db, config, tokens, recaptcha, limits } = ctx;

  async function withToken(user: users.CurrentUser): Promise<AuthUser> {
    return { ...toOwnUserJson(user), token: await tokens.sign(user) };
  }

  return {
    /**
     * Order: attempt limit, reCAPTCHA, passphrase (before anything about the e-mail is revealed),
     * names, then the account. display_name is the first name: the home greeting is "Ahoj {display_name}!".
     */
    async register(input: RegisterRequest, caller: Caller): Promise<AuthUser> {
      await limits.passphrase.check(caller.ip);
      await limits.passphraseInstance.check(INSTANCE);
      await recaptcha.verify(input.recaptchaToken, 'register', caller.ip);
      if (!passphraseMatches(input.passphrase, config.passphrase)) {
        await limits.passphrase.fail(caller.ip);
        const wrong = await limits.passphraseInstance.fail(INSTANCE);
        if (wrong === limits.passphraseInstance.limit?.max) {
          caller.log?.warn(
            { wrong },
            'too many wrong registration passphrases on this instance: registration is closed to everyone until the window closes (RATE_LIMIT_PASSPHRASE_INSTANCE)',
          );
        }
        throw forbidden('WRONG_PASSPHRASE', WRONG_PASSPHRASE);
      }
      const account = {
        email: input.email.trim(),
        first_name: trimText(input.first_name),
        last_name: trimText(input.last_name),
        display_name: trimText(input.first_name),
        browser_language: caller.browserLanguage ?? null,
      };
      const problems = nameProblems(account);
      if (problems.length > 0) throw invalid(...problems);
      const password_hash = await hashPassword(input.password);

      const user = await db.transaction(async (tx) => {
        const existing = await users.findByEmail(tx, account.email, true);
        const outcome = registrationOutcome(existing);
        if (outcome === 'taken') throw conflict('EMAIL_TAKEN', EMAIL_TAKEN);
        const saved =
          outcome === 'claim' && existing
            ? await users.registerInvited(tx, existing.id, { ...account, password_hash })
            : await users.insertAccount(tx, { ...account, password_hash });
        if (!saved) throw conflict('EMAIL_TAKEN', EMAIL_TAKEN);
        // An invited person's invitations stay open until the address is verified (src/users/verification.ts).
        return saved;
      });
      return withToken(user);
    },

    async login(input: LoginRequest, caller: Caller): Promise<AuthUser> {
      const email = input.email.trim();
      const key = `${caller.ip}|${email.toLowerCase()}`;
      await limits.login.check(key);
      await recaptcha.verify(input.recaptchaToken, 'login', caller.ip);
      // Guesses spread over many addresses slow down every attempt on the e-mail; none is refused.
      if (await limits.loginEmail.exceeded(email.toLowerCase())) await sleep(LOGIN_SLOWDOWN_MS);
      const found = await users.findCredentials(db, email);
      const valid =
        found && maySignIn(found)
          ? await verifyPassword(found.password_hash as string, input.password)
          : await verifyAgainstNothing(input.password);
      if (!found || !valid) {
        await limits.login.fail(key);
        await limits.loginEmail.fail(email.toLowerCase());
        throw unauthorized('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      }
      await limits.login.reset(key);
      const { password_hash: _hash, ...user } = found;
      const browserLanguage = caller.browserLanguage ?? null;
      if (browserLanguage && browserLanguage !== user.browser_language) {
        await users.rememberBrowserLanguage(db, user.id, browserLanguage);
        user.browser_language = browserLanguage;
      }
      return withToken(user);
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;

/**
 * Names must show something (visibleText.ts: a name of zero-width characters is an empty name) and still
 * have two characters once their blank ends are gone (trimText).
 */
function nameProblems(account: { first_name: string; last_name: string }): FieldError[] {
  const problems: FieldError[] = [];
  for (const field of ['first_name', 'last_name'] as const) {
    const name = account[field];
    if (!hasVisibleCharacter(name)) problems.push({ field, message: `${field} is required` });
    else if (name.length < MIN_NAME_LENGTH) {
      problems.push({ field, message: `${field} must be at least ${MIN_NAME_LENGTH} characters` });
    }
  }
  return problems;
}
