import type { FastifyBaseLogger } from 'fastify';
import { consumeEmailToken, issueEmailToken, retireEmailTokens } from '../auth/email-tokens';
import { hashPassword } from '../auth/passwords';
import type { AppContext } from '../context';
import { invalidField } from '../http/errors';
import { addressKey } from '../http/rate-limit';
import { languageOfPerson } from '../mail/language';
import { resetMessage, verificationMessage } from '../mail/links';
import type { Mailer, MailMessage } from '../mail/mailer';
import { markAccepted } from './invitations';
import * as users from './repo';

export const INVALID_LINK = 'This link is invalid or has expired.';

const invalidLink = () => invalidField('token', INVALID_LINK, 'INVALID_LINK');

/**
 * The links sent by e-mail: proving an address (which is when an account claims what was addressed to
 * it) and resetting a forgotten password. Without SMTP_URL the link itself is logged, so that whoever
 * runs the server can pass it on.
 */
export function createVerificationService(ctx: AppContext, mailer: Mailer) {
  const { db, config, limits } = ctx;

  function deliver(message: MailMessage, url: string, label: string, log: FastifyBaseLogger) {
    if (!config.smtpUrl) {
      log.info({ to: message.to }, `${label} for ${message.to}: ${url}`);
      return Promise.resolve(false);
    }
    return mailer.send(message, label, log);
  }

  async function sendVerification(
    user: Pick<users.CurrentUser, 'id' | 'email' | 'display_name' | 'language' | 'browser_language'>,
    log: FastifyBaseLogger,
  ): Promise<void> {
    const token = await issueEmailToken(db, user, 'verify');
    const url = `${config.publicUrl}/verify-email?token=${token}`;
    // The answer does not wait for the mail server (up to 10 s when it is slow); `send` never throws.
    void deliver(
      verificationMessage({ to: user.email, name: user.display_name, url, language: languageOfPerson(user) }),
      url,
      'verification e-mail',
      log,
    );
  }

  return {
    sendVerification,

    /** Proves the address the link went to; the account then claims its invitations. */
    async verify(token: string): Promise<void> {
      await db.transaction(async (tx) => {
        const sent = await consumeEmailToken(tx, token, 'verify');
        const user = sent && (await users.markVerified(tx, sent.user_id, sent.email));
        if (!user) throw invalidLink();
        // Every link works once: the other verification links sent to the account are spent with this one.
        await retireEmailTokens(tx, user.id, 'verify');
        await markAccepted(tx, user.id);
      });
    },

    /** A fresh link for the caller, unless their address is proven already. */
    async resend(user: users.CurrentUser, ip: string, log: FastifyBaseLogger): Promise<void> {
      await limits.requests.consume('mail-links-account', config.rateLimits.mailLinks, user.id);
      await limits.requests.consume('mail-links-address', config.rateLimits.mailLinks, addressKey(ip));
      if (user.email_verified) return;
      await sendVerification(user, log);
    },

    /**
     * The same answer whatever the address: the link is made and sent after the answer when the address
     * has an account, so neither the answer nor its timing tells.
     */
    async forgot(rawEmail: string, ip: string, log: FastifyBaseLogger): Promise<void> {
      const email = rawEmail.trim();
      await limits.requests.consume('mail-links-address', config.rateLimits.mailLinks, addressKey(ip));
      await limits.requests.consume('mail-links-email', config.rateLimits.mailLinks, email.toLowerCase());
      setImmediate(() => {
        sendReset(email, log).catch((err) => log.error({ err }, 'password reset e-mail failed'));
      });
    },

    /** A new password; every earlier session and reset link ends. The link proves the address too. */
    async reset(token: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const sent = await consumeEmailToken(tx, token, 'reset');
        const user = sent && (await users.resetPassword(tx, sent.user_id, sent.email, passwordHash));
        if (!user) throw invalidLink();
        await retireEmailTokens(tx, user.id, 'reset');
        await markAccepted(tx, user.id);
      });
    },
  };

  async function sendReset(email: string, log: FastifyBaseLogger): Promise<void> {
    const user = await users.findByEmail(db, email);
    if (!user?.registered) return;
    const token = await issueEmailToken(db, user, 'reset');
    const url = `${config.publicUrl}/reset-password?token=${token}`;
    await deliver(
      resetMessage({ to: user.email, name: user.display_name, url, language: languageOfPerson(user) }),
      url,
      'password reset e-mail',
      log,
    );
  }
}

export type VerificationService = ReturnType<typeof createVerificationService>;
