import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import { sendInvitations } from '../../src/users/invite';
import { findByEmail } from '../../src/users/repo';
import type { TestContext } from '../support/context';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from '../support/smtp';
import { bearer, registration, uniqueEmail, verifyEmailOf } from '../support/users';

const PUBLIC_URL = 'https://kitty.example.test';
const CZECH_BROWSER = 'cs-CZ,cs;q=0.9,en-US;q=0.8,en;q=0.7';
const GERMAN_BROWSER = 'de-DE,de;q=0.9';

/** Words that would give an English sentence away inside a Czech e-mail. */
const ENGLISH_WORDS =
  /\b(Hello|Please|Confirm|Choose|password|account|address|link|invited|added|group|ignore|Create|If you)\b/;

/** One part of a MIME message, decoded (quoted-printable or base64), by its content type. */
function part(mail: ReceivedMail, type: 'text/plain' | 'text/html'): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(mail.raw)?.[1];
  const parts = boundary ? mail.raw.split(`--${boundary}`) : [mail.raw];
  const found = parts.find((p) => new RegExp(`^Content-Type: ${type}`, 'im').test(p));
  if (!found) throw new Error(`the e-mail has no ${type} part`);
  const split = found.search(/\r?\n\r?\n/);
  const headers = found.slice(0, split);
  const body = found.slice(split).trim();
  const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The plain-text part with its line breaks as "\n" and the link token replaced by "…". */
const textOf = (mail: ReceivedMail) =>
  part(mail, 'text/plain')
    .replace(/\r\n/g, '\n')
    .replace(/token=[A-Za-z0-9_-]+/g, 'token=…');

const contentLanguage = (mail: ReceivedMail) => /^Content-Language: (.*)$/im.exec(mail.raw)?.[1]?.trim();

/**
 * E-mails in the recipient's language (openapi.yaml, info): the account's chosen language, else the one its
 * browser last asked for at registration or sign-in, else English; an invitation to an address without an
 * account in the inviter's language.
 */
