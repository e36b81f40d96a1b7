import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import { sendInvitations } from '../../src/users/invite';
import { findByEmail } from '../../src/users/repo';
import type { TestContext } from '../support/context';
import { captureLogs } from '../support/logs';
import { type SmtpSink, startSmtpSink } from '../support/smtp';
import { bearer, registerUser, registration, uniqueEmail, verifyEmailOf } from '../support/users';

const PUBLIC_URL = 'https://kitty.example.test';
const MAIL_FROM = 'Kitty <kitty@example.test>';

/** A local port where nothing listens: sending mail there fails at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export function inviteSuite(ctx: TestContext): void {
  let sink: SmtpSink;
  let app: FastifyInstance;

  const invite = (on: FastifyInstance, token: string, payload: Record<string, unknown>) =>
    on.inject({ method: 'POST', url: '/api/users/invite', headers: bearer(token), payload });
  const invitationsOf = async (userId: string) =>
    (
      await ctx.db.query<{
        invited_by: string;
        email: string;
        sent_at: Date | null;
        accepted_at: Date | null;
      }>('SELECT invited_by, email, sent_at, accepted_at FROM invitations WHERE user_id = $1', [userId])
    ).rows;

  describe('invite: POST /api/users/invite', () => {
    beforeAll(async () => {
      sink = await startSmtpSink();
      app = await ctx.buildApp({ SMTP_URL: sink.url, MAIL_FROM, PUBLIC_URL });
    });
    afterAll(async () => {
      await sink?.close();
    });

    it('creates a not-registered person (201) named from the given name, invited by the caller', async () => {
      const me = await registerUser(app);
      const email = uniqueEmail('karel');
      const response = await invite(app, me.token, { email, name: '  Karel  Novy Jr ' });
      expect(response.statusCode, response.body).toBe(201);
      const person = expectContract(response, 'inviteUser');
      expect(person).toEqual({
        id: expect.any(String),
        email,
        first_name: 'Karel',
        last_name: 'Novy Jr',
        display_name: 'Karel Novy Jr',
        name: 'Karel Novy Jr',
        registered: false,
      });
      const { rows } = await ctx.db.query<{ invited_by: string; password_hash: string | null }>(
        'SELECT invited_by, password_hash FROM users WHERE id = $1',
        [person.id],
      );
      expect(rows).toEqual([{ invited_by: me.user.id, password_hash: null }]);
    });

    it('without a name, the display name is the part of the address before the @', async () => {
      const me = await registerUser(app);
      const email = uniqueEmail('lenka.mala');
      const person = expectContract(await invite(app, me.token, { email, name: null }), 'inviteUser');
      expect(person).toMatchObject({ first_name: '', last_name: '', display_name: email.split('@')[0] });
    });

    it('e-mails the invitation through SMTP: recipient, sender, subject and body name the inviter and link to /register', async () => {
      const me = await registerUser(app, { first_name: 'Vera', last_name: 'Hruba' });
      const email = uniqueEmail('mailed');
      const person = expectContract(await invite(app, me.token, { email, name: 'Dana' }), 'inviteUser');

      const mail = await sink.waitFor((m) => m.to.includes(email));
      expect(mail.to).toEqual([email]);
      expect(mail.from).toBe('kitty@example.test');
      expect(mail.raw).toMatch(/^From: Kitty <kitty@example\.test>/m);
      expect(mail.subject).toBe('Vera invited you to Kitty');
      expect(mail.decoded).toContain('Hello Dana,');
      expect(mail.decoded).toContain(`Vera (${me.email}) added you to Kitty`);
      expect(mail.decoded).toContain(`${PUBLIC_URL}/register`);
      expect(mail.raw).toMatch(/Content-Type: text\/plain/);
      expect(mail.raw).toMatch(/Content-Type: text\/html/);

      const [invitation] = await invitationsOf(person.id);
      expect(invitation).toMatchObject({ invited_by: me.user.id, email, accepted_at: null });
      expect(invitation?.sent_at).toBeInstanceOf(Date);
    });

    it('escapes names in the HTML part of the e-mail', async () => {
      const me = await registerUser(app, { first_name: '<b>Eve</b>' });
      const email = uniqueEmail('escaped');
      await invite(app, me.token, { email, name: '<img src=x onerror=alert(1)>' });
      const mail = await sink.waitFor((m) => m.to.includes(email));
      const html = mail.decoded.slice(mail.decoded.search(/Content-Type: text\/html/));
      expect(html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(html).not.toContain('<b>Eve</b>');
      expect(html).not.toContain('<img');
    });

    it('sendInvitations (used by group forms) names the group and records sent_at', async () => {
      const me = await registerUser(app, { first_name: 'Gita' });
      const email = uniqueEmail('grouped');
      const person = expectContract(await invite(app, me.token, { email }), 'inviteUser');
      await sink.waitFor((m) => m.to.includes(email));
      const [{ id: invitationId }] = (
        await ctx.db.query<{ id: string }>(
          'INSERT INTO invitations (user_id, email, invited_by) VALUES ($1, $2, $3) RETURNING id',
          [person.id, email, me.user.id],
        )
      ).rows as [{ id: string }];
      await sendInvitations(
        app.ctx,
        app.mailer,
        (await findByEmail(ctx.db, me.email))!,
        [{ invitationId, email, name: 'Hana', groupName: 'Chata & <Lake>' }],
        app.log,
      );
      const mail = await sink.waitFor((m) => m.to.includes(email) && m.decoded.includes('Hello Hana'));
      expect(mail.decoded).toContain('Gita (');
      expect(mail.decoded).toContain('added you to the group "Chata & <Lake>" on Kitty');
      expect(mail.decoded).toContain('added you to the group "Chata &amp; &lt;Lake&gt;" on Kitty');
      const { rows } = await ctx.db.query<{ sent_at: Date | null }>(
        'SELECT sent_at FROM invitations WHERE id = $1',
        [invitationId],
      );
      expect(rows[0]?.sent_at).toBeInstanceOf(Date);
    });

    it('answers an existing registered person as they are (200), whatever the case, and sends nothing', async () => {
      const me = await registerUser(app);
      const other = await registerUser(app, { first_name: 'Rita' });
      // Registering sent each their verification link; nothing after those.
      for (const email of [me.email, other.email]) await sink.waitFor((m) => m.to.includes(email));
      const before = sink.received.length;
      const response = await invite(app, me.token, {
        email: other.email.toUpperCase(),
        name: 'Someone Else',
      });
      expect(response.statusCode).toBe(200);
      expect(expectContract(response, 'inviteUser')).toMatchObject({
        id: other.user.id,
        email: other.email,
        display_name: 'Rita',
        registered: true,
      });
      expect(await invitationsOf(other.user.id)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(sink.received.length).toBe(before);
    });

    it('inviting the same address twice keeps one person; registering with it keeps the id, verifying accepts the invitation', async () => {
      const me = await registerUser(app);
      const email = uniqueEmail('later');
      const first = expectContract(await invite(app, me.token, { email, name: 'Pavla' }), 'inviteUser');
      const again = await invite(app, me.token, { email, name: 'Other Name' });
      expect(again.statusCode).toBe(200);
      expect(expectContract(again, 'inviteUser')).toMatchObject({ id: first.id, display_name: 'Pavla' });
      expect(await invitationsOf(first.id)).toHaveLength(1);

      const registered = await app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: registration({ email: email.toUpperCase(), first_name: 'Pavla', last_name: 'Mala' }),
      });
      expect(registered.statusCode, registered.body).toBe(201);
      expect(expectContract(registered, 'registerUser')).toMatchObject({ id: first.id, registered: true });
      expect((await invitationsOf(first.id))[0]?.accepted_at).toBeNull();
      await verifyEmailOf(app, first);
      const [invitation] = await invitationsOf(first.id);
      expect(invitation?.accepted_at).toBeInstanceOf(Date);
    });

    it('refuses an invalid address with "Please enter a valid email address" and creates nothing', async () => {
      const me = await registerUser(app);
      for (const email of ['nobody', 'a@b', 'x y@example.com', '']) {
        const response = await invite(app, me.token, { email });
        expect(response.statusCode, email).toBe(400);
        expect(expectContract(response, 'inviteUser').errors).toEqual([
          { field: 'email', message: 'Please enter a valid email address' },
        ]);
      }
      const { rows } = await ctx.db.query('SELECT 1 FROM users WHERE invited_by = $1', [me.user.id]);
      expect(rows).toEqual([]);
    });

    it('when the mail server cannot be reached, the person is still created, the failure logged, sent_at left empty', async () => {
      const logs = captureLogs();
      const broken = await ctx.buildApp(
        { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, LOG_LEVEL: 'info' },
        { logStream: logs.stream },
      );
      const me = await registerUser(broken);
      const email = uniqueEmail('unlucky');
      const response = await invite(broken, me.token, { email, name: 'Ulrika' });
      expect(response.statusCode).toBe(201);
      const person = expectContract(response, 'inviteUser');
      expect(await invitationsOf(person.id)).toEqual([expect.objectContaining({ sent_at: null })]);
      const failure = logs.lines.find((line) => line.msg === `invitation to ${email} could not be sent`);
      expect(failure?.level).toBe(50);
      expect(JSON.stringify(logs.lines)).not.toContain('added you to Kitty');
    });

    it('without SMTP_URL the invitation is only logged ("invitation for <email>", info), never the message', async () => {
      const logs = captureLogs();
      const quiet = await ctx.buildApp({ LOG_LEVEL: 'info' }, { logStream: logs.stream });
      const me = await registerUser(quiet);
      const email = uniqueEmail('logged');
      const person = expectContract(await invite(quiet, me.token, { email }), 'inviteUser');
      const line = logs.lines.find((l) => l.msg === `invitation for ${email}`);
      expect(line?.level).toBe(30);
      expect(JSON.stringify(logs.lines)).not.toContain('added you to Kitty');
      expect(await invitationsOf(person.id)).toEqual([expect.objectContaining({ sent_at: null })]);
    });

    it('requires a signed-in caller and creates nothing without one', async () => {
      const email = uniqueEmail('anon');
      const response = await app.inject({ method: 'POST', url: '/api/users/invite', payload: { email } });
      expect(response.statusCode).toBe(401);
      expectContract(response, 'inviteUser');
      const { rows } = await ctx.db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email]);
      expect(rows).toEqual([]);
    });
  });
}
