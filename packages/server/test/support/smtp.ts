import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message as it arrived (headers and MIME body). */
  raw: string;
  subject: string;
  /** The raw message with quoted-printable soft breaks and escapes undone: for "contains" checks. */
  decoded: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`: give it to the app as SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** The first message (already arrived or arriving within `timeoutMs`) that `match` accepts. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A local SMTP server on 127.0.0.1 and a random port (or `port`) that keeps every message it is given;
 * `onMail` hears each as it arrives (the browser tests write them to a file their workers read).
 * No TLS and no authentication: it only ever talks to the app under test.
 */
export async function startSmtpSink(
  options: { port?: number; onMail?: (mail: ReceivedMail) => void } = {},
): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          subject: decodeHeader(/^Subject: (.*(?:\r\n[ \t].*)*)/im.exec(raw)?.[1] ?? ''),
          decoded: decodeQuotedPrintable(raw),
        };
        received.push(mail);
        options.onMail?.(mail);
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const mail = received.find(match);
          if (!mail) return false;
          waiters.delete(look);
          clearTimeout(timer);
          resolve(mail);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(`no matching e-mail within ${timeoutMs} ms (${received.length} received)`));
        }, timeoutMs);
        if (!look()) waiters.add(look);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Unfolds a header and decodes RFC 2047 words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
function decodeHeader(value: string): string {
  return value
    .replace(/\r\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    )
    .trim();
}
