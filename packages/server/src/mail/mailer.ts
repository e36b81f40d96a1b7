import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The language it is written in, sent as its Content-Language header ("en", "cs"). */
  language?: string;
}

/**
 * Sends e-mail through SMTP_URL, or, without one, only logs that a message was due. `send` never throws:
 * a mail failure must not fail the request that caused it. It resolves true only when the SMTP server
 * accepted the message.
 */
export interface Mailer {
  /** `label` names the message in the logs ("invitation"); the message itself is never logged. */
  send(message: MailMessage, label: string, log: FastifyBaseLogger): Promise<boolean>;
  close(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one mailer (SMTP_URL, or log lines), closed with the app. */
    mailer: Mailer;
  }
}

// A slow or dead mail server delays the request that sends by at most about this much.
const TIMEOUT_MS = 10_000;

export function createMailer(settings: { smtpUrl: string | null; mailFrom: string }): Mailer {
  const { smtpUrl, mailFrom } = settings;
  if (!smtpUrl) {
    return {
      async send(message, label, log) {
        log.info({ to: message.to }, `${label} for ${message.to}`);
        return false;
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  return {
    async send(message, label, log) {
      try {
        const { language, ...content } = message;
        await transport.sendMail({
          from: mailFrom,
          ...content,
          subject: oneLine(content.subject),
          ...(language ? { headers: { 'Content-Language': language } } : {}),
        });
        log.info({ to: message.to }, `${label} sent to ${message.to}`);
        return true;
      } catch (err) {
        log.error({ err, to: message.to }, `${label} to ${message.to} could not be sent`);
        return false;
      }
    },
    close() {
      transport.close();
    },
  };
}

/** A header never spans lines, whatever a person typed as their name. */
function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').trim();
}
