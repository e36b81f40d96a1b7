import { describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { registration, uniqueEmail } from '../support/users';

export function registerSuite(ctx: TestContext): void {
  const register = (payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/users/register', payload });
  const countUsers = async (email: string) => {
    const { rows } = await ctx.db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email]);
    return rows.length;
  };

  describe('POST /api/users/register', () => {
    it('creates the account and answers 201 with the user and a token; display name is the first name', async () => {
      const payload = registration({ first_name: 'Petra', last_name: 'Svobodova' });
      const response = await register(payload);
      expect(response.statusCode).toBe(201);
      const user = expectContract(response, 'registerUser');
      expect(user).toMatchObject({
        email: payload.email,
        first_name: 'Petra',
        last_name: 'Svobodova',
        display_name: 'Petra',
        name: 'Petra',
        registered: true,
      });
      expect(user.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(user).not.toHaveProperty('password_hash');
      expect(user).not.toHaveProperty('password');
    });

    it('stores the password as an argon2id hash with the OWASP parameters, never the password', async () => {
      const payload = registration();
      await register(payload);
      const { rows } = await ctx.db.query<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE email = $1',
        [payload.email],
      );
      expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(rows[0]!.password_hash).not.toContain(payload.password);
    });

    it('refuses a wrong passphrase with 403 and its message, and creates nothing', async () => {
      const payload = registration({ passphrase: 'not the passphrase' });
      const response = await register(payload);
      expect(response.statusCode).toBe(403);
      expect(expectContract(response, 'registerUser')).toEqual({
        code: 'WRONG_PASSPHRASE',
        message: 'The registration passphrase is incorrect.',
      });
      expect(await countUsers(payload.email)).toBe(0);
    });

    it('checks the passphrase before revealing that an e-mail is registered', async () => {
      const payload = registration();
      await register(payload);
      const response = await register({ ...payload, passphrase: 'wrong' });
      expect(response.statusCode).toBe(403);
    });

    it('refuses an e-mail that already has an account, whatever its case, with 409', async () => {
      const payload = registration();
      expect((await register(payload)).statusCode).toBe(201);
      const response = await register({
        ...payload,
        email: payload.email.toUpperCase(),
        first_name: 'Other',
      });
      expect(response.statusCode).toBe(409);
      expect(expectContract(response, 'registerUser')).toEqual({
        code: 'EMAIL_TAKEN',
        message: 'An account with this e-mail already exists.',
      });
      expect(await countUsers(payload.email)).toBe(1);
    });

    it('two simultaneous registrations of one e-mail create one account', async () => {
      const payload = registration();
      const responses = await Promise.all([register(payload), register(payload), register(payload)]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
      expect(await countUsers(payload.email)).toBe(1);
    });

    it('answers 400 with a readable message per invalid field and writes nothing', async () => {
      const email = `not-an-email-${crypto.randomUUID()}`;
      const response = await register({
        email,
        first_name: 'J',
        last_name: '',
        password: 'short',
        passphrase: '',
      });
      expect(response.statusCode).toBe(400);
      const body = expectContract(response, 'registerUser');
      expect(body.message).toBe('Please check the highlighted fields.');
      expect(body.errors).toEqual([
        { field: 'email', message: 'Please enter a valid email address' },
        { field: 'first_name', message: 'first_name must be at least 2 characters' },
        { field: 'last_name', message: 'last_name is required' },
        { field: 'password', message: 'password must be at least 8 characters' },
        { field: 'passphrase', message: 'passphrase is required' },
      ]);
      expect(await countUsers(email)).toBe(0);
    });

    it('names a missing field and a field of the wrong type', async () => {
      const { first_name: _dropped, ...payload } = registration({ last_name: 42 });
      const body = expectContract(await register(payload), 'registerUser');
      expect(body.errors).toEqual([
        { field: 'first_name', message: 'first_name is required' },
        { field: 'last_name', message: 'last_name must be text' },
      ]);
    });

    it('a name of spaces does not count as a name: it is required, as the form says of a blank one', async () => {
      const payload = registration({ first_name: '   ' });
      const body = expectContract(await register(payload), 'registerUser');
      expect(body.errors).toEqual([{ field: 'first_name', message: 'first_name is required' }]);
      expect(await countUsers(payload.email)).toBe(0);
    });

    it('an invited person who registers keeps their id, so what was recorded for them stays theirs', async () => {
      const email = uniqueEmail('invited');
      const { rows } = await ctx.db.query<{ id: string }>(
        `INSERT INTO users (email, first_name, display_name, registered) VALUES ($1, 'Invited', 'invited', false)
         RETURNING id`,
        [email],
      );
      const invitedId = rows[0]!.id;
      const response = await register(
        registration({ email: email.toUpperCase(), first_name: 'Karel', last_name: 'Dvorak' }),
      );
      expect(response.statusCode).toBe(201);
      expect(expectContract(response, 'registerUser')).toMatchObject({
        id: invitedId,
        first_name: 'Karel',
        display_name: 'Karel',
        registered: true,
      });
      expect(await countUsers(email)).toBe(1);
    });
  });
}