export function mailLanguageSuite(ctx: TestContext): void {
  let sink: SmtpSink;
  let app: FastifyInstance;

  const register = async (headers: Record<string, string> = {}, overrides: Record<string, unknown> = {}) => {
    const payload = registration(overrides);
    const before = sink.received.length;
    const response = await app.inject({ method: 'POST', url: '/api/users/register', payload, headers });
    expect(response.statusCode, response.body).toBe(201);
    const user = expectContract(response, 'registerUser');
    // The verification e-mail goes out after the answer: wait for it, so that it is not taken for a later one.
    const mail = await nextMail(payload.email, before);
    return { user, token: user.token as string, email: payload.email, password: payload.password, mail };
  };
  type Person = Awaited<ReturnType<typeof register>>;
  const signIn = async (person: Person, headers: Record<string, string> = {}) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: person.email, password: person.password },
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const choose = async (person: Person, language: string | null) => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/account-settings',
      headers: bearer(person.token),
      payload: { currency: 'EUR', defaultSplit: 'equal', language },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** The next e-mail to `email` after `after` messages have arrived. */
  const nextMail = (email: string, after: number) =>
    sink.waitFor((m) => m.to.includes(email) && sink.received.indexOf(m) >= after);
  /** Asks for a password reset (with `headers`) and answers the e-mail it sends. */
  const resetMail = async (person: Person, headers: Record<string, string> = {}) => {
    const before = sink.received.length;
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: person.email },
      headers,
    });
    expect(response.statusCode).toBe(202);
    return nextMail(person.email, before);
  };
  const resendMail = async (person: Person) => {
    const before = sink.received.length;
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      headers: bearer(person.token),
      payload: {},
    });
    expect(response.statusCode).toBe(204);
    return nextMail(person.email, before);
  };

  describe('e-mails in the recipient language', () => {
    beforeAll(async () => {
      sink = await startSmtpSink();
      app = await ctx.buildApp({ SMTP_URL: sink.url, PUBLIC_URL });
    });
    afterAll(async () => {
      await sink?.close();
    });

    it('registering from a Czech browser sends the verification e-mail in Czech, whole, and its link works', async () => {
      const me = await register({ 'accept-language': CZECH_BROWSER });
      const { mail } = me;
      expect(mail.subject).toBe('Potvrďte svou e-mailovou adresu pro Kitty');
      expect(contentLanguage(mail)).toBe('cs');
      expect(textOf(mail)).toBe(
        [
          'Dobrý den,',
          '',
          `Potvrďte prosím, že ${me.email} je vaše e-mailová adresa. Dokud ji nepotvrdíte, Kitty vám neukáže nic, co s touto adresou sdíleli ostatní.`,
          '',
          'Potvrdit e-mailovou adresu:',
          `${PUBLIC_URL}/verify-email?token=…`,
          '',
          'Odkaz platí 48 hodin. Pokud jste si účet v Kitty nezakládali, můžete tento e-mail ignorovat.',
        ].join('\n'),
      );
      const html = part(mail, 'text/html');
      expect(html).toContain('<html lang="cs">');
      expect(html).toContain('>Potvrdit e-mailovou adresu</a>');
      expect(textOf(mail)).not.toMatch(ENGLISH_WORDS);
      expect(html.replace(/<[^>]*>/g, ' ')).not.toMatch(ENGLISH_WORDS);

      const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(part(mail, 'text/plain'))?.[1];
      const verified = await app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token },
      });
      expect(verified.statusCode).toBe(204);
    });

    it('registering from a browser that asks for no language Kitty speaks, or for none, sends English', async () => {
      const browsers: Record<string, string>[] = [
        { 'accept-language': GERMAN_BROWSER },
        {},
        { 'accept-language': '*' },
      ];
      for (const headers of browsers) {
        const { mail } = await register(headers);
        expect(mail.subject, JSON.stringify(headers)).toBe('Confirm your e-mail address for Kitty');
        expect(contentLanguage(mail)).toBe('en');
        expect(textOf(mail)).toMatch(/^Hello Jana,\n\nPlease confirm that /);
        expect(part(mail, 'text/html')).toContain('<html lang="en">');
      }
    });

    it('the reset e-mail follows the language the browser asked for at the last sign-in that said one', async () => {
      const me = await register({ 'accept-language': 'en-US' });
      await verifyEmailOf(app, me.user);
      expect((await resetMail(me)).subject).toBe('Reset your Kitty password');

      await signIn(me, { 'accept-language': CZECH_BROWSER });
      const czech = await resetMail(me);
      expect(czech.subject).toBe('Obnovení hesla do Kitty');
      expect(contentLanguage(czech)).toBe('cs');
      expect(textOf(czech)).toBe(
        [
          'Dobrý den,',
          '',
          'Někdo (doufejme, že vy) požádal o obnovení hesla k vašemu účtu v Kitty.',
          '',
          'Zvolit nové heslo:',
          `${PUBLIC_URL}/reset-password?token=…`,
          '',
          'Odkaz platí jednu hodinu a jen jednou. Pokud jste o obnovení nežádali, tento e-mail ignorujte: vaše heslo zůstane beze změny.',
        ].join('\n'),
      );
      expect(part(czech, 'text/html')).toContain('>Zvolit nové heslo</a>');

      // A sign-in that names no language (a script, the CLI) keeps what the browser said before.
      await signIn(me);
      expect((await resetMail(me)).subject).toBe('Obnovení hesla do Kitty');
      // A browser asking only for languages Kitty does not speak gets English.
      await signIn(me, { 'accept-language': GERMAN_BROWSER });
      expect((await resetMail(me)).subject).toBe('Reset your Kitty password');
    });

    it('whoever asks for a reset cannot change the language of the e-mail it sends', async () => {
      const me = await register();
      await verifyEmailOf(app, me.user);
      const mail = await resetMail(me, { 'accept-language': CZECH_BROWSER });
      expect(mail.subject).toBe('Reset your Kitty password');
      expect((await resetMail(me)).subject).toBe('Reset your Kitty password');
    });

    it('the language chosen in Account beats the browser; null follows the browser again', async () => {
      const czechBrowser = await register({ 'accept-language': CZECH_BROWSER }, { first_name: 'Olga' });
      await choose(czechBrowser, 'en');
      const english = await resendMail(czechBrowser);
      expect(english.subject).toBe('Confirm your e-mail address for Kitty');
      expect(textOf(english)).toMatch(/^Hello Olga,/);
      await choose(czechBrowser, null);
      expect((await resendMail(czechBrowser)).subject).toBe('Potvrďte svou e-mailovou adresu pro Kitty');

      const englishBrowser = await register({ 'accept-language': 'en-GB,en;q=0.9' });
      await verifyEmailOf(app, englishBrowser.user);
      await choose(englishBrowser, 'cs');
      // A sign-in from an English browser does not undo the choice.
      await signIn(englishBrowser, { 'accept-language': 'en-GB' });
      expect((await resetMail(englishBrowser)).subject).toBe('Obnovení hesla do Kitty');
    });

    it('an invitation to an address without an account is written in the inviter language, whole', async () => {
      const inviter = await register({}, { first_name: 'Věra' });
      await verifyEmailOf(app, inviter.user);
      await choose(inviter, 'cs');
      const email = uniqueEmail('pozvany');
      const before = sink.received.length;
      const response = await app.inject({
        method: 'POST',
        url: '/api/users/invite',
        headers: bearer(inviter.token),
        payload: { email, name: 'Dana' },
      });
      expect(response.statusCode, response.body).toBe(201);
      const mail = await nextMail(email, before);
      expect(mail.subject).toBe('Věra vás zve do Kitty');
      expect(contentLanguage(mail)).toBe('cs');
      expect(textOf(mail)).toBe(
        [
          'Dobrý den,',
          '',
          `Věra (${inviter.email}) vás zve do aplikace Kitty, ve které si přátelé zapisují společné výdaje a vyrovnávají se.`,
          '',
          `Založte si účet s touto e-mailovou adresou (${email}) a uvidíte, co spolu sdílíte:`,
          `${PUBLIC_URL}/register`,
          '',
          'Pokud uživatele Věra neznáte, můžete tento e-mail ignorovat.',
        ].join('\n'),
      );
      const html = part(mail, 'text/html');
      expect(html).toContain('<html lang="cs">');
      expect(html).toContain('<strong>Věra</strong>');
      expect(html).toContain(`<a href="${PUBLIC_URL}/register">Založit účet v Kitty</a>`);
      expect(html.replace(/<[^>]*>/g, ' ')).not.toMatch(ENGLISH_WORDS);
    });

    it('a group form invites in the language the inviter browser asked for', async () => {
      const inviter = await register({ 'accept-language': CZECH_BROWSER }, { first_name: 'Gita' });
      await verifyEmailOf(app, inviter.user);
      const email = uniqueEmail('chata');
      const before = sink.received.length;
      const response = await app.inject({
        method: 'POST',
        url: '/api/groups',
        headers: bearer(inviter.token),
        payload: { name: 'Chata', currency: 'CZK', members: [{ email, display_name: 'Hana' }] },
      });
      expect(response.statusCode, response.body).toBe(201);
      const mail = await nextMail(email, before);
      expect(mail.subject).toBe('Gita vás zve do Kitty');
      expect(textOf(mail)).toContain(`Gita (${inviter.email}) vás zve do aplikace Kitty, `);
    });

    it('an invitation that names its group says it in Czech, escaped in the HTML', async () => {
      const inviter = await register({ 'accept-language': CZECH_BROWSER }, { first_name: 'Gita' });
      const email = uniqueEmail('jezero');
      const { rows } = await ctx.db.query<{ id: string }>(
        `WITH person AS (
           INSERT INTO users (email, registered, invited_by) VALUES ($1, false, $2) RETURNING id
         )
         INSERT INTO invitations (user_id, email, invited_by) SELECT id, $1, $2 FROM person RETURNING id`,
        [email, inviter.user.id],
      );
      const invitationId = rows[0]?.id as string;
      const found = await findByEmail(ctx.db, inviter.email);
      if (!found) throw new Error('the inviter vanished');
      await sendInvitations(
        app.ctx,
        app.mailer,
        found,
        [{ invitationId, email, name: 'Hana', groupName: 'Chata & <Lake>' }],
        app.log,
      );
      const mail = await sink.waitFor((m) => m.to.includes(email));
      expect(textOf(mail)).toContain(
        `Gita (${inviter.email}) vás zve do skupiny „Chata & <Lake>“ v aplikaci Kitty, ve které si přátelé zapisují společné výdaje a vyrovnávají se.`,
      );
      const html = part(mail, 'text/html');
      expect(html).toContain('do skupiny „Chata &amp; &lt;Lake&gt;“ v aplikaci Kitty');
      expect(html).not.toContain('<Lake>');
    });

    it('an inviter who never said a language invites in English', async () => {
      const inviter = await register({}, { first_name: 'Karel' });
      await verifyEmailOf(app, inviter.user);
      const email = uniqueEmail('invited');
      const before = sink.received.length;
      await app.inject({
        method: 'POST',
        url: '/api/users/invite',
        headers: bearer(inviter.token),
        payload: { email, name: 'Dana' },
      });
      const mail = await nextMail(email, before);
      expect(mail.subject).toBe('Karel invited you to Kitty');
      expect(contentLanguage(mail)).toBe('en');
      expect(textOf(mail)).toMatch(/^Hello Dana,\n\nKarel \(/);
    });
  });
}
