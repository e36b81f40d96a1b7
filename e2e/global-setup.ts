// The browser tests' mailbox: an SMTP server the app under test sends to (SMTP_URL in playwright.config.ts).
// Every message is appended to a file in the run's data folder, where the tests' workers read links from.
import { appendFileSync, writeFileSync } from 'node:fs';
import { startSmtpSink } from '../packages/server/test/support/smtp';
import { mailboxFile, smtpPort } from './mailbox';

export default async function globalSetup() {
  writeFileSync(mailboxFile(), '');
  const sink = await startSmtpSink({
    port: smtpPort(),
    onMail: (mail) =>
      appendFileSync(mailboxFile(), `${JSON.stringify({ to: mail.to, text: mail.decoded })}\n`),
  });
  return () => sink.close();
}
